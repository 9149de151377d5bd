#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a hidden temporary name beside its final path and moved there only when
/// complete, so that readers of the path never see half an export.
final class ReplacementFile {
    /// The path the file ends up at.
    let path: String
    /// Writes to the temporary file.
    let sink: FileDescriptorSink
    private let temporaryPath: String
    private var isOpen = true

    /// Creates the temporary file (`.<name>.graphexport-<random>` in the folder of `path`).
    init(path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var temporaryPath = ""
        for _ in 0..<8 {
            temporaryPath = folder + "." + name + ".graphexport-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Self.failure(path) }
        self.path = path
        self.temporaryPath = temporaryPath
        self.sink = FileDescriptorSink(descriptor: descriptor)
    }

    deinit {
        discard()
    }

    /// Flushes the file to disk and moves it over `path`; on failure, removes it.
    func commit() throws {
        isOpen = false
        var failure: SinkError?
        if fsync(sink.descriptor) != 0 { failure = Self.failure(path) }
        if close(sink.descriptor) != 0, failure == nil { failure = Self.failure(path) }
        if failure == nil, rename(temporaryPath, path) != 0 { failure = Self.failure(path) }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
    }

    /// Closes and removes the temporary file, unless it was committed.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        close(sink.descriptor)
        unlink(temporaryPath)
    }

    /// The error for the system call that just failed on `path`.
    private static func failure(_ path: String) -> SinkError {
        let code = errno
        return SinkError.writeFailed(errno: code, reason: "\(path): \(String(cString: strerror(code)))")
    }
}
