import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private folder for a copy of a store's files: made by `mkdtemp` under `TMPDIR` (mode 0700: no
/// other user can read the copy or add files to it), removed with everything in it when released,
/// and on SIGINT, SIGTERM, SIGHUP and SIGQUIT through ``InterruptCleanup``.
///
/// The copy of the store is ``storePath``; the copies of its `-wal` and `-journal`, and the `-shm`
/// SQLite makes when it opens a copy in WAL mode, sit beside it under SQLite's names.
package final class PrivateFolder {
    /// The copy of the store.
    package let storePath: String
    private let path: String
    private var cleanup: [InterruptCleanup.Registration?] = []

    /// The suffixes of every file SQLite or a copy may make beside ``storePath``.
    private static let suffixes = ["", "-wal", "-journal", "-shm"]

    /// Makes the folder; `store` is the store it is for, named in errors.
    package init(for store: String) throws {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        let base = variable.isEmpty ? "/tmp" : variable
        var template = Array((base + "/graphexport.XXXXXX").utf8CString)
        guard let folder = mkdtemp(&template) else {
            throw SQLiteError.cannotRead(
                path: store, reason: "cannot make a private folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: folder)
        storePath = path + "/store.sqlite"
        cleanup = [InterruptCleanup.register(folder: path)]
        for suffix in Self.suffixes {
            cleanup.append(InterruptCleanup.register(file: storePath + suffix))
        }
    }

    deinit {
        removeCopies()
        rmdir(path)
        cleanup.forEach(InterruptCleanup.unregister)
    }

    /// Removes every file in the folder (before another attempt at a consistent copy).
    package func removeCopies() {
        for suffix in Self.suffixes { unlink(storePath + suffix) }
    }

    /// Copies the regular file at `source` to `destination` in this folder. `source` is opened
    /// without blocking and checked again once open: it may have been replaced since it was looked at.
    package func copy(_ source: String, to destination: String) throws {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else {
            throw SQLiteError.cannotRead(path: source, reason: String(cString: strerror(errno)))
        }
        defer { close(input) }
        try copy(from: input, source: source, to: destination)
    }

    /// Copies all the bytes of the open regular file `input` (read from its start, whatever its
    /// position) to `destination` in this folder; `source` names it in errors.
    package func copy(from input: Int32, source: String, to destination: String) throws {
        var status = stat()
        guard fstat(input, &status) == 0, FileStatus(status).identity != nil else {
            throw SQLiteError.cannotRead(
                path: source, reason: "it was replaced by something that is not a regular file")
        }
        unlink(destination)
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw SQLiteError.cannotRead(
                path: source, reason: "cannot copy it to \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw SQLiteError.cannotRead(path: source, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    throw SQLiteError.cannotRead(
                        path: source, reason: "cannot copy it to \(path): \(String(cString: strerror(errno)))")
                }
                written += result
            }
            offset += count
        }
    }
}
