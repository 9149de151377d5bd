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

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil, path: String) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// A sentence naming the file, what SQLite said and the statement.
    public var description: String {
        var text = "\(path): SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
