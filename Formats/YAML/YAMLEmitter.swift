import CYAML
import GraphExport

/// libyaml's emitter, driven one event at a time, writing to a ``ByteSink``.
///
/// The `yaml_emitter_t` lives on the heap: libyaml keeps pointers into it, so it must not move.
/// libyaml buffers its output and hands it to a C write handler, which finds this object through
/// the handler's `data` pointer (a C function cannot capture anything) and forwards the bytes to
/// the sink. A sink error cannot cross the C code: the handler keeps it and reports failure, and
/// the method that handed libyaml the event rethrows it once libyaml reports the failed write.
///
/// libyaml copies each scalar whole, so the scalar of a file value is handed to it as a short
/// placeholder (``YAMLScalar/filePlaceholder``), and the file's base64 text takes the
/// placeholder's place on the way out: while such a scalar is emitted, the handler holds back the
/// last bytes it was given, as many as the placeholder has (which may reach it over two calls);
/// once libyaml has written the scalar and been flushed, those bytes must be the placeholder, and
/// the file's text goes to the sink instead, in chunks. libyaml writes nothing after a scalar
/// before the next event, and holds no event back there (it looks ahead only after the start of
/// a document, mapping or sequence, and a value always comes after its key), so the placeholder
/// is always the last thing written; anything else is an error rather than a wrong document.
final class YAMLEmitter {
    /// The tag of binary values, `!!binary` in the output.
    private static let binaryTag = Array("tag:yaml.org,2002:binary".utf8) + [0]
    /// A value to hand libyaml for an empty scalar, which must still be a valid pointer.
    private static let emptyText: [UInt8] = [0]

    /// The placeholder's bytes, which the handler holds back while a file's scalar is emitted.
    private static let placeholder = Array(YAMLScalar.filePlaceholder.utf8)

    private let sink: any ByteSink
    /// The error the sink threw inside the write handler, not yet rethrown.
    private var sinkError: (any Error)?
    /// While the scalar of a file value is emitted, the last bytes libyaml wrote, not yet handed
    /// to the sink: at most as many as the placeholder has. `nil` the rest of the time.
    private var heldBack: [UInt8]?
    /// Reused for the base64 text of bytes and the text of numbers, booleans, dates and UUIDs,
    /// which libyaml copies.
    private var scratch: [UInt8] = []
    private let emitter: UnsafeMutablePointer<yaml_emitter_t>

    /// Creates an emitter writing UTF-8 to `sink` with `indentation` spaces per level, lines of
    /// any length and non-ASCII characters as they are.
    init(sink: any ByteSink, indentation: Int) throws(YAMLWriterError) {
        self.sink = sink
        let emitter = UnsafeMutablePointer<yaml_emitter_t>.allocate(capacity: 1)
        guard yaml_emitter_initialize(emitter) == 1 else {
            emitter.deallocate()
            throw .libyaml(call: "yaml_emitter_initialize", problem: "out of memory")
        }
        self.emitter = emitter
        yaml_emitter_set_output(
            emitter,
            { data, buffer, size in
                guard let data else { return 0 }
                let owner = Unmanaged<YAMLEmitter>.fromOpaque(data).takeUnretainedValue()
                return owner.forward(UnsafeRawBufferPointer(start: buffer, count: size)) ? 1 : 0
            },
            Unmanaged.passUnretained(self).toOpaque())
        yaml_emitter_set_encoding(emitter, YAML_UTF8_ENCODING)
        yaml_emitter_set_indent(emitter, Int32(min(max(indentation, 2), 9)))
        yaml_emitter_set_width(emitter, -1)
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_break(emitter, YAML_LN_BREAK)
    }

    deinit {
        yaml_emitter_delete(emitter)
        emitter.deallocate()
    }

