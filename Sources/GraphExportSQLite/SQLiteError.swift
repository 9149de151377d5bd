public import GraphExport

/// An SQLite store that cannot be read as asked, with what to do about it: a failure SQLite
/// reports, or store files graphexport refuses to read or cannot read while another process holds
/// them or in one consistent state. A command exits with ``GraphExport/ExitStatus/failure``. (An
/// expression choosing objects that cannot be used is a ``RowFilterError``.)
public enum SQLiteError: ExitStatusError, Sendable, Hashable {
    /// What a path that must be a regular file is instead.
    public enum FileKind: String, Sendable, Hashable {
        case directory = "a directory"
        case fifo = "a FIFO"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case unknown = "not a regular file"
    }

    /// SQLite failed: `code` is its extended result code, `message` its explanation, `sql` the
    /// statement that failed, if any, `path` the database file, and `subject` what was being
    /// read, in the database's own words (`table 'Track'`), when the reader knows.
    case failed(code: Int32, message: String, sql: String? = nil, path: String, subject: String? = nil)
    /// The file cannot be read.
    case cannotRead(path: String, reason: String)
    /// The store is not a regular file (it is never opened: a FIFO would block).
    case storeNotAFile(path: String, kind: FileKind)
    /// The store is an empty file, which SQLite would read as a database without tables.
    case emptyStore(path: String)
    /// The store's `-wal` or `-journal`, which SQLite reads with the store, is not a regular file.
    case sideFileNotAFile(path: String, kind: FileKind)
    /// Another process kept a lock on the store for longer than the busy timeout.
    case locked(path: String, waited: Duration)
    /// A rollback journal beside the store became hot (its writer was interrupted) while the
    /// store was being opened, after it had been checked.
    case journalBecameHot(path: String)
    /// The `-wal`'s page size is not the store's: it belongs to another database.
    case walOfAnotherDatabase(path: String, walPageSize: Int, storePageSize: Int)
    /// The `-wal` has a valid header with a format version SQLite does not read.
    case walVersionUnknown(path: String, version: UInt32)
    /// The `-wal` was restarted or truncated by a checkpoint during every attempt to copy it
    /// together with the store.
    case walKeepsChanging(path: String, attempts: Int)

    /// A sentence naming the file and saying what the user can do. SQLite's own failures are one
    /// line naming the file, what was being read and what SQLite said; the statement is left out: it
    /// is graphexport's own, and can run to kilobytes (``descriptionWithSQL`` has it).
    public var description: String {
        switch self {
        case .failed(let code, let message, _, let path, let subject):
            let reading = subject.map { "cannot read \($0): " } ?? ""
            return ErrorMessage.about(path, "\(reading)\(message) (SQLite error \(code))")
        case .cannotRead(let path, let reason):
            return ErrorMessage.about(path, "cannot read the store: \(reason)")
        case .storeNotAFile(let path, let kind):
            return "\(path) is \(kind.rawValue), not a file: give the path of the store's SQLite file"
        case .emptyStore(let path):
            return
                "\(path) is empty (0 bytes): not an SQLite database; check that this is the store file and that it was copied completely"
        case .sideFileNotAFile(let path, let kind):
            let role = path.hasSuffix("-wal") ? "write-ahead log" : "rollback journal"
            return
                "\(path) is \(kind.rawValue), not a file: SQLite would read it as the store's \(role); move it away if it is not the store's"
        case .locked(let path, let waited):
            let wait = waited == .zero ? "did not wait: the busy timeout is 0" : "waited \(waited.secondsText)"
            return ErrorMessage.about(
                path,
                "another process holds a lock on this file (\(wait)): try again when it has finished writing, "
                    + "or wait longer with --busy-timeout SECONDS")
        case .journalBecameHot(let path):
            return ErrorMessage.about(
                path + "-journal",
                "a process writing the store stopped while graphexport opened it, leaving an unfinished "
                    + "transaction: run graphexport again to read the store as it was before that transaction")
        case .walOfAnotherDatabase(let path, let walPageSize, let storePageSize):
            return ErrorMessage.about(
                path,
                "this write-ahead log has pages of \(walPageSize) bytes but the store has pages of \(storePageSize) "
                    + "bytes, so it belongs to another database: move it away to read the store without it")
        case .walVersionUnknown(let path, let version):
            return ErrorMessage.about(
                path,
                "the write-ahead log has format version \(version), which SQLite does not read "
                    + "(it reads \(WALHeader.formatVersion))")
        case .walKeepsChanging(let path, let attempts):
            return ErrorMessage.about(
                path,
                "a checkpoint restarted the write-ahead log during each of \(attempts) attempts to copy it with the "
                    + "store, so no consistent copy was made: try again when the app writes less, or export a copy "
                    + "made with sqlite3's .backup")
        }
    }

    /// ``description`` followed by the statement that failed, for a user who asks for it
    /// (`graphexport --verbose`).
    public var descriptionWithSQL: String {
        guard case .failed(_, _, let sql?, _, _) = self else { return description }
        return description + " in: " + sql
    }

    /// SQLite's extended result code, for a failure SQLite reported (``failed(code:message:sql:path:subject:)``).
    public var code: Int32? {
        guard case .failed(let code, _, _, _, _) = self else { return nil }
        return code
    }

    /// The database file concerned.
    public var path: String {
        switch self {
        case .failed(_, _, _, let path, _), .cannotRead(let path, _), .storeNotAFile(let path, _),
            .emptyStore(let path), .sideFileNotAFile(let path, _), .locked(let path, _), .journalBecameHot(let path),
            .walOfAnotherDatabase(let path, _, _), .walVersionUnknown(let path, _), .walKeepsChanging(let path, _):
            return path
        }
    }

    /// The same error, saying that it happened while reading `subject` unless it already says
    /// what; any error but a failure SQLite reported is returned as it is.
    public func reading(_ subject: @autoclosure () -> String) -> SQLiteError {
        guard case .failed(let code, let message, let sql, let path, nil) = self else { return self }
        return .failed(code: code, message: message, sql: sql, path: path, subject: subject())
    }
}
