#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// A sink that writes to an open file descriptor with `write(2)`, such as standard output.
///
/// The descriptor is not closed by the sink. A closed pipe throws ``OutputError/brokenPipe`` (ignore
/// `SIGPIPE` in the process to get it instead of being killed); any other failure throws
/// ``OutputError/writeFailed(errno:reason:)``, whose reason starts with the sink's ``name``.
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written to.
    public let descriptor: Int32
    /// What the descriptor writes to (`out.json`), named in the errors; `nil` for none.
    public let name: String?

    /// Creates a sink writing to `descriptor`, naming `name` in its errors.
    public init(descriptor: Int32, name: String? = nil) {
        self.descriptor = descriptor
        self.name = name
    }

    /// A sink writing to standard output.
    public static func standardOutput() -> FileDescriptorSink {
        FileDescriptorSink(descriptor: 1)
    }

    /// Writes all of `bytes`, retrying short and interrupted writes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EPIPE { throw OutputError.brokenPipe }
                let reason = String(cString: strerror(code))
                throw OutputError.writeFailed(errno: code, reason: name.map { "\($0): \(reason)" } ?? reason)
            }
            offset += written
        }
    }
}
