import Foundation
import GraphExport
import GraphExportTestSupport
import GraphExportXML

/// Decodes a name written by the `XmlConvert.EncodeName` convention ``XMLGraphWriter`` documents:
/// `_x` + four to six hexadecimal digits + `_` is one character, `_x_` alone is the empty name,
/// everything else stands for itself. `nil` for an escape that names no Unicode scalar.
func decodeXMLName(_ name: String) -> String? {
    if name == "_x_" { return "" }
    let scalars = Array(name.unicodeScalars)
    var decoded = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        if scalars[index] == "_", index + 1 < scalars.count, scalars[index + 1] == "x" {
            var end = index + 2
            while end < scalars.count, end - index - 2 < 7, scalars[end].properties.isASCIIHexDigit { end += 1 }
            let digits = end - index - 2
            guard (4...6).contains(digits), end < scalars.count, scalars[end] == "_",
                let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<end])), radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            decoded.append(scalar)
            index = end + 1
        } else {
            decoded.append(scalars[index])
            index += 1
        }
    }
    return String(decoded)
}

/// Reads a parsed export back into events, without recursion, checking the document's shape as
/// ``XMLGraphWriter`` documents it; every deviation is a thrown ``ReadError``.
struct XMLGraphReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel
    let style: XMLOptions.Style

    static let gx = XMLGraphWriter.namespace

    private enum Context {
        case document
        case object(entity: Int)
        case relationship(isToMany: Bool, isNull: Bool, count: Int)
        case reference
        /// An attribute element (element style): its text so far.
        case value(entity: Int, name: String, isNull: Bool, isBase64: Bool, text: String)
    }

    func read(_ parsed: ParsedXML) throws -> DecodedExport {
        let items = parsed.withoutLayout
        guard parsed.version == "1.0", parsed.encoding == "UTF-8" else { throw fail("bad XML declaration") }
        guard case .start(let rootName, let rootAttributes) = items.first,
            rootName == XMLName(namespace: Self.gx, local: "export")
        else { throw fail("the root is not gx:export") }
        var export = DecodedExport()
        let base64 = Set(rootAttributes.first { $0.name == gxName("base64") }?.value.split(separator: " ") ?? [])
        for (name, value) in rootAttributes where name.namespace == Self.gx && name.local != "base64" {
            guard let key = decodeXMLName(name.local) else { throw fail("bad header name \(name)") }
            export.fields[key] = base64.contains("gx:" + name.local[...]) ? try text(base64: value) : value
        }
        var stack: [Context] = [.document]
        for item in items.dropFirst() {
            switch (item, stack[stack.count - 1]) {
            case (.start(let name, let attributes), .document),
                (.start(let name, let attributes), .relationship(isToMany: _, isNull: false, count: _)):
                if name == gxName("ref") {
                    guard case .relationship = stack.last!, attributes.count == 1, attributes[0].name == gxName("id")
                    else { throw fail("bad reference \(item)") }
                    try count(in: &stack)
                    export.events.append(.reference(ObjectID(attributes[0].value)))
                    stack.append(.reference)
                } else {
                    if case .relationship = stack.last! { try count(in: &stack) }
                    let entity = try beginObject(name, attributes, into: &export.events)
                    stack.append(.object(entity: entity))
                }
            case (.start(let name, let attributes), .object(let entity)):
                guard name.namespace == nil, let decoded = decodeXMLName(name.local) else {
                    throw fail("bad property element \(name)")
                }
                let relationships = model.relationships(of: entity)
                if let relationship = relationships.first(where: { $0.name == decoded }) {
                    let isNull = try flag(attributes, allowed: ["null"], ifToOne: !relationship.isToMany)
                    export.events.append(.beginRelationship(name: decoded, isToMany: relationship.isToMany))
                    stack.append(.relationship(isToMany: relationship.isToMany, isNull: isNull, count: 0))
                } else if style == .elements, model.attributes(of: entity).contains(where: { $0.name == decoded }) {
                    let isNull = try flag(attributes, allowed: ["null", "encoding"], ifToOne: true)
                    let isBase64 = attributes.contains { $0.name == gxName("encoding") && $0.value == "base64" }
                    stack.append(.value(entity: entity, name: decoded, isNull: isNull, isBase64: isBase64, text: ""))
                } else {
                    throw fail("\(decoded) is no property of \(model.entities[entity].name)")
                }
            case (.text(let text), .value(let entity, let name, false, let isBase64, "")):
                stack[stack.count - 1] = .value(
                    entity: entity, name: name, isNull: false, isBase64: isBase64, text: text)
            case (.end, .value(let entity, let name, let isNull, let isBase64, let text)):
                let type = model.attributes(of: entity).first { $0.name == name }!.type
                let value = isNull ? Value.null : try self.value(isBase64 ? self.text(base64: text) : text, type)
                export.events.append(.attribute(name: name, value: value))
                stack.removeLast()
            case (.end, .object):
                export.events.append(.endObject)
                stack.removeLast()
            case (.end, .relationship):
                export.events.append(.endRelationship)
                stack.removeLast()
            case (.end, .reference):
                stack.removeLast()
            case (.end, .document):
                stack.removeLast()
                guard stack.isEmpty else { throw fail("unbalanced") }
            default:
                throw fail("unexpected \(item) in \(stack.last!)")
            }
        }
        guard stack.isEmpty else { throw fail("the document did not end") }
        return export
    }

    private func gxName(_ local: String) -> XMLName {
        XMLName(namespace: Self.gx, local: local)
    }

    private func fail(_ message: String) -> ReadError {
        ReadError(description: message)
    }

    /// Counts one destination of the innermost relationship; a to-one holds at most one.
    private func count(in stack: inout [Context]) throws {
        guard case .relationship(let isToMany, let isNull, let count) = stack[stack.count - 1] else { return }
        guard isToMany || count == 0 else { throw fail("a to-one relationship holds two destinations") }
        stack[stack.count - 1] = .relationship(isToMany: isToMany, isNull: isNull, count: count + 1)
    }

    /// Whether `gx:null="true"` is present (only where `allowed`), rejecting any other attribute.
    private func flag(
        _ attributes: [(name: XMLName, value: String)], allowed: Set<String>, ifToOne: Bool
    ) throws -> Bool {
        var isNull = false
        for (name, value) in attributes {
            guard name.namespace == Self.gx, allowed.contains(name.local) else {
                throw fail("unexpected attribute \(name)")
            }
            if name.local == "null" {
                guard ifToOne, value == "true" else { throw fail("gx:null=\(value) where not allowed") }
                isNull = true
            } else if value != "base64" {
                throw fail("gx:encoding=\(value)")
            }
        }
        return isNull
    }

    private func beginObject(
        _ name: XMLName, _ attributes: [(name: XMLName, value: String)], into events: inout [GraphEvent]
    ) throws -> Int {
        guard name.namespace == nil, let entityName = decodeXMLName(name.local),
            let entity = model.index(of: entityName)
        else { throw fail("no entity for element \(name)") }
        guard attributes.first?.name == gxName("id") else { throw fail("\(entityName) has no leading gx:id") }
        events.append(.beginObject(entity: entityName, id: ObjectID(attributes[0].value)))
        guard style == .attributes else {
            guard attributes.count == 1 else { throw fail("attributes on \(entityName) in element style") }
            return entity
        }
        var values: [String: String] = [:]
        var nulls: Set<String> = []
        var base64: Set<String> = []
        for (attributeName, value) in attributes.dropFirst() {
            if attributeName == gxName("null") {
                nulls = Set(try value.split(separator: " ").map { try decoded(String($0)) })
            } else if attributeName == gxName("base64") {
                base64 = Set(try value.split(separator: " ").map { try decoded(String($0)) })
            } else {
                guard attributeName.namespace == nil else { throw fail("unexpected \(attributeName)") }
                values[try decoded(attributeName.local)] = value
            }
        }
        for attribute in model.attributes(of: entity) {
            if let text = values.removeValue(forKey: attribute.name) {
                let plain = base64.remove(attribute.name) != nil ? try self.text(base64: text) : text
                events.append(.attribute(name: attribute.name, value: try value(plain, attribute.type)))
            } else if nulls.remove(attribute.name) != nil {
                events.append(.attribute(name: attribute.name, value: .null))
            } else {
                throw fail("\(entityName).\(attribute.name) is neither written nor listed in gx:null")
            }
        }
        guard values.isEmpty, nulls.isEmpty, base64.isEmpty else { throw fail("\(entityName) has extra attributes") }
        return entity
    }

    private func decoded(_ name: String) throws -> String {
        guard let decoded = decodeXMLName(name) else { throw fail("undecodable name \(name)") }
        return decoded
    }

    private func text(base64: String) throws -> String {
        // Not String(data:encoding:), which drops a leading byte order mark.
        guard let data = Data(base64Encoded: base64), let text = String(validating: Array(data), as: UTF8.self) else {
            throw fail("bad base64 text \(base64)")
        }
        return text
    }

    /// The typed value that `text` is the XML form of.
    func value(_ text: String, _ type: AttributeType) throws -> Value {
        switch type {
        case .integer16, .integer32, .integer64:
            guard let integer = Int64(text) else { throw fail("bad integer \(text)") }
            return .integer(integer)
        case .double, .float:
            return .double(try double(text))
        case .decimal:
            return .decimal(text)
        case .string:
            return .string(text)
        case .boolean:
            guard text == "true" || text == "false" else { throw fail("bad boolean \(text)") }
            return .boolean(text == "true")
        case .date:
            if let timestamp = Timestamp(iso8601: text) { return .date(timestamp) }
            return .date(Timestamp(secondsSinceReferenceDate: try double(text)))
        case .binary, .transformable:
            guard let data = Data(base64Encoded: text) else { throw fail("bad base64 \(text)") }
            return .binary(Array(data))
        case .uuid:
            guard text == text.lowercased(), let uuid = UUID(uuidString: text) else { throw fail("bad UUID \(text)") }
            return .uuid(UUIDValue(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) })!)
        case .uri:
            return .uri(text)
        }
    }

    /// An `xsd:double` as the writer writes it.
    private func double(_ text: String) throws -> Double {
        switch text {
        case "NaN": return .nan
        case "INF": return .infinity
        case "-INF": return -.infinity
        default:
            guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?/) != nil, let double = Double(text) else {
                throw fail("bad double \(text)")
            }
            return double
        }
    }
}
