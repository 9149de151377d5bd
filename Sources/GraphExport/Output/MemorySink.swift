/// A sink that keeps everything written to it, for tests and for callers that want the bytes.
public final class MemorySink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty sink.
    public init() {}

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }

    /// Everything written so far, read as UTF-8 text.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
