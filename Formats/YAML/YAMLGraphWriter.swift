public import GraphExport

/// Writes an export as one YAML document, streaming, through libyaml's emitter: the same data as
/// the JSON export, so that a YAML loader and a JSON parser read the same
/// values from the two, in a layout for people.
///
/// The document is a block mapping with two keys: `"@source"`, a mapping of the header's fields
/// (``DocumentInfo/fields``, every value a string), and `"@graph"`, a sequence of the top-level
/// objects (`[]` when there are none). Each object is a block mapping that starts with `"@id"`
/// (its ``ObjectID``) and `"@type"` (its entity), then has one key per attribute and per
/// relationship, named as the model names them, except that a name starting with `@` is written
/// with one more `@` (``MarkerEscape``: `@id` is `"@@id"`), so that a key starting with a single
/// `@` is always a marker. A to-many relationship is a block sequence (`[]`
/// when empty); a to-one relationship is its destination, or `null` when empty. A destination is
/// either an object written in full where it nests, or a reference to an object written in full
/// elsewhere: a flow mapping `{"@id": Photo/4}` on one line.
///
/// ```yaml
/// "@source":
///   generator: graphexport 0.1.0
///   sourceKind: in-memory graph
///   shape: tree
/// "@graph":
/// - "@id": Album/1
///   "@type": Album
///   title: Trip
///   rating: 4.5
///   notes: |-
///     first line
///     second line
///   photos:
///   - "@id": Photo/2
///     "@type": Photo
///     album: {"@id": Album/1}
///     tags: []
///   cover: {"@id": Photo/2}
/// ```
///
/// Values: null is `null`; integers are exact digits; doubles are the shortest text that reads
/// back to the same bits, always a float to YAML 1.1 and 1.2 readers (`5.0`, `-0.0`, `1.0e-05`
/// where JSON has `1e-05`); booleans are `true` and `false`. Decimals are double-quoted strings of
/// their exact text (`"12.50"`) and dates double-quoted ISO 8601 strings in UTC, as in JSON (and
/// so that YAML 1.1 readers do not turn them into timestamps); a date with no ISO 8601 form is
/// written as its seconds since 2001-01-01T00:00:00Z by the double rule, with one warning per
/// attribute. UUIDs and URIs are strings. Arrays are sequences and maps mappings, their keys in
/// order with ``MarkerEscape/key(for:)``, block style in a block context and flow style (`[1, 2]`,
/// `{a: 1}`) where the object itself is in flow style; empty ones are `[]` and `{}`.
///
/// Strings are plain where every YAML 1.1 and 1.2 reader reads them back as the same string.
/// Text such a reader would type as something else is double-quoted: the implicit types of YAML
/// 1.1 (spec and PyYAML) and of the YAML 1.2 core schema, taken together (`yes`, `off`, `y`, `~`,
/// `null`, `True`, `0x1F`, `0o17`, `017`, `1_000`, `1e3`, `.inf`, `.NaN`, `12:30`, `2017-01-01`,
/// `<<`, `=`, the empty string). So is text that plain style cannot hold (an indicator first,
/// `: `, ` #`, leading or trailing blanks, control characters, which libyaml escapes). Multi-line
/// text is a literal block (`|`) where it reads back exactly (``YAMLOptions/literalBlocks``) and
/// double-quoted otherwise. Keys follow the same rules (`"@id"`, `"@type"`). Lines are never
/// folded, however long the value. The document has no directives and no `---`; it ends with
/// `...` only when its last string keeps trailing line breaks (`|+`).
///
/// Where the YAML export differs from the JSON one, because YAML has a native form:
/// - NaN and the infinities (doubles, and dates with no ISO 8601 form) are the floats `.nan`,
///   `.inf` and `-.inf`, without a warning for doubles, where JSON writes the strings `"NaN"`,
///   `"Infinity"` and `"-Infinity"` and warns.
/// - Binary values carry the `!!binary` tag, so that loaders return bytes (`!!binary AAEC//4=`,
///   `!!binary ""` when empty); JSON has the same base64 text as a plain string. A
///   ``Value/binaryFile(_:)`` value is written as its bytes would be, its base64 streamed from the
///   file in chunks of 64 KiB past libyaml (``YAMLEmitter``), so that memory stays flat whatever
///   its size, and with no limit on its length (libyaml takes at most 2 GiB of text per scalar).
/// - Exponents always come with a fraction (`1.0e-05`, `1.0e+16`), which YAML 1.1 readers need
///   to see a float; the number is the same.
/// - libyaml 0.2.5 escapes characters beyond U+FFFF (emoji) in double-quoted strings
///   (`"\U0001F600"`) and writes any string containing one double-quoted; the text is the same.
///
/// Depth: the writer keeps its place in an explicit stack, and libyaml's emitter its own, which
/// grow as needed: no recursion, no depth limit, time linear in the depth. Objects nested deeper
/// than ``YAMLOptions/maxBlockDepth`` are written in flow style on one line, so that the output
/// grows linearly with the number of objects (a chain of 100 000 nested objects takes 5.4 MB).
/// Readers beware: libyaml's own parser takes time quadratic in the flow nesting depth (measured
/// here: 2 s for 10 000 nested flow collections, 33 s for 40 000; a chain of 100 000 objects
/// nests 150 000), and recursive loaders such as PyYAML's composer stop at their recursion limit,
/// as JSON readers do at theirs.
///
/// The writer throws ``GraphStreamError`` for an event stream that is not well nested, before
/// handing anything to libyaml (``GraphStreamValidator``), ``YAMLWriterError`` for a libyaml
/// failure; an error of the sink is rethrown as it is. After either failure the document stops:
/// every later call throws ``GraphStreamError/stoppedByEarlierFailure``. libyaml buffers the
/// output and hands it to the sink in blocks of about 16 KiB.
public final class YAMLGraphWriter: GraphWriter {
    private static let sourceKey = YAMLScalar(text: "@source", style: .doubleQuoted)
    private static let graphKey = YAMLScalar(text: "@graph", style: .doubleQuoted)
    private static let idKey = YAMLScalar(text: "@id", style: .doubleQuoted)
    private static let typeKey = YAMLScalar(text: "@type", style: .doubleQuoted)
    private static let changedKey = YAMLScalar(text: "@changed", style: .doubleQuoted)
    private static let deletedKey = YAMLScalar(text: "@deleted", style: .doubleQuoted)

