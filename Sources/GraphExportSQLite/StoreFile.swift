package import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files graphexport reads for a store, checked and chosen so that the store is only ever read,
/// in one consistent state, and so that a path that holds no store fails with an error naming it.
///
/// - The store must be a regular, non-empty file, and its `-wal` and `-journal`, when they exist,
///   regular files. Each is looked at with `stat` before anything opens it (opening a FIFO blocks).
/// - A store in WAL mode, or with a `-wal` beside it, is read from a private copy of the store and
///   its `-wal` that ``WALCopy`` makes consistent; a log SQLite would drop in part or in whole is
///   reported, and a log of another database is refused.
/// - A store in rollback-journal mode is read in place, read-only, in one read transaction (SQLite's
///   shared lock keeps writers from committing until the export ends); when its `-journal` is hot,
///   from a private copy that SQLite rolls back (``HotJournal``).
///
/// A private copy lives in a ``PrivateFolder``, removed once this value and every connection
/// ``open()`` made are released.
package final class StoreFile {
    private let storePath: String
    private let openPath: String
    private let busyTimeout: Duration
    private let folder: PrivateFolder?

    /// Checks the store's files and makes a private copy when one is needed; what a reader should
    /// know (a log or journal SQLite drops) goes to `onWarning`.
    package init(storePath: String, options: StoreOpenOptions = .init(), onWarning: WarningHandler = { _ in }) throws {
        self.storePath = storePath
        busyTimeout = options.busyTimeout
        let header = try Self.checkStore(storePath)
        let walPath = storePath + "-wal"
        let journalPath = storePath + "-journal"
        let hasWAL = try Self.sideFileExists(walPath)
        let hasJournal = try Self.sideFileExists(journalPath)
        if hasWAL || header.isWALMode {
            let folder = try PrivateFolder(for: storePath)
            if let (log, writing) = try WALCopy.make(
                store: storePath, wal: walPath, into: folder, timeout: busyTimeout),
                let warning = try log.warning(path: walPath, storePageSize: header.pageSize, writing: writing)
            {
                onWarning(warning)
            }
            self.folder = folder
        } else if hasJournal {
            folder = try HotJournal.rolledBackCopy(
                store: storePath, journal: journalPath, timeout: busyTimeout, onWarning: onWarning)
        } else {
            folder = nil
        }
        openPath = folder?.storePath ?? storePath
    }

    /// Opens the connection to read the store through: read-only, waiting up to the busy timeout
    /// for another process's lock.
    package func open() throws -> SQLiteDatabase {
        try SQLiteDatabase(readOnly: openPath, displayPath: storePath, busyTimeout: busyTimeout, keeping: folder)
    }

    /// Fails unless the store is a regular, non-empty file; returns its header.
    private static func checkStore(_ path: String) throws -> DatabaseHeader {
        switch try FileStatus(path: path) {
        case .missing:
            throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(ENOENT)))
        case .other(let kind):
            throw SQLiteError.storeNotAFile(path: path, kind: kind)
        case .regular(let identity):
            guard identity.size > 0 else { throw SQLiteError.emptyStore(path: path) }
        }
        return try DatabaseHeader(path: path)
    }

    /// Whether the side file SQLite reads with the store exists; fails when it is not a regular file.
    private static func sideFileExists(_ path: String) throws -> Bool {
        switch try FileStatus(path: path) {
        case .missing: return false
        case .regular: return true
        case .other(let kind): throw SQLiteError.sideFileNotAFile(path: path, kind: kind)
        }
    }
}
