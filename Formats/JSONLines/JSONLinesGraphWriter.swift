public import GraphExport

/// Writes an export as JSON Lines: one compact JSON object (RFC 8259) per line, each line ending
/// with a line feed, streaming.
///
/// **Lines.** The first line is the header, `{"@source":{…}}`, an object of the header's fields
/// (``DocumentInfo/fields``, every value a string). Every other line is one object of the graph,
/// and every object of the graph is exactly one line. No line holds a raw line break: line feed,
/// carriage return, U+2028 and U+2029 inside strings are escaped.
///
/// **Objects.** A line is an object exactly as the JSON format writes one, except that nothing
/// nests: `"@id"` (its ``ObjectID``), `"@type"` (its entity), then one member per attribute and
/// per relationship, named as the model names them (a name starting with `@` with one more `@`,
/// ``MarkerEscape``), in the order the traversal gives them. A
/// to-many relationship is an array of references `{"@id":"…"}`; a to-one relationship is one
/// reference, or `null` when empty. Every reference names an object that has a line of its own.
///
/// **Values** are written as the JSON format writes them: integers as exact digits; doubles as the
/// shortest text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`); NaN and the infinities
/// as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`, with one warning per attribute; decimals
/// as strings of their exact text (`"12.50"`); booleans `true`/`false`; null `null`; dates as ISO
/// 8601 strings in UTC (``Timestamp/iso8601``), or, for a date with no such form, its seconds since
/// 2001-01-01T00:00:00Z by the double rule, with one warning per attribute; binary values as base64
/// strings; UUIDs as their canonical lowercase text; strings and URIs as strings. Strings escape
/// `"`, `\`, U+0000–U+001F, U+007F, U+2028 and U+2029; everything else is UTF-8 as is.
///
/// **Order.** In the flat shape the lines come in the order of the event stream: entity by entity,
/// in the source's order. In the tree shape an object's line is written when the object ends, so an
/// object nested under another (its owner) comes *before* its owner's line: the lines are the
/// objects in post-order, children before parents, and the top-level objects in stream order. In
/// either shape a reference may name an object whose line comes later; read the whole file, or
/// resolve references lazily.
///
/// **Streaming.** The writer holds the lines of the open objects, one after the other in one
/// buffer: in the flat shape one line, in the tree shape one per level of nesting, never
/// recursing, so depth is bounded by memory, not by the call stack. Complete lines go to an
/// ``OutputBuffer`` in blocks of its size, each of which goes to the sink in one write, uncopied. A ``Value/binaryFile(_:)`` value is written as its
/// bytes would be: an open line keeps only its place, and its base64 streams from the file in
/// chunks of 64 KiB when the line is complete, so that memory stays flat whatever its size (the
/// file is read then, and must not change before). The writer throws ``GraphExportError`` for
/// an event stream that is not well nested (``GraphStreamValidator``), before writing anything for
/// the offending call.
public final class JSONLinesGraphWriter: GraphWriter {
    private let output: OutputBuffer
    private let onWarning: WarningHandler
    /// The encoder, owned by this writer alone: kept behind a pointer rather than in a `var`
    /// property, so that each call costs no run-time exclusivity check (the writer is not
    /// reentrant, so no two accesses can overlap).
    private let encoder: UnsafeMutablePointer<JSONLinesEncoder>

    /// Creates a writer that writes to `sink` and reports values JSON cannot hold to `onWarning`.
    public init(sink: any ByteSink, onWarning: @escaping WarningHandler = { _ in }) {
        self.output = OutputBuffer(sink: sink)
        self.onWarning = onWarning
        self.encoder = .allocate(capacity: 1)
        encoder.initialize(to: JSONLinesEncoder())
        encoder.pointee.text.reserveCapacity(output.blockSize + 1024)
    }

    deinit {
        encoder.deinitialize(count: 1)
        encoder.deallocate()
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the header line, `{"@source":{…}}`.
    public func begin(_ document: DocumentInfo) throws {
        try encoder.pointee.begin(document)
        try handOff(atLeast: output.blockSize)
    }

    /// Writes one event, or throws ``GraphExportError`` without writing anything when the
    /// event does not fit where the stream is. An object's line is complete at its `endObject`.
    public func write(_ event: GraphEvent) throws {
        try encoder.pointee.write(event)
        if !encoder.pointee.warnings.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Writes an object's start and its attributes straight from the row's values, the keys
    /// escaped once per entity; or throws ``GraphExportError`` without writing anything when the
    /// row does not fit where the stream is.
    public func beginObject(_ row: ObjectRow) throws {
        try encoder.pointee.beginObject(row)
        if !encoder.pointee.warnings.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Checks that every object has ended and flushes the sink.
    public func finish() throws {
        try encoder.pointee.finish()
        try handOff(atLeast: 0)
        try output.flush()
    }

    /// Hands the lines written so far to the output buffer once there are `threshold` bytes of
    /// them, or at once when they hold a file value, whose base64 then streams into its place.
    private func handOff(atLeast threshold: Int) throws {
        if !encoder.pointee.splices.isEmpty {
            try encoder.pointee.splices.write(encoder.pointee.text, to: output)
        } else {
            guard encoder.pointee.text.count >= threshold, !encoder.pointee.text.isEmpty else { return }
            try encoder.pointee.text.withUnsafeBytes { try output.append($0) }
        }
        encoder.pointee.text.removeAll(keepingCapacity: true)
    }

    private func reportWarnings() {
        let warnings = encoder.pointee.warnings
        encoder.pointee.warnings.removeAll()
        warnings.forEach(onWarning)
    }
}
