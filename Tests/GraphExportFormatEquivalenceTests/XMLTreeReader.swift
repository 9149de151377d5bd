import GraphExport
import GraphExportTestSupport
import GraphExportXML

/// Reads an XML export back into a ``NeutralDocument`` with libxml2's SAX2 parser, undoing what
/// ``XMLGraphWriter`` documents: `_xHHHH_` names, `gx:null` lists and `gx:null="true"`, base64
/// text listed in `gx:base64` or marked `gx:encoding="base64"`, the `xsd:double` forms. Anything
/// else in the document is an error.
struct XMLTreeReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel
    let style: XMLOptions.Style

    private static let gx = XMLGraphWriter.namespace

    /// One element or text being read, innermost last.
    private final class Frame {
        enum Kind {
            case document
            case object(entity: Int)
            case relationship(name: String, isToMany: Bool, isNull: Bool)
            case reference
            case value(name: String, type: AttributeType, isNull: Bool, isBase64: Bool)
            /// An array or map: of the attribute `attribute`, or an item (`key` nil) or entry of another.
            case structure(attribute: String?, key: [UInt8]?, isMap: Bool)
            /// A scalar item or entry of an array or map.
            case leaf(key: [UInt8]?, isNull: Bool, isBase64: Bool)
        }

        let kind: Kind
        var node: NeutralNode?
        var items: [NeutralItem] = []
        /// An array's items or a map's entries so far.
        var elements: [NeutralValue] = []
        var entries: [NeutralEntry] = []
        var text: [UInt8] = []

        init(_ kind: Kind, node: NeutralNode? = nil) {
            self.kind = kind
            self.node = node
        }
    }

    func document(_ bytes: [UInt8]) throws -> NeutralDocument {
        let parsed = try ParsedXML.parseStreaming(bytes)
        guard parsed.version == "1.0", parsed.encoding == "UTF-8" else {
            throw ReadError(description: "bad XML declaration")
        }
        let events = parsed.items
        guard case .start(let rootName, let rootAttributes)? = events.first,
            rootName == XMLName(namespace: Self.gx, local: "export")
        else { throw ReadError(description: "the root is not gx:export") }
        var document = NeutralDocument(header: try header(rootAttributes))
        var stack = [Frame(.document)]
        for event in events.dropFirst() {
            let top = stack[stack.count - 1]
            switch (event, top.kind) {
            case (.text(let text), .value), (.text(let text), .leaf):
                top.text += text.utf8
            case (.start(let name, let attributes), .structure(_, _, let isMap)):
                stack.append(try structureChild(name, attributes, inMap: isMap))
            case (.end, .leaf(let key, let isNull, let isBase64)):
                stack.removeLast()
                let text = try isBase64 ? self.text(base64: String(decoding: top.text, as: UTF8.self)) : top.text
                add(isNull ? .null : .string(text), key: key, to: stack[stack.count - 1])
            case (.end, .structure(let attribute, let key, let isMap)):
                stack.removeLast()
                let value: NeutralValue = isMap ? .map(top.entries) : .array(top.elements)
                if let attribute {
                    stack[stack.count - 1].node?.attributes[attribute] = value
                } else {
                    add(value, key: key, to: stack[stack.count - 1])
                }
            case (.text(let text), _):
                guard text.utf8.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                    throw ReadError(description: "text \(text) in \(top.kind)")
                }
            case (.start(let name, let attributes), .document), (.start(let name, let attributes), .relationship):
                if case .relationship(_, let isToMany, let isNull) = top.kind,
                    isNull || (!isToMany && !top.items.isEmpty)
                {
                    throw ReadError(description: "a second destination in a to-one, or one in a null one")
                }
                if name == XMLName(namespace: Self.gx, local: "ref") {
                    guard case .relationship = top.kind, attributes.count == 1,
                        attributes[0].name == XMLName(namespace: Self.gx, local: "id")
                    else { throw ReadError(description: "bad gx:ref \(attributes)") }
                    top.items.append(.reference(attributes[0].value))
                    stack.append(Frame(.reference))
                } else {
                    let (entity, node) = try object(name, attributes)
                    stack.append(Frame(.object(entity: entity), node: node))
                }
            case (.start(let name, let attributes), .object(let entity)):
                stack.append(try property(name, attributes, of: entity))
            case (.end, .value(let name, let type, let isNull, let isBase64)):
                stack.removeLast()
                let text = try isBase64 ? self.text(base64: String(decoding: top.text, as: UTF8.self)) : top.text
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw ReadError(description: "\(name): invalid UTF-8")
                }
                stack[stack.count - 1].node?.attributes[name] = isNull ? .null : value(string, type)
            case (.end, .relationship(let name, _, let isNull)):
                stack.removeLast()
                stack[stack.count - 1].node?.relationships[name] = isNull ? .null : .items(top.items)
            case (.end, .object):
                stack.removeLast()
                guard let node = top.node else { continue }
                try checkComplete(node)
                let parent = stack[stack.count - 1]
                if case .document = parent.kind {
                    document.nodes.append(node)
                } else {
                    parent.items.append(.node(node))
                }
            case (.end, .reference), (.end, .document):
                stack.removeLast()
            default:
                throw ReadError(description: "unexpected \(event) in \(top.kind)")
            }
        }
        guard stack.isEmpty else { throw ReadError(description: "the document did not end") }
        return document
    }

    private func header(_ attributes: [(name: XMLName, value: String)]) throws -> [String: String] {
        let base64 = Set(
            attributes.first { $0.name == XMLName(namespace: Self.gx, local: "base64") }?.value
                .split(separator: " ").map(String.init) ?? [])
        var header: [String: String] = [:]
        for (name, value) in attributes where name.namespace == Self.gx && name.local != "base64" {
            let key = try decoded(name.local)
            if base64.contains("gx:" + name.local) {
                guard let text = String(validating: try text(base64: value), as: UTF8.self) else {
                    throw ReadError(description: "header \(key): invalid UTF-8")
                }
                header[key] = text
            } else {
                header[key] = value
            }
        }
        return header
    }

    private func object(_ name: XMLName, _ attributes: [(name: XMLName, value: String)]) throws -> (Int, NeutralNode) {
        guard name.namespace == nil, let entity = model.index(of: try decoded(name.local)) else {
            throw ReadError(description: "no entity for element \(name)")
        }
        guard attributes.first?.name == XMLName(namespace: Self.gx, local: "id") else {
            throw ReadError(description: "\(name) has no leading gx:id")
        }
        var node = NeutralNode(id: attributes[0].value, entity: model.entities[entity].name)
        guard style == .attributes else {
            guard attributes.count == 1 else { throw ReadError(description: "\(node.id): attributes in element style") }
            return (entity, node)
        }
        var values: [String: String] = [:]
        var nulls: [String] = []
        var base64: Set<String> = []
        for (attributeName, value) in attributes.dropFirst() {
            switch (attributeName.namespace, attributeName.local) {
            case (Self.gx, "null"): nulls = try value.split(separator: " ").map { try decoded(String($0)) }
            case (Self.gx, "base64"): base64 = Set(try value.split(separator: " ").map { try decoded(String($0)) })
            case (nil, let local): values[try decoded(local)] = value
            default: throw ReadError(description: "\(node.id): unexpected attribute \(attributeName)")
            }
        }
        for attribute in model.attributes(of: entity) {
            if let text = values.removeValue(forKey: attribute.name) {
                var plain = text
                if base64.remove(attribute.name) != nil {
                    guard let decodedText = String(validating: try self.text(base64: text), as: UTF8.self) else {
                        throw ReadError(description: "\(node.id).\(attribute.name): invalid UTF-8 in base64")
                    }
                    plain = decodedText
                }
                node.attributes[attribute.name] = value(plain, attribute.type)
            } else if let index = nulls.firstIndex(of: attribute.name) {
                nulls.remove(at: index)
                node.attributes[attribute.name] = .null
            }
        }
        guard values.isEmpty, nulls.isEmpty, base64.isEmpty else {
            throw ReadError(description: "\(node.id): extra attributes \(values.keys.sorted()) \(nulls) \(base64)")
        }
        return (entity, node)
    }

    /// The frame for a child element of an object: a relationship, or (element style) an attribute.
    private func property(_ name: XMLName, _ attributes: [(name: XMLName, value: String)], of entity: Int) throws
        -> Frame
    {
        let propertyName = try decoded(name.local)
        guard name.namespace == nil else { throw ReadError(description: "bad property element \(name)") }
        var isNull = false
        var isBase64 = false
        var structure: Bool?
        for (attributeName, value) in attributes {
            switch (attributeName.namespace, attributeName.local, value) {
            case (Self.gx, "null", "true"): isNull = true
            case (Self.gx, "encoding", "base64"): isBase64 = true
            case (Self.gx, "type", "array"): structure = false
            case (Self.gx, "type", "map"): structure = true
            default: throw ReadError(description: "\(propertyName): unexpected attribute \(attributeName)=\(value)")
            }
        }
        if let isMap = structure {
            guard !isNull, !isBase64, model.attributes(of: entity).contains(where: { $0.name == propertyName }) else {
                throw ReadError(description: "\(propertyName): an array or map that is no attribute, or marked")
            }
            return Frame(.structure(attribute: propertyName, key: nil, isMap: isMap))
        }
        if let relationship = model.relationships(of: entity).first(where: { $0.name == propertyName }) {
            guard !isBase64, !(isNull && relationship.isToMany) else {
                throw ReadError(description: "\(propertyName): bad marks on a relationship")
            }
            return Frame(.relationship(name: propertyName, isToMany: relationship.isToMany, isNull: isNull))
        }
        guard style == .elements, let attribute = model.attributes(of: entity).first(where: { $0.name == propertyName })
        else { throw ReadError(description: "\(propertyName) is no property of \(model.entities[entity].name)") }
        return Frame(.value(name: propertyName, type: attribute.type, isNull: isNull, isBase64: isBase64))
    }

    /// The frame for a `gx:item` of an array or a `gx:entry` of a map.
    private func structureChild(_ name: XMLName, _ attributes: [(name: XMLName, value: String)], inMap: Bool) throws
        -> Frame
    {
        guard name == XMLName(namespace: Self.gx, local: inMap ? "entry" : "item") else {
            throw ReadError(description: "\(name) in an \(inMap ? "map" : "array")")
        }
        var key: String?
        var isKeyBase64 = false
        var isNull = false
        var isBase64 = false
        var structure: Bool?
        for (attributeName, value) in attributes {
            switch (attributeName.namespace, attributeName.local, value) {
            case (nil, "key", _) where inMap: key = value
            case (Self.gx, "keyEncoding", "base64") where inMap: isKeyBase64 = true
            case (Self.gx, "null", "true"): isNull = true
            case (Self.gx, "encoding", "base64"): isBase64 = true
            case (Self.gx, "type", "array"): structure = false
            case (Self.gx, "type", "map"): structure = true
            default: throw ReadError(description: "\(name): unexpected attribute \(attributeName)=\(value)")
            }
        }
        guard inMap == (key != nil) else { throw ReadError(description: "\(name): key \(key ?? "missing")") }
        let keyBytes = try key.map { isKeyBase64 ? try text(base64: $0) : Array($0.utf8) }
        if let isMap = structure { return Frame(.structure(attribute: nil, key: keyBytes, isMap: isMap)) }
        return Frame(.leaf(key: keyBytes, isNull: isNull, isBase64: isBase64))
    }

    /// Adds an item (`key` nil) or entry to the array or map `frame` reads.
    private func add(_ value: NeutralValue, key: [UInt8]?, to frame: Frame) {
        if let key {
            frame.entries.append(NeutralEntry(key: key, value: value))
        } else {
            frame.elements.append(value)
        }
    }

    private func checkComplete(_ node: NeutralNode) throws {
        guard let entity = model.index(of: node.entity) else { return }
        let missing =
            model.attributes(of: entity).map(\.name).filter { node.attributes[$0] == nil }
            + model.relationships(of: entity).map(\.name).filter { node.relationships[$0] == nil }
        guard missing.isEmpty else { throw ReadError(description: "\(node.id): nothing for \(missing)") }
    }

    private func decoded(_ name: String) throws -> String {
        guard let decoded = Self.decodeName(name) else { throw ReadError(description: "undecodable name \(name)") }
        return decoded
    }

    private func text(base64: String) throws -> [UInt8] {
        guard let bytes = ValueText.base64(base64) else { throw ReadError(description: "bad base64 \(base64)") }
        return bytes
    }

    /// The typed value `text` is the XML form of; text that is no such form stays a string, so that
    /// the comparison shows it.
    func value(_ text: String, _ type: AttributeType) -> NeutralValue {
        switch type {
        case .integer16, .integer32, .integer64:
            if let integer = Int64(text) { return .integer(integer) }
        case .double, .float:
            if let double = Self.double(text) { return .double(double) }
        case .decimal:
            return .decimal(Array(text.utf8))
        case .string:
            return .string(Array(text.utf8))
        case .uri:
            return .uri(Array(text.utf8))
        case .boolean:
            if text == "true" || text == "false" { return .boolean(text == "true") }
        case .date:
            if let timestamp = Timestamp(iso8601: text) { return .date(seconds: timestamp.secondsSinceReferenceDate) }
            if let seconds = Self.double(text) { return .date(seconds: seconds) }
        case .binary, .transformable:
            if let bytes = ValueText.base64(text) { return .binary(bytes) }
        case .uuid:
            if let bytes = ValueText.uuid(text) { return .uuid(bytes) }
        }
        return .string(Array(text.utf8))
    }

    /// An `xsd:double` as the writer writes it.
    private static func double(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "INF": return .infinity
        case "-INF": return -.infinity
        default: return ValueText.finiteDouble(text)
        }
    }

    /// Decodes the `XmlConvert.EncodeName` convention: `_x` + four to six hexadecimal digits + `_`
    /// is one character, `_x_` alone is the empty name, everything else stands for itself.
    static func decodeName(_ name: String) -> String? {
        if name == "_x_" { return "" }
        let scalars = Array(name.unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "_", index + 1 < scalars.count, scalars[index + 1] == "x" else {
                decoded.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 2
            while end < scalars.count, end - index - 2 < 7, scalars[end].properties.isASCIIHexDigit { end += 1 }
            guard (4...6).contains(end - index - 2), end < scalars.count, scalars[end] == "_",
                let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<end])), radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            decoded.append(scalar)
            index = end + 1
        }
        return String(decoded)
    }
}