    private let sink: any ByteSink
    private let options: YAMLOptions
    /// What changes as the document is written, owned by this writer alone: kept behind a
    /// pointer rather than in `var` properties, so that each call costs no run-time exclusivity
    /// check (the writer is not reentrant, so no two accesses can overlap).
    private let state: UnsafeMutablePointer<State>

    /// The writer's changing state.
    private struct State {
        var emitter: YAMLEmitter?
        /// The stream's grammar, checked before anything is handed to libyaml; stopped once
        /// libyaml or the sink has failed.
        var validator = GraphStreamValidator()
        /// The warnings given, each once.
        var warnings: FormatWarnings
        /// Per entity index (``ObjectRow/entity``), the scalars of its `"@type"` value and its
        /// keys, made from its first row in each context: a block mapping's, and flow.
        var rowScalars: [(names: [String], block: EntityScalars?, flow: EntityScalars?)] = []
        /// The text of the identifier being written, made without a `String`.
        var idText: [UInt8] = []
    }

    /// The scalars written for every object of one entity in one context.
    private struct EntityScalars {
        /// The entity's name, the value of `"@type"`.
        let type: YAMLScalar
        /// The key of each attribute (``MarkerEscape``), in model order.
        let keys: [YAMLScalar]
    }

    /// Creates a writer that writes to `sink` and reports dates YAML cannot hold as such to
    /// `onWarning`.
    public init(
        sink: any ByteSink, options: YAMLOptions = YAMLOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.sink = sink
        self.options = options
        state = .allocate(capacity: 1)
        state.initialize(to: State(warnings: FormatWarnings(onWarning: onWarning)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Starts the document, writes the `"@source"` header and opens the `"@graph"` sequence.
    public func begin(_ document: DocumentInfo) throws {
        try state.pointee.validator.begin()
        try emitting {
            let emitter = try YAMLEmitter(sink: sink, indentation: options.indentation)
            state.pointee.emitter = emitter
            try emitter.beginDocument()
            try emitter.beginMapping(flow: false)
            try emitter.scalar(Self.sourceKey)
            try emitter.beginMapping(flow: false)
            for field in document.fields {
                try emitter.scalar(YAMLScalar(string: field.key, in: .blockKey))
                try emitter.scalar(
                    YAMLScalar(string: field.value, in: .blockValue, literalBlocks: options.literalBlocks))
            }
            try emitter.endMapping()
            try emitter.scalar(Self.graphKey)
            try emitter.beginSequence(flow: false)
        }
    }

    /// Writes one event, or throws ``GraphStreamError`` without writing anything when the event
    /// does not fit where the stream is.
    public func write(_ event: GraphEvent) throws {
        let endsToMany = state.pointee.validator.isInToMany
        let wasEmpty = try state.pointee.validator.accept(event)
        guard let emitter = state.pointee.emitter else { return }
        switch event {
        case .beginObject(let entity, let id):
            let context = valueContext
            let type = YAMLScalar(string: entity, in: context, literalBlocks: false)
            try emitting { try startObject(type: type, id: id, in: context, emitter) }
        case .changedProperties(let names):
            let context = valueContext
            try emitting { try writeChangedProperties(names, in: context, emitter) }
        case .deleted:
            let context = valueContext
            try emitting {
                try emitter.scalar(Self.deletedKey)
                _ = try emitter.value(.boolean(true), in: context, literalBlocks: false)
            }
        case .attribute(let name, let value):
            let context = valueContext
            var isDateWithoutISO8601 = false
            try emitting {
                try emitter.scalar(YAMLScalar(string: MarkerEscape.key(for: name), in: keyContext))
                isDateWithoutISO8601 = try emitter.value(value, in: context, literalBlocks: options.literalBlocks)
            }
            if isDateWithoutISO8601 { warnAboutDate(of: name) }
        case .beginRelationship(let name, let isToMany):
            let flow = valueContext == .flow
            try emitting {
                try emitter.scalar(YAMLScalar(string: MarkerEscape.key(for: name), in: keyContext))
                if isToMany { try emitter.beginSequence(flow: flow) }
            }
        case .reference(let id):
            try emitting {
                try emitter.beginMapping(flow: true)
                try emitter.scalar(Self.idKey)
                try writeIdentifier(id, in: .flow, emitter)
                try emitter.endMapping()
            }
        case .endRelationship:
            try emitting {
                if endsToMany {
                    try emitter.endSequence()
                } else if wasEmpty {
                    try emitter.scalar(.null)
                }
            }
        case .endObject:
            try emitting { try emitter.endMapping() }
        }
    }

    /// Writes an object's start and its attributes straight from the row's values, its keys and
    /// type made once per entity; or throws ``GraphStreamError`` without writing anything when
    /// the row does not fit where the stream is.
    public func beginObject(_ row: ObjectRow) throws {
        try state.pointee.validator.beginObject(row)
        guard let emitter = state.pointee.emitter else { return }
        let context = valueContext
        let scalars = entityScalars(for: row, in: context)
        let literalBlocks = options.literalBlocks
        var datesWithoutISO8601: [String] = []
        try emitting {
            try startObject(type: scalars.type, id: row.id, in: context, emitter)
            if let changed = row.changedProperties { try writeChangedProperties(changed, in: context, emitter) }
            for (index, value) in row.values.enumerated() {
                try emitter.scalar(scalars.keys[index])
                switch value {
                case .text(let bytes):
                    try emitter.string(utf8: bytes, in: context, literalBlocks: literalBlocks)
                case .bytes(let bytes):
                    try emitter.binary(bytes)
                default:
                    if try emitter.value(value.value, in: context, literalBlocks: literalBlocks) {
                        datesWithoutISO8601.append(row.attributeNames[index])
                    }
                }
            }
        }
        datesWithoutISO8601.forEach(warnAboutDate)
    }

    /// Closes the `"@graph"` sequence and the document and flushes everything to the sink.
    public func finish() throws {
        try state.pointee.validator.finish()
        try emitting {
            try state.pointee.emitter?.endSequence()
            try state.pointee.emitter?.endMapping()
            try state.pointee.emitter?.endDocument()
        }
    }

    /// Starts an object's mapping and writes its `"@id"` and `"@type"`.
    private func startObject(type: YAMLScalar, id: ObjectID, in context: YAMLScalar.Context, _ emitter: YAMLEmitter)
        throws
    {
        try emitter.beginMapping(flow: context == .flow)
        try emitter.scalar(Self.idKey)
        try writeIdentifier(id, in: context, emitter)
        try emitter.scalar(Self.typeKey)
        try emitter.scalar(type)
    }

    /// Writes `"@changed"` and the sequence of the keys of the properties named (``MarkerEscape``).
    private func writeChangedProperties(
        _ names: [String], in context: YAMLScalar.Context, _ emitter: YAMLEmitter
    ) throws {
        try emitter.scalar(Self.changedKey)
        _ = try emitter.value(
            .array(names.map { .string(MarkerEscape.key(for: $0)) }), in: context, literalBlocks: false)
    }

    /// Writes the text of `id` as a string, never a literal block, built in a reused buffer.
    private func writeIdentifier(_ id: ObjectID, in context: YAMLScalar.Context, _ emitter: YAMLEmitter) throws {
        state.pointee.idText.removeAll(keepingCapacity: true)
        state.pointee.idText.append(contentsOf: id.textPrefix.utf8)
        if let number = id.numericSuffix { JSONText.appendInteger(number, to: &state.pointee.idText) }
        try state.pointee.idText.withUnsafeBytes { try emitter.string(utf8: $0, in: context, literalBlocks: false) }
    }

    /// The scalars of the entity of `row` in `context`, made once per entity index and context
    /// (again should its names change, which ``ObjectRow`` rules out within a document).
    private func entityScalars(for row: ObjectRow, in context: YAMLScalar.Context) -> EntityScalars {
        let entity = row.entity
        if entity >= state.pointee.rowScalars.count {
            state.pointee.rowScalars += repeatElement(
                (names: [], block: nil, flow: nil), count: entity + 1 - state.pointee.rowScalars.count)
        }
        if state.pointee.rowScalars[entity].names != row.attributeNames {
            state.pointee.rowScalars[entity] = (row.attributeNames, nil, nil)
        }
        let isFlow = context == .flow
        if let known = isFlow ? state.pointee.rowScalars[entity].flow : state.pointee.rowScalars[entity].block {
            return known
        }
        let keyContext: YAMLScalar.Context = isFlow ? .flow : .blockKey
        let scalars = EntityScalars(
            type: YAMLScalar(string: row.entityName, in: context, literalBlocks: false),
            keys: row.attributeNames.map { YAMLScalar(string: MarkerEscape.key(for: $0), in: keyContext) })
        if isFlow {
            state.pointee.rowScalars[entity].flow = scalars
        } else {
            state.pointee.rowScalars[entity].block = scalars
        }
        return scalars
    }

    /// Runs `body`, and stops the document if it throws: libyaml cannot go on after a failure.
    private func emitting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            state.pointee.validator.stop()
            throw error
        }
    }

    /// Where the current object's values go: flow context once objects nest deeper than
    /// ``YAMLOptions/maxBlockDepth``.
    private var valueContext: YAMLScalar.Context {
        state.pointee.validator.objectDepth > max(options.maxBlockDepth, 0) ? .flow : .blockValue
    }

    /// Where the current object's keys go.
    private var keyContext: YAMLScalar.Context {
        valueContext == .flow ? .flow : .blockKey
    }

    /// Warns, once per attribute, of a date with no ISO 8601 form in attribute `name` of the
    /// innermost object.
    private func warnAboutDate(of name: String) {
        let attribute = "\(state.pointee.validator.currentObject?.entity ?? "").\(name)"
        state.pointee.warnings.dateWithoutISO8601(
            attribute, key: attribute, writtenAs: "seconds since 2001-01-01T00:00:00Z", notFinite: ".nan/.inf/-.inf")
    }
}
