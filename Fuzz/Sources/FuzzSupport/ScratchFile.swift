import Glibc

/// A file in a private temporary folder, rewritten with each input and removed after it, along
/// with whatever SQLite left beside it (`-wal`, `-shm`, `-journal`).
public final class ScratchFile {
    /// The file's path.
    public let path: String
    private let folder: String

    /// Makes the folder (`$TMPDIR/graphexport-fuzz.XXXXXX`); the file is named `name` inside it.
    public init(name: String) {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/graphexport-fuzz.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            fatalError("cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
        path = folder + "/" + name
    }

    deinit {
        remove()
        rmdir(folder)
    }

    /// Writes `bytes` as the whole file, runs `body` with its path, and removes the file.
    public func with(_ bytes: [UInt8], _ body: (String) -> Void) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot create \(path): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            guard count > 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
        close(descriptor)
        defer { remove() }
        body(path)
    }

    private func remove() {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
