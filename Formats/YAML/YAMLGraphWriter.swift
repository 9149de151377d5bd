public import GraphExport
import GraphExportJSONText

/// Writes an export as one YAML document, streaming, through libyaml's emitter: the same data as
/// the JSON export, so that a YAML loader and a JSON parser read the same
/// values from the two, in a layout for people.
///
/// Made by ``ExportFormat/yaml(pretty:options:)`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*.
public final class YAMLGraphWriter: GraphWriter {
    /// What YAML is called and carries.
    public static let format = FormatDescription(
        name: "yaml", aliases: ["yml"], fileExtensions: ["yaml", "yml"],
        capabilities: [.nesting, .binary, .nulls, .streaming, .pretty],
        summary: "YAML 1.2, also read right by YAML 1.1 loaders: the JSON export's @source and @graph, in block style")

    private static let sourceKey = YAMLScalar(text: "@source", style: .doubleQuoted)
    private static let graphKey = YAMLScalar(text: "@graph", style: .doubleQuoted)
    private static let idKey = YAMLScalar(text: "@id", style: .doubleQuoted)
    private static let typeKey = YAMLScalar(text: "@type", style: .doubleQuoted)
    private static let changedKey = YAMLScalar(text: "@changed", style: .doubleQuoted)
    private static let deletedKey = YAMLScalar(text: "@deleted", style: .doubleQuoted)

    private let sink: any ByteSink
    private let options: YAMLOptions
    /// What changes as the document is written (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>

    /// The writer's changing state.
    private struct State {
        var emitter: YAMLEmitter?
        /// The entity of the object begun last, whose attributes are written: for warnings.
        var currentEntity = ""
        /// The warnings given, each once.
        var warnings: FormatWarnings
        /// Per entity index (``ObjectRow/entity``), the scalars of its `"@type"` value and its
        /// keys, made from its first row in each context: a block mapping's, and flow.
        var rowScalars: [(names: [String], block: EntityScalars?, flow: EntityScalars?)] = []
        /// The text of the identifier being written, made without a `String`.
        var idText: [UInt8] = []
        /// Per destination entity, by index, the UTF-8 bytes of the prefix its references'
        /// identifiers start with, the key's digits following (``writeRelationships(_:at:)``);
        /// `nil` when not asked yet or when its identifiers are texts.
        var referencePrefixes: [[UInt8]?] = []
        /// Per destination entity, by index, whether ``referencePrefixes`` was asked for it.
        var referencePrefixAsked: [Bool] = []
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
        state = WriterState(State(warnings: FormatWarnings(onWarning: onWarning)))
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Starts the document, writes the `"@source"` header and opens the `"@graph"` sequence.
    public func begin(_ document: DocumentInfo) throws {
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

    /// Writes one event.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        guard let emitter = state.pointee.emitter else { return }
        switch event {
        case .beginObject(let entity, let id):
            state.pointee.currentEntity = entity
            let context = valueContext(atObjectDepth: position.objectDepth + 1)
            let type = YAMLScalar(string: entity, in: context, literalBlocks: false)
            try startObject(type: type, id: id, in: context, emitter)
        case .changedProperties(let names):
            try writeChangedProperties(names, in: valueContext(atObjectDepth: position.objectDepth), emitter)
        case .deleted:
            try emitter.scalar(Self.deletedKey)
            _ = try emitter.value(
                .boolean(true), in: valueContext(atObjectDepth: position.objectDepth), literalBlocks: false)
        case .attribute(let name, let value):
            let context = valueContext(atObjectDepth: position.objectDepth)
            let keyContext: YAMLScalar.Context = context == .flow ? .flow : .blockKey
            try emitter.scalar(YAMLScalar(string: MarkerEscape.key(for: name), in: keyContext))
            if try emitter.value(value, in: context, literalBlocks: options.literalBlocks) { warnAboutDate(of: name) }
        case .beginRelationship(let name, let isToMany):
            let isFlow = valueContext(atObjectDepth: position.objectDepth) == .flow
            try emitter.scalar(YAMLScalar(string: MarkerEscape.key(for: name), in: isFlow ? .flow : .blockKey))
            if isToMany { try emitter.beginSequence(flow: isFlow) }
        case .reference(let id):
            try emitter.beginMapping(flow: true)
            try emitter.scalar(Self.idKey)
            try writeIdentifier(id, in: .flow, emitter)
            try emitter.endMapping()
        case .endRelationship:
            if position.isInToMany {
                try emitter.endSequence()
            } else if position.elementIsEmpty {
                try emitter.scalar(.null)
            }
        case .endObject:
            try emitter.endMapping()
        }
    }

