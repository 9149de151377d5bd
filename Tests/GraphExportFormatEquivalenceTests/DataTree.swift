import GraphExport
import GraphExportTestSupport

/// Turns the data a JSON, JSON Lines or YAML export reads back as into a ``NeutralDocument``,
/// undoing each format's documented encodings with the help of the model, and throwing for
/// anything the writers' documentation does not allow.
struct DataTreeReader {
    enum Format {
        /// JSON and JSON Lines: NaN and the infinities are the strings `"NaN"`, `"Infinity"`,
        /// `"-Infinity"`; binary values base64 strings.
        case json
        /// YAML: NaN and the infinities are the floats `.nan`, `.inf`, `-.inf`; binary values `!!binary`.
        case yaml
    }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel
    let format: Format

    /// A JSON or YAML export: `{"@source": {…}, "@graph": […]}`.
    func document(_ root: DataNode) throws -> NeutralDocument {
        guard case .mapping(let members) = root, members.map(\.key) == ["@source", "@graph"],
            case .sequence(let graph) = members[1].value
        else { throw ReadError(description: "the document is not {\"@source\", \"@graph\"}") }
        return NeutralDocument(header: try header(members[0].value), nodes: try graph.map(node))
    }

    /// A JSON Lines export: the header line, then one line per object, each a top-level node.
    func lines(_ roots: [DataNode]) throws -> NeutralDocument {
        guard case .mapping(let members)? = roots.first, members.count == 1, members[0].key == "@source" else {
            throw ReadError(description: "the first line is not {\"@source\": …}")
        }
        return NeutralDocument(header: try header(members[0].value), nodes: try roots.dropFirst().map(node))
    }

    private func header(_ node: DataNode) throws -> [String: String] {
        guard case .mapping(let fields) = node else { throw ReadError(description: "@source is not a mapping") }
        var header: [String: String] = [:]
        for (key, value) in fields {
            guard case .string(let text) = value else { throw ReadError(description: "@source.\(key) is no string") }
            header[key] = text
        }
        return header
    }

    private func node(_ data: DataNode) throws -> NeutralNode {
        guard case .mapping(let members) = data, members.count >= 2, members[0].key == "@id",
            case .string(let id) = members[0].value, members[1].key == "@type",
            case .string(let entityName) = members[1].value
        else { throw ReadError(description: "not an object with @id and @type first: \(data)") }
        guard let entity = model.index(of: entityName) else {
            throw ReadError(description: "\(id): unknown entity \(entityName)")
        }
        var node = NeutralNode(id: id, entity: entityName)
        let attributes = model.attributes(of: entity)
        let relationships = model.relationships(of: entity)
        for (escapedKey, value) in members.dropFirst(2) {
            guard let key = MarkerEscape.name(forKey: escapedKey) else {
                throw ReadError(description: "\(id): \(escapedKey.debugDescription) is a marker no object has")
            }
            if let attribute = attributes.first(where: { $0.name == key }) {
                node.attributes[key] = try self.value(value, attribute.type, at: "\(id).\(key)")
            } else if let relationship = relationships.first(where: { $0.name == key }) {
                node.relationships[key] = try destinations(value, isToMany: relationship.isToMany, at: "\(id).\(key)")
            } else {
                throw ReadError(description: "\(id): \(key.debugDescription) is no property of \(entityName)")
            }
        }
        let missing = (attributes.map(\.name) + relationships.map(\.name)).filter {
            node.attributes[$0] == nil && node.relationships[$0] == nil
        }
        guard missing.isEmpty else { throw ReadError(description: "\(id): no \(missing)") }
        return node
    }

    private func destinations(_ data: DataNode, isToMany: Bool, at path: String) throws -> NeutralRelationship {
        switch (data, isToMany) {
        case (.null, false): return .null
        case (.mapping, false): return .items([try item(data)])
        case (.sequence(let items), true): return .items(try items.map(item))
        default: throw ReadError(description: "\(path): a \(isToMany ? "to-many" : "to-one") holds a \(data.kind)")
        }
    }

