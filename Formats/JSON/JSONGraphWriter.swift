public import GraphExport

/// Writes an export as one JSON document (RFC 8259), streaming, in the style of JSON-LD.
///
/// The document is an object with two members: `"@source"`, an object of the header's fields
/// (``DocumentInfo/fields``, every value a string), and `"@graph"`, an array of the top-level
/// objects. Each object starts with `"@id"` (its ``ObjectID``) and `"@type"` (its entity), then has
/// one member per attribute and per relationship, named as the model names them, except that a
/// name starting with `@` is written with one more `@` (``MarkerEscape``: `@id` is `"@@id"`), so
/// that a key starting with a single `@` is always a marker. A to-many relationship is an array;
/// a to-one relationship is its destination, or `null` when empty. A destination is either an
/// object written in full where it nests or a reference `{"@id": "…"}` to an object written in
/// full elsewhere.
///
/// Values: integers are exact digits; doubles are the shortest text that reads back to the same
/// bits (`0.1`, `1e-05`, `-0.0`); NaN and the infinities, which JSON numbers cannot hold, are the
/// strings `"NaN"`, `"Infinity"` and `"-Infinity"` (as in the Protocol Buffers JSON mapping), with
/// one warning per attribute. Decimals are strings of their exact text (`"12.50"`), since most
/// JSON readers would turn a number into a binary double. Dates are ISO 8601 strings in UTC
/// (``Timestamp/iso8601``); a date with no such form is written as its seconds since
/// 2001-01-01T00:00:00Z, by the double rule, with a warning. Binary values are base64 strings,
/// UUIDs their canonical lowercase text, URIs strings. Arrays are JSON arrays and maps JSON
/// objects, keys in order and escaped as property names are (``MarkerEscape``), written compact
/// (no spaces) also in pretty output.
///
/// The writer keeps its place in an explicit stack, so nesting depth is bounded by memory, not by
/// the call stack, and collects its text to hand it to an ``OutputBuffer`` in blocks of the
/// buffer's size, each of which goes to the sink in one write, uncopied. A ``Value/binaryFile(_:)`` value is written as its bytes would be, its base64 streamed
/// from the file in chunks of 64 KiB, so that memory stays flat whatever its size. It throws
/// ``GraphExportError`` for an event stream that is not well nested (``GraphStreamValidator``).
/// Pretty output (``JSONOptions/pretty``) indents by two spaces, puts each property on its own line
/// and writes a reference on one line; both forms end with a newline.
public final class JSONGraphWriter: GraphWriter {
    private let output: OutputBuffer
    private let onWarning: WarningHandler
    /// The encoder, owned by this writer alone: kept behind a pointer rather than in a `var`
    /// property, so that each event costs no run-time exclusivity check (the writer is not
    /// reentrant, so no two accesses can overlap).
    private let encoder: UnsafeMutablePointer<JSONDocumentEncoder>

    /// Creates a writer that writes to `sink` and reports values JSON cannot hold to `onWarning`.
    public init(
        sink: any ByteSink, options: JSONOptions = JSONOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.output = OutputBuffer(sink: sink)
        self.onWarning = onWarning
        self.encoder = .allocate(capacity: 1)
        encoder.initialize(to: JSONDocumentEncoder(pretty: options.pretty))
        encoder.pointee.text.reserveCapacity(output.blockSize + 1024)
    }

    deinit {
        encoder.deinitialize(count: 1)
        encoder.deallocate()
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the document's opening, the `"@source"` header, and opens the `"@graph"` array.
    public func begin(_ document: DocumentInfo) throws {
        try encoder.pointee.begin(document)
        try handOff(atLeast: output.blockSize)
    }

    /// Writes one event, or throws ``GraphExportError`` without writing anything when the event
    /// does not fit where the stream is.
    public func write(_ event: GraphEvent) throws {
        try encoder.pointee.write(event)
        if !encoder.pointee.warnings.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Writes an object's start and its attributes straight from the row's values, the keys
    /// escaped once per entity; or throws ``GraphExportError`` without writing anything.
    public func beginObject(_ row: ObjectRow) throws {
        try encoder.pointee.beginObject(row)
        if !encoder.pointee.warnings.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Closes the `"@graph"` array and the document, writes the final newline and flushes the sink.
    public func finish() throws {
        try encoder.pointee.finish()
        try handOff(atLeast: 0)
        try output.flush()
    }

    /// Hands the text written so far to the output buffer once there are `threshold` bytes of it,
    /// or at once when it holds a file value, whose base64 then streams into its place.
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
