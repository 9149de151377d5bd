/// A byte buffer in front of a ``ByteSink``: writers append small pieces, the buffer hands the sink
/// large blocks.
public final class OutputBuffer {
    /// The sink the bytes go to.
    public let sink: any ByteSink
    private var storage: [UInt8] = []
    private let capacity: Int

    /// Creates a buffer that flushes to `sink` whenever it holds `capacity` bytes or more.
    public init(sink: any ByteSink, capacity: Int = 1 << 16) {
        self.sink = sink
        self.capacity = capacity
        storage.reserveCapacity(capacity + 1024)
    }

    /// Appends one byte.
    public func append(_ byte: UInt8) throws {
        storage.append(byte)
        if storage.count >= capacity { try flush() }
    }

    /// Appends the bytes of a buffer; a block of at least the capacity, with nothing buffered
    /// before it, goes to the sink as it is, in one write, without being copied.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        if storage.isEmpty && bytes.count >= capacity { return try sink.write(bytes) }
        storage.append(contentsOf: bytes)
        if storage.count >= capacity { try flush() }
    }

    /// The size of the blocks the buffer hands the sink: a writer that collects its own text
    /// hands it on in blocks of this size, so that each goes to the sink uncopied.
    public var blockSize: Int { capacity }

    /// Appends the UTF-8 bytes of `text`.
    public func append(_ text: String) throws {
        var text = text
        try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `bytes`.
    public func appendBytes(_ bytes: some Sequence<UInt8>) throws {
        storage.append(contentsOf: bytes)
        if storage.count >= capacity { try flush() }
    }

    /// Hands everything buffered to the sink.
    public func flush() throws {
        guard !storage.isEmpty else { return }
        try storage.withUnsafeBytes { try sink.write($0) }
        storage.removeAll(keepingCapacity: true)
    }
}
