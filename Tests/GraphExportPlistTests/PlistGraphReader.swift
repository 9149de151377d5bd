import Foundation
import GraphExport
import GraphExportTestSupport

/// Reads what `plistlib` made of an export back into events, checking the document's shape as
/// ``PlistGraphWriter`` documents it; every deviation is a thrown ``ReadError``.
struct PlistGraphReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel

    func read(_ root: PlistNode) throws -> DecodedExport {
        guard let members = root.members, members.map(\.key) == ["@source", "@graph"],
            let source = members[0].value.members, case .array(let objects) = members[1].value
        else { throw fail("the root is not a dict of @source and @graph: \(root)") }
        var export = DecodedExport()
        let dataKeys = try list("@utf8Data", in: source)
        for (key, value) in source where key != "@utf8Data" {
            export.fields[key] = try text(value, isData: dataKeys.contains(key), "@source.\(key)")
        }
        guard Set(dataKeys).isSubset(of: export.fields.keys) else { throw fail("@source lists unknown keys") }
        for object in objects {
            try readObject(object, into: &export.events)
        }
        return export
    }

    private func fail(_ message: String) -> ReadError {
        ReadError(description: message)
    }

    /// The strings of the array under `key`, if the dictionary has one; `[]` otherwise.
    private func list(_ key: String, in members: [(key: String, value: PlistNode)]) throws -> [String] {
        guard let node = members.first(where: { $0.key == key })?.value else { return [] }
        guard case .array(let elements) = node else { throw fail("\(key) is not an array") }
        let names = try elements.map { element -> String in
            guard case .string(let name) = element else { throw fail("\(key) holds \(element)") }
            return name
        }
        guard !names.isEmpty else { throw fail("\(key) is written although empty") }
        return names
    }

    /// Text written as a `<string>`, or as a `<data>` of its UTF-8 bytes when listed in `@utf8Data`.
    private func text(_ node: PlistNode, isData: Bool, _ what: String) throws -> String {
        switch (node, isData) {
        case (.string(let text), false): return text
        case (.data(let bytes), true):
            guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("\(what): not UTF-8") }
            return text
        default: throw fail("\(what) is \(node), listed in @utf8Data: \(isData)")
        }
    }

    private func readObject(_ node: PlistNode, into events: inout [GraphEvent]) throws {
        guard let members = node.members, members.count >= 2, members[0].key == "@id", members[1].key == "@type"
        else { throw fail("an object does not start with @id and @type: \(node)") }
        let dataKeys = try list("@utf8Data", in: members)
        let nulls = try list("@null", in: members)
        let id = try text(members[0].value, isData: dataKeys.contains("@id"), "@id")
        let entityName = try text(members[1].value, isData: dataKeys.contains("@type"), "\(id).@type")
        guard let entity = model.index(of: entityName) else { throw fail("\(id): unknown entity \(entityName)") }
        events.append(.beginObject(entity: entityName, id: ObjectID(id)))
        let values = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard values.count == members.count else { throw fail("\(id) has a key twice") }
        var expectedKeys = ["@id", "@type"]
        var expectedNulls: [String] = []
        for attribute in model.attributes(of: entity) {
            guard let value = values[attribute.name] else {
                expectedNulls.append(attribute.name)
                events.append(.attribute(name: attribute.name, value: .null))
                continue
            }
            expectedKeys.append(attribute.name)
            let isData = dataKeys.contains(attribute.name)
            let decoded = try self.value(value, attribute.type, isData: isData, "\(id).\(attribute.name)")
            events.append(.attribute(name: attribute.name, value: decoded))
        }
        for relationship in model.relationships(of: entity) {
            events.append(.beginRelationship(name: relationship.name, isToMany: relationship.isToMany))
            switch (values[relationship.name], relationship.isToMany) {
            case (.array(let destinations)?, true):
                for destination in destinations { try readDestination(destination, into: &events) }
            case (let destination?, false):
                try readDestination(destination, into: &events)
            case (nil, false):
                expectedNulls.append(relationship.name)
                events.append(.endRelationship)
                continue
            default:
                throw fail("\(id).\(relationship.name) is \(String(describing: values[relationship.name]))")
            }
            expectedKeys.append(relationship.name)
            events.append(.endRelationship)
        }
        if !expectedNulls.isEmpty { expectedKeys.append("@null") }
        if !dataKeys.isEmpty { expectedKeys.append("@utf8Data") }
        guard members.map(\.key) == expectedKeys else {
            throw fail("\(id) has the keys \(members.map(\.key)), expected \(expectedKeys)")
        }
        guard nulls == expectedNulls else { throw fail("\(id): @null is \(nulls), expected \(expectedNulls)") }
        events.append(.endObject)
    }

    /// A nested object (a dict with `@type`) or a reference (a dict of `@id` alone).
    private func readDestination(_ node: PlistNode, into events: inout [GraphEvent]) throws {
        guard let members = node.members else { throw fail("a destination is \(node)") }
        if members.contains(where: { $0.key == "@type" }) { return try readObject(node, into: &events) }
        let dataKeys = try list("@utf8Data", in: members)
        guard members.first?.key == "@id", members.map(\.key) == (dataKeys.isEmpty ? ["@id"] : ["@id", "@utf8Data"]),
            dataKeys.isEmpty || dataKeys == ["@id"]
        else { throw fail("a reference is \(node)") }
        events.append(.reference(ObjectID(try text(members[0].value, isData: !dataKeys.isEmpty, "reference"))))
    }

    /// The value `node` stands for in an attribute of `type`, by the documented mapping.
    func value(_ node: PlistNode, _ type: AttributeType, isData: Bool, _ what: String) throws -> Value {
        let failure = fail("\(what): \(node) is no \(type.rawValue)")
        switch (node, type) {
        case (.integer(let text), .integer16), (.integer(let text), .integer32), (.integer(let text), .integer64):
            return .integer(try Int64(text) ?? { throw failure }())
        case (.real(let text), .double), (.real(let text), .float):
            return .double(try Double(text) ?? { throw failure }())
        case (_, .decimal):
            return .decimal(try text(node, isData: isData, what))
        case (_, .string):
            return .string(try text(node, isData: isData, what))
        case (_, .uri):
            return .uri(try text(node, isData: isData, what))
        case (.bool(let value), .boolean):
            return .boolean(value)
        case (.date(let seconds), .date):
            return .date(Timestamp(secondsSinceReferenceDate: Double(seconds)))
        case (.string(let text), .date):
            // Only what a <date> cannot hold exactly goes into a string.
            guard let timestamp = Timestamp(iso8601: text),
                text.contains(".") || !text.first!.isNumber || text.hasPrefix("0000-")
            else { throw failure }
            return .date(timestamp)
        case (.real(let text), .date):
            guard let seconds = Double(text), Timestamp(secondsSinceReferenceDate: seconds).iso8601 == nil else {
                throw failure
            }
            return .date(Timestamp(secondsSinceReferenceDate: seconds))
        case (.data(let bytes), .binary), (.data(let bytes), .transformable):
            guard !isData else { throw failure }
            return .binary(bytes)
        case (.string(let text), .uuid):
            guard let uuid = UUID(uuidString: text), text == text.lowercased() else { throw failure }
            return .uuid(UUIDValue(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) })!)
        default:
            throw failure
        }
    }
}
