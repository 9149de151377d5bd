public import GraphExport

/// A sink that keeps the first `capacity` bytes it is given, then throws `error` for every write
/// that would go past them, counting each call: for the suites that check what a writer does when
/// its output fails.
public final class WriterFailingSink: ByteSink {
    /// The bytes taken, in order.
    public private(set) var bytes: [UInt8] = []
    /// How many times ``write(_:)`` was called, those that threw too.
    public private(set) var calls = 0
    private let capacity: Int
    private let error: any Error

    /// A sink that takes `capacity` bytes, then throws `error`.
    public init(capacity: Int, error: any Error = OutputError.writeFailed(errno: 28, reason: "disk full")) {
        self.capacity = capacity
        self.error = error
    }

    /// Keeps `buffer`, or throws the sink's error when it does not fit.
    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        calls += 1
        guard bytes.count + buffer.count <= capacity else { throw error }
        bytes += buffer
    }
}