    private func item(_ data: DataNode) throws -> NeutralItem {
        if case .mapping(let members) = data, members.count == 1, members[0].key == "@id",
            case .string(let id) = members[0].value
        {
            return .reference(id)
        }
        return .node(try node(data))
    }

    /// The typed value `data` stands for in an attribute of `type`. Where the data does not have
    /// the form the writers use for `type`, it is taken for what its own kind says (a string stays a
    /// string), so that the comparison shows the difference instead of the reader hiding it.
    func value(_ data: DataNode, _ type: AttributeType, at path: String) throws -> NeutralValue {
        switch (type, data) {
        case (_, .null):
            return .null
        case (.integer16, .integer(let integer)), (.integer32, .integer(let integer)),
            (.integer64, .integer(let integer)):
            return .integer(integer)
        case (.double, .float(let double)), (.float, .float(let double)):
            return .double(double)
        case (.double, .string(let text)), (.float, .string(let text)):
            if let special = nonFinite(text) { return .double(special) }
        case (.decimal, .string(let text)):
            return .decimal(Array(text.utf8))
        case (.string, .string(let text)):
            return .string(Array(text.utf8))
        case (.uri, .string(let text)):
            return .uri(Array(text.utf8))
        case (.boolean, .boolean(let boolean)):
            return .boolean(boolean)
        case (.date, .string(let text)):
            if let timestamp = Timestamp(iso8601: text) { return .date(seconds: timestamp.secondsSinceReferenceDate) }
            if let special = nonFinite(text) { return .date(seconds: special) }
        case (.date, .float(let seconds)):
            return .date(seconds: seconds)
        case (.binary, .string(let text)) where format == .json,
            (.transformable, .string(let text)) where format == .json:
            if let bytes = ValueText.base64(text) { return .binary(bytes) }
        case (.binary, .binary(let bytes)) where format == .yaml,
            (.transformable, .binary(let bytes)) where format == .yaml:
            return .binary(bytes)
        case (.uuid, .string(let text)):
            if let uuid = ValueText.uuid(text) { return .uuid(uuid.bytes) }
        case (.transformable, .sequence), (.transformable, .mapping):
            return try structured(data, at: path)
        default:
            break
        }
        switch data {
        case .null: return .null
        case .boolean(let boolean): return .boolean(boolean)
        case .integer(let integer): return .integer(integer)
        case .float(let double): return .double(double)
        case .string(let text): return .string(Array(text.utf8))
        case .binary(let bytes): return .binary(bytes)
        case .sequence, .mapping: throw ReadError(description: "\(path): a \(data.kind) as a \(type.rawValue) value")
        }
    }

    /// An array or map in the form ``NeutralValue/structured(_:)`` gives the source's: keys with
    /// their `@` escape undone, every scalar but null as its text.
    private func structured(_ data: DataNode, at path: String) throws -> NeutralValue {
        switch data {
        case .null: return .null
        case .boolean(let boolean): return .string(Array((boolean ? "true" : "false").utf8))
        case .integer(let integer): return .string(Array(String(integer).utf8))
        case .float(let double): return .string(Array(double.description.utf8))
        case .string(let text): return .string(Array(text.utf8))
        case .binary(let bytes): return .string(Array(Base64.encode(bytes).utf8))
        case .sequence(let elements): return .array(try elements.map { try structured($0, at: path) })
        case .mapping(let members):
            return .map(
                try members.map { member in
                    guard let key = MarkerEscape.name(forKey: member.key) else {
                        throw ReadError(description: "\(path): \(member.key.debugDescription) is a marker in a map")
                    }
                    return NeutralEntry(key: Array(key.utf8), value: try structured(member.value, at: path))
                })
        }
    }

    /// JSON's strings for the doubles it has no number for.
    private func nonFinite(_ text: String) -> Double? {
        guard format == .json else { return nil }
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return nil
        }
    }
}
