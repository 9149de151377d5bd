#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// A sink that writes to an open file descriptor with `write(2)`, such as standard output.
///
/// The descriptor is not closed by the sink. A closed pipe throws ``SinkError/brokenPipe`` (ignore
/// `SIGPIPE` in the process to get it instead of being killed).
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written to.
    public let descriptor: Int32

    /// Creates a sink writing to `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
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
                if code == EPIPE { throw SinkError.brokenPipe }
                throw SinkError.writeFailed(errno: code, reason: String(cString: strerror(code)))
            }
            offset += written
        }
    }
}
