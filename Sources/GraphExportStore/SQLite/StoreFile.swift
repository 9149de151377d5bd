import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database file graphexport actually opens for a store, chosen so the store is never touched.
///
/// A store in rollback-journal mode is opened in place, read-only. A store in WAL mode (or with a
/// `-wal` beside it) needs SQLite to create a `-shm` file even to read, so the store and its `-wal`
/// are copied into a ``PrivateFolder`` and the copy is opened; the folder is removed once this
/// value and every connection ``open()`` made are released. Either way the store's files keep
/// their bytes.
final class StoreFile {
    private let storePath: String
    private let openPath: String
    private let folder: PrivateFolder?

    init(storePath: String) throws {
        self.storePath = storePath
        guard access(storePath, R_OK) == 0 else {
            throw StoreError.cannotRead(path: storePath, reason: String(cString: strerror(errno)))
        }
        let walPath = storePath + "-wal"
        let hasWAL = access(walPath, F_OK) == 0
        if try hasWAL || Self.isWALMode(storePath) {
            let folder = try PrivateFolder(for: storePath)
            try folder.copy(storePath, to: folder.storePath)
            if hasWAL { try folder.copy(walPath, to: folder.storePath + "-wal") }
            self.folder = folder
        } else {
            folder = nil
        }
        openPath = folder?.storePath ?? storePath
    }

    /// Opens the connection to read the store through, read-only.
    func open() throws -> SQLiteDatabase {
        try SQLiteDatabase(readOnly: openPath, displayPath: storePath, keeping: folder)
    }

    /// Whether the database header says WAL (file format version bytes 18 and 19 are 2).
    private static func isWALMode(_ path: String) throws -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw StoreError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = read(descriptor, &header, 20)
        return count == 20 && header[18] == 2 && header[19] == 2
    }
}
