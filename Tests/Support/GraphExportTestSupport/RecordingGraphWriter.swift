public import GraphExport

/// A writer that keeps everything it is given, for tests of the traversal and of sources.
///
/// It never fails; its ``GraphStream`` keeps calls out of order from it. By default it is
/// given a file value's bytes, as a writer that does not stream files is
/// (``GraphWriter/streamsFileBytes``); made with `streamsFileBytes: true`, it records the files.
public final class RecordingGraphWriter: GraphWriter {
    /// The header, once ``begin(_:)`` has been called.
    public private(set) var document: DocumentInfo?
    /// Every event written, in order.
    public private(set) var events: [GraphEvent] = []
    /// Whether ``finish()`` has been called.
    public private(set) var finished = false
    /// Whether ``Value/binaryFile(_:)`` values are recorded as they come rather than read whole.
    public let streamsFileBytes: Bool

    /// Creates an empty recording, which records file values as files when `streamsFileBytes`,
    /// and otherwise as the ``Value/binary(_:)`` the traversal reads from them.
    public init(streamsFileBytes: Bool = false) {
        self.streamsFileBytes = streamsFileBytes
    }

    /// Records the header.
    public func begin(_ document: DocumentInfo) throws {
        self.document = document
    }

    /// Records one event.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        events.append(event)
    }

    /// Records the events the row stands for (``ObjectRow/events``).
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try writeEvents(of: row, at: position)
    }

    /// Records the end of the document.
    public func finish() throws {
        finished = true
    }
}
