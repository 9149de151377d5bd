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
}
