public import GraphExport

/// A writer that keeps everything it is given, for tests of the traversal and of sources.
///
/// It never fails. Calls out of order (a write before ``begin(_:)`` or after ``finish()``, a second
/// `begin` or `finish`) are still recorded and also described in ``misuse``. By default it is
/// given a file value's bytes, as a writer that does not stream files is
/// (``GraphWriter/streamsFileBytes``); made with `streamsFileBytes: true`, it records the files.
public final class RecordingGraphWriter: GraphWriter {
    /// The header, once ``begin(_:)`` has been called.
    public private(set) var document: DocumentInfo?
    /// Every event written, in order.
    public private(set) var events: [GraphEvent] = []
    /// Whether ``finish()`` has been called.
    public private(set) var finished = false
    /// One sentence per call made out of order; empty for a writer used as the protocol says.
    public private(set) var misuse: [String] = []
    private var wroteBeforeBegin = false
    /// Whether ``Value/binaryFile(_:)`` values are recorded as they come rather than read whole.
    public let streamsFileBytes: Bool

    /// Creates an empty recording, which records file values as files when `streamsFileBytes`,
    /// and otherwise as the ``Value/binary(_:)`` the traversal reads from them.
    public init(streamsFileBytes: Bool = false) {
        self.streamsFileBytes = streamsFileBytes
    }

    /// Records the header.
    public func begin(_ document: DocumentInfo) throws {
        if self.document != nil { misuse.append("begin(_:) was called a second time") }
        if finished { misuse.append("begin(_:) was called after finish()") }
        self.document = document
    }

    /// Records one event.
    public func write(_ event: GraphEvent) throws {
        if document == nil, !wroteBeforeBegin {
            wroteBeforeBegin = true
            misuse.append("write(_:) was called before begin(_:)")
        }
        if finished { misuse.append("write(_:) was called after finish(): \(event)") }
        events.append(event)
    }

    /// Records the events the row stands for (``ObjectRow/events``).
    public func beginObject(_ row: ObjectRow) throws {
        for event in row.events { try write(event) }
    }

    /// Records the end of the document.
    public func finish() throws {
        if finished { misuse.append("finish() was called a second time") }
        if document == nil { misuse.append("finish() was called before begin(_:)") }
        finished = true
    }
}
