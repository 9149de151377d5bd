public import GraphExport

/// What the JSON and JSON Lines writers share: the encoder behind its pointer, the output buffer
/// in front of the sink, and, after every call, the hand-off of the encoder's text to the buffer
/// and of its warnings to the handler.
///
/// A writer holds one in a `let` and passes each ``GraphWriter`` call on to it: the encoder is
/// the writer's changing state (``GraphWriter``, *Inside a writer*), what tells the writers apart.
/// Not copyable, as the ``WriterState`` it holds. Public with only `package` members, all
/// `@inlinable`, so that they and the encoder's calls inline into the writer's module
/// (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct JSONWriterCore<Encoder: JSONStreamEncoder & ~Copyable>: ~Copyable {
    @usableFromInline let output: OutputBuffer
    @usableFromInline let onWarning: WarningHandler
    /// The encoder, read and changed in place.
    @usableFromInline let encoder: WriterState<Encoder>

    /// Makes a core that writes what `encoder` writes to `sink` and reports its warnings to `onWarning`.
    @inlinable
    package init(sink: any ByteSink, encoder: consuming Encoder, onWarning: @escaping WarningHandler) {
        output = OutputBuffer(sink: sink)
        self.onWarning = onWarning
        self.encoder = WriterState(encoder)
        self.encoder.pointee.text.reserve(output.blockSize + 1024)
    }

    /// Writes the document's opening (``JSONStreamEncoder/writeHeader(_:)``).
    @inlinable
    package func begin(_ document: DocumentInfo) throws {
        encoder.pointee.begin(document)
        try handOff(atLeast: output.blockSize)
    }

    /// Writes one event.
    @inlinable
    package func write(_ event: GraphEvent) throws {
        encoder.pointee.write(event)
        if !encoder.pointee.valueWarnings.pending.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Writes an object's start and its attributes straight from the row's values.
    @inlinable
    package func beginObject(_ row: ObjectRow) throws {
        encoder.pointee.beginObject(row)
        if !encoder.pointee.valueWarnings.pending.isEmpty { reportWarnings() }
        try handOff(atLeast: output.blockSize)
    }

    /// Writes an object's relationships, the destinations' identifiers from their keys.
    @inlinable
    package func writeRelationships(_ relationships: ObjectRelationships) throws {
        encoder.pointee.writeRelationships(relationships)
        try handOff(atLeast: output.blockSize)
    }

    /// Writes the document's end (``JSONStreamEncoder/writeEnd()``), hands on all the text and
    /// flushes the sink.
    @inlinable
    package func finish() throws {
        encoder.pointee.finish()
        try handOff(atLeast: 0)
        try output.flush()
    }

    /// Hands the text written so far to the output buffer once there are `threshold` bytes of it,
    /// or at once when it holds a file value, whose base64 then streams into its place.
    @inlinable
    func handOff(atLeast threshold: Int) throws {
        if !encoder.pointee.splices.isEmpty {
            var splices = encoder.pointee.splices
            encoder.pointee.splices = FileSplices()
            try encoder.pointee.text.withUnsafeBytes { try splices.write($0, to: output) }
        } else {
            guard encoder.pointee.text.count >= threshold, !encoder.pointee.text.isEmpty else { return }
            try encoder.pointee.text.withUnsafeBytes { try output.append($0) }
        }
        encoder.pointee.text.removeAll()
    }

    /// Hands the pending warnings to the handler, in order.
    @usableFromInline
    func reportWarnings() {
        let warnings = encoder.pointee.valueWarnings.pending
        encoder.pointee.valueWarnings.pending.removeAll()
        warnings.forEach(onWarning)
    }
}
