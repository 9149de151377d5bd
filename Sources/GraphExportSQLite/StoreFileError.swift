/// A store whose files graphexport refuses to read, or cannot read while another process holds them
/// or in one consistent state, with what to do about it.
public enum StoreFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What a path that must be a regular file is instead.
    public enum FileKind: String, Sendable, Hashable {
        case directory = "a directory"
        case fifo = "a FIFO"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case unknown = "not a regular file"
    }

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

    /// A sentence naming the file and saying what the user can do.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(path): cannot read the store: \(reason)"
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
            let wait = waited == .zero ? "did not wait: the busy timeout is 0" : "waited \(Self.seconds(waited))"
            return
                "\(path): another process holds a lock on this file (\(wait)): try again when it has finished writing, or wait longer with --busy-timeout SECONDS"
        case .journalBecameHot(let path):
            return
                "\(path)-journal: a process writing the store stopped while graphexport opened it, leaving an unfinished transaction: run graphexport again to read the store as it was before that transaction"
        case .walOfAnotherDatabase(let path, let walPageSize, let storePageSize):
            return
                "\(path): this write-ahead log has pages of \(walPageSize) bytes but the store has pages of \(storePageSize) bytes, so it belongs to another database: move it away to read the store without it"
        case .walVersionUnknown(let path, let version):
            return
                "\(path): the write-ahead log has format version \(version), which SQLite does not read (it reads \(WALHeader.formatVersion))"
        case .walKeepsChanging(let path, let attempts):
            return
                "\(path): a checkpoint restarted the write-ahead log during each of \(attempts) attempts to copy it with the store, so no consistent copy was made: try again when the app writes less, or export a copy made with sqlite3's .backup"
        }
    }

    /// `5 s`, `0.25 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}
