/// A failure reported by SQLite, with its extended result code, its message and the SQL concerned.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's extended result code.
    public let code: Int32
    /// SQLite's explanation.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?
    /// The database file concerned.
    public let path: String
    /// What was being read, in the database's own words (`table 'Track'`), when the reader knows.
    public private(set) var subject: String?

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil, path: String, subject: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
        self.subject = subject
    }

    /// One line naming the file, what was being read and what SQLite said. The statement is left
    /// out: it is graphexport's own, and can run to kilobytes (``descriptionWithSQL`` has it).
    public var description: String {
        let reading = subject.map { "cannot read \($0): " } ?? ""
        return "\(path): \(reading)\(message) (SQLite error \(code))"
    }

    /// ``description`` followed by the statement that failed, for a user who asks for it
    /// (`graphexport --verbose`).
    public var descriptionWithSQL: String {
        sql.map { description + " in: " + $0 } ?? description
    }

    /// The same error, saying that it happened while reading `subject` unless it already says what.
    public func reading(_ subject: @autoclosure () -> String) -> SQLiteError {
        guard self.subject == nil else { return self }
        var error = self
        error.subject = subject()
        return error
    }
}
