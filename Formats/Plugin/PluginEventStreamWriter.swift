public import GraphExport
import GraphExportJSONText

/// Writes the event stream itself as JSON Lines: the protocol graphexport speaks to external
/// format plugins (`docs/PLUGINS.md`), version ``protocolVersion``.
///
/// The first line is the handshake: `{"protocol":"graphexport-events","version":1,"format":…,
/// "options":{…},"document":{…header fields…},"entities":[…the model…]}`. Then one line per
/// event, `{"event":"beginObject","entity":…,"id":…}`, `{"event":"attribute","name":…,"type":…,
/// "value":…}`, `{"event":"beginRelationship","name":…,"toMany":…}`, `{"event":"reference",
/// "id":…}`, `{"event":"endRelationship"}`, `{"event":"endObject"}`, and last `{"event":"end"}`;
/// an export of what changed since a history token adds `{"event":"changed","properties":[…]}`
/// and `{"event":"deleted"}` right after the `beginObject` they mark (names as they are).
/// Values are encoded as the JSON format (`GraphExportJSON`) encodes them; `type` names the value's kind
/// (`null`, `integer`, `double`, `decimal`, `string`, `boolean`, `date`, `binary`, `uuid`, `uri`),
/// so a reader knows that a string holds a date or base64 bytes. A ``Value/binaryFile(_:)`` value
/// is written as its bytes would be, its base64 streamed from the file in chunks of 64 KiB, so
/// that memory stays flat whatever its size. Fed through a ``GraphStream``, which rejects a call
/// that is not well nested before it reaches the writer, so a plugin only ever reads streams that
/// keep the grammar.
public final class PluginEventStreamWriter: GraphWriter {
    /// The protocol version this writer speaks.
    public static let protocolVersion = 1

    private let output: OutputBuffer
    private let format: String
    private let options: [String: String]
    /// What changes as the stream is written (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>

    /// The writer's changing state.
    private struct State {
        var line: [UInt8] = []
        /// Where in `line` the base64 of a file value goes.
        var splices = FileSplices()
        /// Identifiers as JSON strings, each prefix escaped once.
        var identifiers = JSONIdentifierText()
    }

