public import GraphExport

/// Writes an export as JSON Lines: one compact JSON object (RFC 8259) per line, each line ending
/// with a line feed, streaming.
///
/// Made by ``ExportFormat/jsonLines()`` for an export, or by hand on a sink with a warning handler, and
/// fed as every ``GraphWriter`` is: ``begin(_:)``, then ``write(_:)`` and ``beginObject(_:)``,
/// then ``finish()``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*.
public final class JSONLinesGraphWriter: GraphWriter {
    private let output: OutputBuffer
    private let onWarning: WarningHandler
    /// The encoder, the writer's changing state (``GraphWriter``, *Inside a writer*).
    private let encoder: WriterState<JSONLinesEncoder>

    /// Creates a writer that writes to `sink` and reports values JSON cannot hold to `onWarning`.
    public init(sink: any ByteSink, onWarning: @escaping WarningHandler = { _ in }) {
        self.output = OutputBuffer(sink: sink)
        self.onWarning = onWarning
        encoder = WriterState(JSONLinesEncoder())
        encoder.pointee.text.reserveCapacity(output.blockSize + 1024)
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
