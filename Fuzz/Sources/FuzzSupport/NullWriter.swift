public import GraphExport

/// A writer that drops every event: a traversal into it exercises the reader and the traversal,
/// no format.
public final class NullWriter: GraphWriter {
    /// The number of events received, so that nothing about them is optimized away.
    public private(set) var eventCount = 0

    public init() {}

    public func begin(_ document: DocumentInfo) throws {}

    public func write(_ event: GraphEvent) throws {
        eventCount += 1
    }

    public func finish() throws {}
}
