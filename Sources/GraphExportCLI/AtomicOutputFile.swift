import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output file that appears only when complete: bytes go to a hidden temporary file beside it,
/// which is renamed over the target on ``commit()`` and removed on ``discard()``, on failure, and
/// on an interrupting signal (``InterruptCleanup``).
final class AtomicOutputFile {
    let path: String
    let sink: FileDescriptorSink
    private let temporaryPath: String
    private var isOpen = true
    private var cleanup: InterruptCleanup.Registration?

    init(path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".graphexport-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw CommandError.cannotWriteOutput(path: path, reason: String(cString: strerror(errno)))
        }
        self.path = path
        self.temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.sink = FileDescriptorSink(descriptor: descriptor)
        cleanup = InterruptCleanup.register(file: temporaryPath)
    }

    deinit {
        discard()
    }

    /// Gives the file the usual permissions and moves it over the target.
    func commit() throws {
        let mask = umask(0)
        umask(mask)
        fchmod(sink.descriptor, 0o666 & ~mask)
        guard fsync(sink.descriptor) == 0, close(sink.descriptor) == 0 else {
            throw CommandError.cannotWriteOutput(path: path, reason: String(cString: strerror(errno)))
        }
        isOpen = false
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CommandError.cannotWriteOutput(path: path, reason: reason)
        }
        forgetTemporaryPath()
    }

    /// Removes the temporary file.
    func discard() {
        if isOpen {
            close(sink.descriptor)
            unlink(temporaryPath)
            isOpen = false
        }
        forgetTemporaryPath()
    }

    private func forgetTemporaryPath() {
        InterruptCleanup.unregister(cleanup)
        cleanup = nil
    }
}
