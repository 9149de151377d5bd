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
/// are copied into a private temporary folder and the copy is opened; the folder is removed when
/// this value is released. Either way the store's files keep their bytes.
final class StoreFile {
    /// The path to open.
    let openPath: String
    private let temporaryFolder: String?
    private var copies: [String] = []
    /// The private folder and every file SQLite or the copy may make in it, removed on SIGINT,
    /// SIGTERM, SIGHUP and SIGQUIT too.
    private var cleanup: [InterruptCleanup.Registration?] = []

    init(storePath: String) throws {
        guard access(storePath, R_OK) == 0 else {
            throw StoreError.cannotRead(path: storePath, reason: String(cString: strerror(errno)))
        }
        let walPath = storePath + "-wal"
        let hasWAL = access(walPath, F_OK) == 0
        guard try hasWAL || Self.isWALMode(storePath) else {
            openPath = storePath
            temporaryFolder = nil
            return
        }
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/graphexport.XXXXXX").utf8CString)
        guard let folder = mkdtemp(&template) else {
            throw StoreError.cannotRead(
                path: storePath, reason: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let folderPath = String(cString: folder)
        temporaryFolder = folderPath
        let copy = folderPath + "/store.sqlite"
        openPath = copy
        cleanup = [InterruptCleanup.register(folder: folderPath)]
        for file in [copy, copy + "-wal", copy + "-shm", copy + "-journal"] {
            cleanup.append(InterruptCleanup.register(file: file))
        }
        try copyFile(from: storePath, to: copy)
        if hasWAL { try copyFile(from: walPath, to: copy + "-wal") }
    }

    deinit {
        guard let temporaryFolder else { return }
        for file in copies + [openPath + "-wal", openPath + "-shm", openPath + "-journal"] { unlink(file) }
        rmdir(temporaryFolder)
        cleanup.forEach(InterruptCleanup.unregister)
    }

    /// Whether the database header says WAL (file format version bytes 18 and 19 are 2).
    private static func isWALMode(_ path: String) throws -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw StoreError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = read(descriptor, &header, 20)
        return count == 20 && header[18] == 2 && header[19] == 2
    }

    private func copyFile(from source: String, to destination: String) throws {
        let input = open(source, O_RDONLY)
        guard input >= 0 else {
            throw StoreError.cannotRead(path: source, reason: String(cString: strerror(errno)))
        }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard output >= 0 else {
            throw StoreError.cannotRead(path: source, reason: "cannot copy: \(String(cString: strerror(errno)))")
        }
        copies.append(destination)
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw StoreError.cannotRead(path: source, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                guard written > 0 else {
                    throw StoreError.cannotRead(
                        path: source, reason: "cannot copy: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}
