import GraphExport

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// A temporary file that holds a document's nodes and edges until its keys are known.
///
/// Created in `$TMPDIR` (or `/tmp`) and unlinked at once, so that nothing is left behind however
/// the process ends; the space it takes is given back when the spool is released.
final class SpoolFile: ByteSink {
    /// The directory the file was created in, for error messages.
    let directory: String
    /// The open file; it writes with the one loop of short and interrupted writes.
    private let sink: FileDescriptorSink
    /// The file's descriptor, closed with the spool.
    private var descriptor: Int32 { sink.descriptor }

    /// Creates and unlinks the file, or throws ``GraphMLWriterError/temporaryFileFailed(directory:reason:)``.
    init() throws {
        let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        let directory = configured.isEmpty ? "/tmp" : configured
        var template = Array((directory + "/graphexport-graphml-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw GraphMLWriterError.temporaryFileFailed(directory: directory, reason: Self.reason(errno))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.directory = directory
        sink = FileDescriptorSink(descriptor: descriptor)
    }

    deinit {
        close(descriptor)
    }

    /// Appends all of `bytes` to the file, or throws
    /// ``GraphMLWriterError/temporaryFileFailed(directory:reason:)``.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try sink.write(bytes)
        } catch OutputError.writeFailed(let code, _) {
            throw GraphMLWriterError.temporaryFileFailed(directory: directory, reason: Self.reason(code))
        }
    }

    /// Reads the whole file from its start and hands it to `body` in blocks of 64 KiB.
    func readAll(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw GraphMLWriterError.temporaryFileFailed(directory: directory, reason: Self.reason(errno))
        }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw GraphMLWriterError.temporaryFileFailed(directory: directory, reason: Self.reason(code))
            }
            if count == 0 { return }
            try block.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