    /// Hands libyaml's output to the sink, but for the bytes held back while a file's scalar is
    /// emitted; keeps the sink's error for ``emit(_:_:)`` to rethrow.
    private func forward(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            guard var held = heldBack else {
                try sink.write(bytes)
                return true
            }
            held.append(contentsOf: bytes)
            let passed = held.count - Self.placeholder.count
            if passed > 0 {
                try held.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[..<passed])) }
                held.removeFirst(passed)
            }
            heldBack = held
            return true
        } catch {
            sinkError = error
            return false
        }
    }

    /// Starts the stream and its one document, with no directives and no `---`.
    func beginDocument() throws {
        try emit("yaml_stream_start_event_initialize") { yaml_stream_start_event_initialize($0, YAML_UTF8_ENCODING) }
        try emit("yaml_document_start_event_initialize") {
            yaml_document_start_event_initialize($0, nil, nil, nil, 1)
        }
    }

    /// Ends the document and the stream, which flushes everything to the sink.
    func endDocument() throws {
        try emit("yaml_document_end_event_initialize") { yaml_document_end_event_initialize($0, 1) }
        try emit("yaml_stream_end_event_initialize") { yaml_stream_end_event_initialize($0) }
    }

    /// Starts an untagged mapping, in flow style (`{…}`) or block style.
    func beginMapping(flow: Bool) throws {
        try emit("yaml_mapping_start_event_initialize") {
            yaml_mapping_start_event_initialize(
                $0, nil, nil, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE)
        }
    }

    /// Ends the innermost mapping.
    func endMapping() throws {
        try emit("yaml_mapping_end_event_initialize") { yaml_mapping_end_event_initialize($0) }
    }

    /// Starts an untagged sequence, in flow style (`[…]`) or block style; libyaml writes an empty
    /// one and any inside a flow collection in flow style regardless.
    func beginSequence(flow: Bool) throws {
        try emit("yaml_sequence_start_event_initialize") {
            yaml_sequence_start_event_initialize(
                $0, nil, nil, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE)
        }
    }

    /// Ends the innermost sequence.
    func endSequence() throws {
        try emit("yaml_sequence_end_event_initialize") { yaml_sequence_end_event_initialize($0) }
    }

    /// Writes one scalar; for a file value, the file's base64 text in place of the placeholder
    /// (an empty file is still checked to be the one the value was made from).
    func scalar(_ scalar: YAMLScalar) throws {
        guard let file = scalar.file else { return try emitScalar(scalar) }
        guard file.count > 0 else {
            try file.forEachChunk { _ in }
            return try emitScalar(scalar)
        }
        heldBack = []
        defer { heldBack = nil }
        try emitScalar(scalar)
        try flush()
        guard heldBack == Self.placeholder else {
            throw YAMLWriterError.libyaml(
                call: "yaml_emitter_emit", problem: "the scalar of a file value was not written where it was emitted")
        }
        heldBack = nil
        try file.forEachBase64Chunk { try sink.write($0) }
    }

    /// Hands libyaml's buffered output to the write handler.
    private func flush() throws {
        guard yaml_emitter_flush(emitter) == 1 else {
            if let sinkError {
                self.sinkError = nil
                throw sinkError
            }
            let problem = emitter.pointee.problem.map { String(cString: $0) } ?? "no explanation given"
            throw YAMLWriterError.libyaml(call: "yaml_emitter_flush", problem: problem)
        }
    }

    /// Hands one scalar to libyaml as it is.
    private func emitScalar(_ scalar: YAMLScalar) throws {
        var text = scalar.text
        try text.withUTF8 { try emitScalar(UnsafeRawBufferPointer($0), style: scalar.style, isBinary: scalar.isBinary) }
    }

    /// Writes the string whose UTF-8 bytes are `text`, borrowed from a source, in the style
    /// ``YAMLScalar/init(string:in:literalBlocks:)`` would choose for it.
    func string(utf8 text: UnsafeRawBufferPointer, in context: YAMLScalar.Context, literalBlocks: Bool) throws {
        let style = YAMLScalar.style(
            ofString: text.assumingMemoryBound(to: UInt8.self), in: context, literalBlocks: literalBlocks)
        try emitScalar(text, style: style, isBinary: false)
    }

    /// Writes an integer, a double, a boolean, a date or a UUID as the scalar whose text
    /// ``YAMLScalar/appendText(of:in:to:)`` formats into a buffer the emitter keeps, and returns
    /// whether it was a date with no ISO 8601 form; returns `nil`, having written nothing, for any
    /// other value.
    func formattedScalar(_ value: Value, in context: YAMLScalar.Context) throws -> Bool? {
        scratch.removeAll(keepingCapacity: true)
        guard let (style, isDateWithoutISO8601) = YAMLScalar.appendText(of: value, in: context, to: &scratch) else {
            return nil
        }
        try scratch.withUnsafeBytes { try emitScalar($0, style: style, isBinary: false) }
        return isDateWithoutISO8601
    }

    /// Writes `bytes` as a `!!binary` scalar: their base64 text, plain, or `""` when there are none.
    func binary(_ bytes: UnsafeRawBufferPointer) throws {
        scratch.removeAll(keepingCapacity: true)
        Base64.encode(bytes, into: &scratch)
        try scratch.withUnsafeBytes {
            try emitScalar($0, style: bytes.isEmpty ? .doubleQuoted : .plain, isBinary: true)
        }
    }

    /// Hands libyaml one scalar of the UTF-8 text `text`, which it copies.
    private func emitScalar(_ text: UnsafeRawBufferPointer, style: YAMLScalar.Style, isBinary: Bool) throws {
        guard text.count <= Int(Int32.max) else {
            throw YAMLWriterError.libyaml(
                call: "yaml_scalar_event_initialize",
                problem: "a value of \(text.count) bytes is longer than libyaml's limit of \(Int32.max) bytes")
        }
        let libyamlStyle: yaml_scalar_style_t
        switch style {
        case .plain: libyamlStyle = YAML_PLAIN_SCALAR_STYLE
        case .doubleQuoted: libyamlStyle = YAML_DOUBLE_QUOTED_SCALAR_STYLE
        case .literal: libyamlStyle = YAML_LITERAL_SCALAR_STYLE
        }
        // Untagged plain text is resolved by its characters; untagged quoted text is a string.
        let plainImplicit: Int32 = isBinary ? 0 : (style == .plain ? 1 : 0)
        let quotedImplicit: Int32 = isBinary ? 0 : 1
        let characters = text.baseAddress?.assumingMemoryBound(to: UInt8.self)
        try Self.emptyText.withUnsafeBufferPointer { empty in
            try Self.binaryTag.withUnsafeBufferPointer { binaryTag in
                try emit("yaml_scalar_event_initialize") {
                    yaml_scalar_event_initialize(
                        $0, nil, isBinary ? binaryTag.baseAddress : nil, characters ?? empty.baseAddress,
                        Int32(text.count), plainImplicit, quotedImplicit, libyamlStyle)
                }
            }
        }
    }

    /// Makes an event with `initialize` and hands it to the emitter, which takes it over.
    private func emit(_ call: String, _ initialize: (UnsafeMutablePointer<yaml_event_t>) -> Int32) throws {
        var event = yaml_event_t()
        guard initialize(&event) == 1 else {
            throw YAMLWriterError.libyaml(call: call, problem: "the event could not be made (out of memory)")
        }
        guard yaml_emitter_emit(emitter, &event) == 1 else {
            if emitter.pointee.error == YAML_WRITER_ERROR, let sinkError {
                self.sinkError = nil
                throw sinkError
            }
            let problem = emitter.pointee.problem.map { String(cString: $0) } ?? "no explanation given"
            throw YAMLWriterError.libyaml(call: "yaml_emitter_emit", problem: problem)
        }
    }
}
