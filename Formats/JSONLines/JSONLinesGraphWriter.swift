public import GraphExport
import GraphExportJSONText

/// Writes an export as JSON Lines: one compact JSON object (RFC 8259) per line, each line ending
/// with a line feed, streaming.
///
/// Made by ``ExportFormat/jsonLines()`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*. What the JSON writers share is a `JSONWriterCore`;
/// this one's own is its encoder, `JSONLinesEncoder`.
public final class JSONLinesGraphWriter: GraphWriter {
    /// What JSON Lines is called and carries: every object is one line, so it has no pretty layout.
    public static let format = FormatDescription(
        name: "jsonl", aliases: ["ndjson"], fileExtensions: ["jsonl", "ndjson"], capabilities: [.nulls, .streaming],
        summary: "JSON Lines: an @source header line, then one flat JSON object per line, references only")

    private let core: JSONWriterCore<JSONLinesEncoder>

    /// Creates a writer that writes to `sink` and reports values JSON cannot hold to `onWarning`.
    public init(sink: any ByteSink, onWarning: @escaping WarningHandler = { _ in }) {
        core = JSONWriterCore(sink: sink, encoder: JSONLinesEncoder(), onWarning: onWarning)
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the header line, `{"@source":{…}}`.
    public func begin(_ document: DocumentInfo) throws { try core.begin(document) }

    /// Writes one event. An object's line is complete at its `endObject`.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws { try core.write(event) }

    /// Writes an object's start and its attributes straight from the row's values, the keys
    /// escaped once per entity.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws { try core.beginObject(row) }

    /// Writes an object's relationships, each reference from its destination's key and the
    /// identifier prefix of its entity, made once.
    public func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        try core.writeRelationships(relationships)
    }

    /// Flushes the sink.
    public func finish() throws { try core.finish() }
}