    /// Creates a writer for the plugin of format `format`, passing it `options`.
    public init(sink: any ByteSink, format: String, options: [String: String] = [:]) {
        self.output = OutputBuffer(sink: sink)
        self.format = format
        self.options = options
        state = WriterState(State())
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the handshake line.
    public func begin(_ document: DocumentInfo) throws {
        state.pointee.line += Array(#"{"protocol":"graphexport-events","version":"#.utf8)
        state.pointee.line += Array(String(Self.protocolVersion).utf8)
        state.pointee.line += Array(#","format":"#.utf8)
        JSONText.appendString(format, to: &state.pointee.line)
        state.pointee.line += Array(#","options":"#.utf8)
        appendObject(options.sorted { $0.key < $1.key })
        state.pointee.line += Array(#","document":"#.utf8)
        appendObject(document.fields)
        state.pointee.line += Array(#","entities":["#.utf8)
        for (index, entity) in document.entities.enumerated() {
            if index > 0 { state.pointee.line.append(UInt8(ascii: ",")) }
            appendEntity(entity)
        }
        state.pointee.line += Array("]}".utf8)
        try endLine()
    }

    /// Writes one event as one line.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        switch event {
        case .beginObject(let entity, let id):
            state.pointee.line += Array(#"{"event":"beginObject","entity":"#.utf8)
            JSONText.appendString(entity, to: &state.pointee.line)
            state.pointee.line += Array(#","id":"#.utf8)
            state.pointee.identifiers.append(id, to: &state.pointee.line)
        case .changedProperties(let names):
            state.pointee.line += Array(#"{"event":"changed","properties":["#.utf8)
            for (index, name) in names.enumerated() {
                if index > 0 { state.pointee.line.append(UInt8(ascii: ",")) }
                JSONText.appendString(name, to: &state.pointee.line)
            }
            state.pointee.line.append(UInt8(ascii: "]"))
        case .deleted:
            state.pointee.line += Array(#"{"event":"deleted""#.utf8)
        case .attribute(let name, let value):
            state.pointee.line += Array(#"{"event":"attribute","name":"#.utf8)
            JSONText.appendString(name, to: &state.pointee.line)
            state.pointee.line += Array(#","type":""#.utf8)
            state.pointee.line += Array(Self.kind(of: value).utf8)
            state.pointee.line += Array(#"","value":"#.utf8)
            _ = JSONText.appendValue(
                value, to: &state.pointee.line, splicing: &state.pointee.splices, escapingKeys: false)
        case .beginRelationship(let name, let isToMany):
            state.pointee.line += Array(#"{"event":"beginRelationship","name":"#.utf8)
            JSONText.appendString(name, to: &state.pointee.line)
            state.pointee.line += Array((isToMany ? #","toMany":true"# : #","toMany":false"#).utf8)
        case .reference(let id):
            state.pointee.line += Array(#"{"event":"reference","id":"#.utf8)
            state.pointee.identifiers.append(id, to: &state.pointee.line)
        case .endRelationship:
            state.pointee.line += Array(#"{"event":"endRelationship""#.utf8)
        case .endObject:
            state.pointee.line += Array(#"{"event":"endObject""#.utf8)
        }
        state.pointee.line.append(UInt8(ascii: "}"))
        try endLine()
    }

    /// Writes the row as the events it stands for (``ObjectRow/events``), one line each: the
    /// protocol has no line for a row.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try writeEvents(of: row, at: position)
    }

    /// Writes the closing `end` line and flushes.
    public func finish() throws {
        state.pointee.line += Array(#"{"event":"end"}"#.utf8)
        try endLine()
        try output.flush()
    }

    private func endLine() throws {
        state.pointee.line.append(UInt8(ascii: "\n"))
        if state.pointee.splices.isEmpty {
            try state.pointee.line.withUnsafeBytes { try output.append($0) }
        } else {
            try state.pointee.splices.write(state.pointee.line, to: output)
        }
        state.pointee.line.removeAll(keepingCapacity: true)
    }

    private func appendObject(_ fields: [(key: String, value: String)]) {
        state.pointee.line.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { state.pointee.line.append(UInt8(ascii: ",")) }
            JSONText.appendString(field.key, to: &state.pointee.line)
            state.pointee.line.append(UInt8(ascii: ":"))
            JSONText.appendString(field.value, to: &state.pointee.line)
        }
        state.pointee.line.append(UInt8(ascii: "}"))
    }

    private func appendEntity(_ entity: EntityInfo) {
        state.pointee.line += Array(#"{"name":"#.utf8)
        JSONText.appendString(entity.name, to: &state.pointee.line)
        appendField("parent", entity.parent)
        appendField("abstract", entity.isAbstract)
        state.pointee.line += Array(#","attributes":["#.utf8)
        for (index, attribute) in entity.attributes.enumerated() {
            if index > 0 { state.pointee.line.append(UInt8(ascii: ",")) }
            state.pointee.line += Array(#"{"name":"#.utf8)
            JSONText.appendString(attribute.name, to: &state.pointee.line)
            appendField("type", attribute.type.rawValue)
            appendField("optional", attribute.isOptional)
            state.pointee.line.append(UInt8(ascii: "}"))
        }
        state.pointee.line += Array(#"],"relationships":["#.utf8)
        for (index, relationship) in entity.relationships.enumerated() {
            if index > 0 { state.pointee.line.append(UInt8(ascii: ",")) }
            state.pointee.line += Array(#"{"name":"#.utf8)
            JSONText.appendString(relationship.name, to: &state.pointee.line)
            appendField("destination", relationship.destination)
            appendField("toMany", relationship.isToMany)
            appendField("ordered", relationship.isOrdered)
            appendField("inverse", relationship.inverse)
            state.pointee.line.append(UInt8(ascii: "}"))
        }
        state.pointee.line += Array("]}".utf8)
    }

    /// Appends `,"key":` and `text` as a JSON string, or `null` without one.
    private func appendField(_ key: String, _ text: String?) {
        state.pointee.line += Array(",\"\(key)\":".utf8)
        if let text {
            JSONText.appendString(text, to: &state.pointee.line)
        } else {
            state.pointee.line += Array("null".utf8)
        }
    }

    /// Appends `,"key":true` or `,"key":false`.
    private func appendField(_ key: String, _ flag: Bool) {
        state.pointee.line += Array(",\"\(key)\":\(flag)".utf8)
    }

    private static func kind(of value: Value) -> String {
        switch value {
        case .null: return "null"
        case .integer: return "integer"
        case .double: return "double"
        case .decimal: return "decimal"
        case .string: return "string"
        case .boolean: return "boolean"
        case .date: return "date"
        case .binary, .binaryFile: return "binary"
        case .uuid: return "uuid"
        case .uri: return "uri"
        case .array: return "array"
        case .map: return "map"
        }
    }
}
