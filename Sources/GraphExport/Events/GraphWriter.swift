/// A streaming serializer for one output format: receives an export's events and writes bytes.
///
/// Used from one thread at a time. A writer owns its resources, writes to the ``ByteSink`` it was
/// made with, and never sees the store.
public protocol GraphWriter: AnyObject {
    /// Starts the document and writes its header.
    func begin(_ document: DocumentInfo) throws
    /// Writes one event of the stream.
    func write(_ event: GraphEvent) throws
    /// Closes the document and flushes everything to the sink.
    func finish() throws
    /// Whether the writer takes ``Value/binaryFile(_:)`` values as they come, writing their bytes
    /// in chunks (``FileBytes/forEachBase64Chunk(_:)``) exactly as it writes ``Value/binary(_:)``.
    ///
    /// When `false`, the default, ``GraphTraversal`` reads each such value whole and hands the
    /// writer ``Value/binary(_:)`` of its bytes instead: a writer made before file values existed
    /// goes on writing them as bytes, holding each one in memory while it does. Every built-in
    /// writer says `true`.
    var streamsFileBytes: Bool { get }
}

extension GraphWriter {
    /// `false`: the writer is given ``Value/binary(_:)`` in place of ``Value/binaryFile(_:)``.
    public var streamsFileBytes: Bool { false }
}
