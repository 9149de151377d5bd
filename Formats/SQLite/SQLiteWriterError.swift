/// Why the SQLite format could not write its database.
public enum SQLiteWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The private temporary database could not be made or read in `directory`.
    case temporaryFileFailed(directory: String, reason: String)
    /// SQLite refused a statement: its extended result code, its message and the SQL.
    case sqliteFailed(code: Int32, message: String, sql: String)
    /// Two objects of one table have one key (docs/RELATIONAL.md, *The key*).
    case duplicateKey(table: String, key: Int64, id: String)

    /// One sentence that names what failed.
    public var description: String {
        switch self {
        case .temporaryFileFailed(let directory, let reason):
            "cannot write the SQLite database's temporary file in \(directory): \(reason); set TMPDIR to a "
                + "folder with room"
        case .sqliteFailed(let code, let message, let sql):
            "SQLite error \(code) writing the database: \(message) (in: \(sql))"
        case .duplicateKey(let table, let key, let id):
            "\(id): table \(table) already has a row with _pk \(key): two objects of one hierarchy have one key "
                + "(docs/RELATIONAL.md, 'The key')"
        }
    }
}
