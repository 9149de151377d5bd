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

    /// Counts the events the row stands for, without making them.
    public func beginObject(_ row: ObjectRow) throws {
        eventCount += 1 + (row.changedProperties == nil ? 0 : 1) + row.values.count
    }

    /// `false`: file values come read whole, as the traversal reads them for such a writer.
    public var streamsFileBytes: Bool { false }

    public func finish() throws {}
}
