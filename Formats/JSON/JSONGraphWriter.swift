public import GraphExport
import GraphExportJSONText

/// Writes an export as one JSON document (RFC 8259), streaming, in the style of JSON-LD.
///
/// Made by ``ExportFormat/json(pretty:)`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*. What the JSON writers share is a `JSONWriterCore`;
/// this one's own is its encoder, `JSONDocumentEncoder`.
public final class JSONGraphWriter: GraphWriter {
    /// What JSON is called and carries.
    public static let format = FormatDescription(
        name: "json", capabilities: [.nesting, .nulls, .streaming, .pretty],
        summary: "JSON (RFC 8259): an @source header and an @graph array of objects, JSON-LD style")

    private let core: JSONWriterCore<JSONDocumentEncoder>

    /// Creates a writer that writes to `sink` and reports values JSON cannot hold to `onWarning`.
    public init(
        sink: any ByteSink, options: JSONOptions = JSONOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        core = JSONWriterCore(sink: sink, encoder: JSONDocumentEncoder(pretty: options.pretty), onWarning: onWarning)
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the document's opening, the `"@source"` header, and opens the `"@graph"` array.
    public func begin(_ document: DocumentInfo) throws { try core.begin(document) }

    /// Writes one event.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws { try core.write(event) }

    /// Writes an object's start and its attributes straight from the row's values, the keys
    /// escaped once per entity.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws { try core.beginObject(row) }

    /// Writes an object's relationships, each reference from its destination's key and the
    /// identifier prefix of its entity, made once.
    public func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        try core.writeRelationships(relationships)
    }

    /// Closes the `"@graph"` array and the document, writes the final newline and flushes the sink.
    public func finish() throws { try core.finish() }
}