    /// Writes an object's start and its attributes straight from the row's values, its keys and
    /// type made once per entity.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        guard let emitter = state.pointee.emitter else { return }
        state.pointee.currentEntity = row.entityName
        let context = valueContext(atObjectDepth: position.objectDepth + 1)
        let scalars = entityScalars(for: row, in: context)
        let literalBlocks = options.literalBlocks
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
                    warnAboutDate(of: row.attributeNames[index])
                }
            }
        }
    }

    /// Writes the innermost object's relationships as their events would be written, each
    /// reference's `"@id"` from its destination's key: its entity's prefix, taken once, then the
    /// key's digits, with no `ObjectID` or `String` per reference.
    public func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        guard let emitter = state.pointee.emitter else { return }
        let isFlow = valueContext(atObjectDepth: position.objectDepth) == .flow
        for index in 0..<relationships.count {
            try emitter.scalar(
                YAMLScalar(string: MarkerEscape.key(for: relationships.name(at: index)), in: isFlow ? .flow : .blockKey)
            )
            if relationships.isToMany(at: index) {
                try emitter.beginSequence(flow: isFlow)
                for key in relationships.destinations(at: index) {
                    try writeReference(to: key, of: relationships, emitter)
                }
                try emitter.endSequence()
            } else if let key = relationships.destination(at: index) {
                try writeReference(to: key, of: relationships, emitter)
            } else {
                try emitter.scalar(.null)
            }
        }
    }

    /// Writes the flow mapping `{"@id": ...}` of the destination `key`.
    private func writeReference(to key: ObjectKey, of relationships: ObjectRelationships, _ emitter: YAMLEmitter)
        throws
    {
        try emitter.beginMapping(flow: true)
        try emitter.scalar(Self.idKey)
        if key.entity < state.pointee.referencePrefixes.count, let prefix = state.pointee.referencePrefixes[key.entity]
        {
            state.pointee.idText.removeAll(keepingCapacity: true)
            state.pointee.idText.append(contentsOf: prefix)
            JSONText.appendInteger(key.row, to: &state.pointee.idText)
            try state.pointee.idText.withUnsafeBytes { try emitter.string(utf8: $0, in: .flow, literalBlocks: false) }
        } else {
            try writeFirstOrTextIdentifier(of: key, in: relationships, emitter)
        }
        try emitter.endMapping()
    }

    /// Writes the identifier of the destination `key` of an entity not asked yet or whose
    /// identifiers are texts, learning its prefix on its first reference.
    @inline(never)
    private func writeFirstOrTextIdentifier(
        of key: ObjectKey, in relationships: ObjectRelationships, _ emitter: YAMLEmitter
    ) throws {
        if key.entity >= state.pointee.referencePrefixes.count {
            let missing = key.entity + 1 - state.pointee.referencePrefixes.count
            state.pointee.referencePrefixes += repeatElement(nil, count: missing)
            state.pointee.referencePrefixAsked += repeatElement(false, count: missing)
        }
        if !state.pointee.referencePrefixAsked[key.entity] {
            state.pointee.referencePrefixAsked[key.entity] = true
            state.pointee.referencePrefixes[key.entity] = relationships.numberedIDPrefix(ofEntity: key.entity)
                .map { Array($0.utf8) }
        }
        if let prefix = state.pointee.referencePrefixes[key.entity] {
            state.pointee.idText.removeAll(keepingCapacity: true)
            state.pointee.idText.append(contentsOf: prefix)
            JSONText.appendInteger(key.row, to: &state.pointee.idText)
            try state.pointee.idText.withUnsafeBytes { try emitter.string(utf8: $0, in: .flow, literalBlocks: false) }
        } else {
            try writeIdentifier(relationships.id(of: key), in: .flow, emitter)
        }
    }

    /// Closes the `"@graph"` sequence and the document and flushes everything to the sink.
    public func finish() throws {
        try state.pointee.emitter?.endSequence()
        try state.pointee.emitter?.endMapping()
        try state.pointee.emitter?.endDocument()
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

    /// Where the values of an object at `objectDepth` go: flow context once objects nest deeper
    /// than ``YAMLOptions/maxBlockDepth``.
    private func valueContext(atObjectDepth objectDepth: Int) -> YAMLScalar.Context {
        objectDepth > max(options.maxBlockDepth, 0) ? .flow : .blockValue
    }

    /// Warns, once per attribute, of a date with no ISO 8601 form in attribute `name` of the
    /// innermost object.
    private func warnAboutDate(of name: String) {
        let attribute = "\(state.pointee.currentEntity).\(name)"
        state.pointee.warnings.dateWithoutISO8601(
            attribute, key: attribute, writtenAs: "seconds since 2001-01-01T00:00:00Z", notFinite: ".nan/.inf/-.inf")
    }
}
