public import GraphExport

/// A file that cannot be read as a plain SQLite database, with what to do about it; a command exits
/// with ``GraphExport/ExitStatus/failure``. (An option the database cannot honour is a
/// ``PlainSQLiteOptionError``.)
public enum PlainSQLiteError: ExitStatusError, Sendable, Hashable {
    /// The file cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file is not a SQLite database.
    case notADatabase(path: String)

    /// A sentence a user can act on, naming the database file first, as every message of this
    /// reader does.
    public var description: String {
        ErrorMessage.about(path, explanation)
    }

    /// The database file, as the caller named it.
    private var path: String {
        switch self {
        case .cannotRead(let path, _), .notADatabase(let path):
            return path
        }
    }

    /// What is wrong with the database, or with an option given for it, and what to do.
    private var explanation: String {
        switch self {
        case .cannotRead(_, let reason):
            return "cannot read the database: \(reason)"
        case .notADatabase:
            return "not a SQLite database"
        }
    }
}
