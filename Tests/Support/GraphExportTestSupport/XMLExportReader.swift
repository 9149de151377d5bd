public import GraphExport
public import GraphExportXML

/// The one reader of XML exports in the tests: reads a parsed export back into its header and
/// events, without recursion, undoing what ``XMLGraphWriter`` documents (`_xHHHH_` names, `gx:null`
/// lists and `gx:null="true"`, base64 text listed in `gx:base64` or marked `gx:encoding="base64"`,
/// the `xsd:double` forms, arrays and maps as `gx:item` and `gx:entry` elements, whose scalars are
/// read back as strings: XML keeps no kind inside them). Anything else is a thrown ``ReadError``:
/// a property missing, written twice or unknown, an empty to-one not marked null, text where the
/// writer writes none, a value not in the form its type is written in.
public struct XMLExportReader {
    /// What the document holds that the writer never writes.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The model the export was made with: attribute types, to-one or to-many.
    public let model: GraphModel
    /// The style the export was written in.
    public let style: XMLOptions.Style
    /// Whether text not in the form of its attribute's type (a value a store held as another kind,
    /// written as that kind's text) reads back as a string, for a comparison with the source to
    /// show, rather than as an error.
    public let readsMisfitsAsStrings: Bool

    /// A reader of exports of `model` written in `style`.
    public init(model: GraphModel, style: XMLOptions.Style, readsMisfitsAsStrings: Bool = false) {
        self.model = model
        self.style = style
        self.readsMisfitsAsStrings = readsMisfitsAsStrings
    }

    private static let gx = XMLGraphWriter.namespace

    /// One element being read, innermost last.
    private struct Frame {
        enum Kind {
            case document
            /// An object, with the names of the properties read so far.
            case object(entity: Int, read: Set<String>)
            case relationship(isToMany: Bool, isNull: Bool, count: Int)
            case reference
            /// An attribute's element (element style).
            case value(name: String, type: AttributeType, isNull: Bool, isBase64: Bool)
            /// An array or map: of the attribute `attribute`, or an item (`key` nil) or entry of another.
            case structure(attribute: String?, key: String?, isMap: Bool)
            /// A scalar item or entry of an array or map.
            case leaf(key: String?, isNull: Bool, isBase64: Bool)
        }

        var kind: Kind
        /// The text of a value or leaf, `nil` before any.
        var text: String?
        /// An array's items or a map's entries so far.
        var elements: [Value] = []
        var entries: [ValueMap.Entry] = []

        init(_ kind: Kind) {
            self.kind = kind
        }
    }

    /// Reads `parsed` (white space that only lays out elements left out) into its header fields
    /// and events.
    public func read(_ parsed: ParsedXML) throws -> DecodedExport {
        guard parsed.version == "1.0", parsed.encoding == "UTF-8" else { throw fail("bad XML declaration") }
        let items = parsed.withoutLayout
        guard case .start(let rootName, let rootAttributes)? = items.first, rootName == gxName("export") else {
            throw fail("the root is not gx:export")
        }
        var export = DecodedExport()
        export.fields = try header(rootAttributes)
        var stack = [Frame(.document)]
        for item in items.dropFirst() {
            guard let top = stack.last else { throw fail("\(item) after the root") }
            switch (item, top.kind) {
            case (.text(let text), .value(_, _, false, _)), (.text(let text), .leaf(_, false, _)):
                stack[stack.count - 1].text = text
            case (.start(let name, let attributes), .structure(_, _, let isMap)):
                stack.append(try structureChild(name, attributes, inMap: isMap))
            case (.start(let name, let attributes), .document), (.start(let name, let attributes), .relationship):
                if case .relationship = top.kind { try count(in: &stack) }
                if name == gxName("ref") {
                    guard case .relationship = top.kind, attributes.count == 1, attributes[0].name == gxName("id")
                    else { throw fail("bad reference \(item)") }
                    export.events.append(.reference(ObjectID(attributes[0].value)))
                    stack.append(Frame(.reference))
                } else {
                    stack.append(try beginObject(name, attributes, into: &export.events))
                }
            case (.start(let name, let attributes), .object(let entity, let read)):
                let (frame, propertyName) = try property(name, attributes, of: entity)
                guard !read.contains(propertyName) else { throw fail("\(propertyName) written twice") }
                stack[stack.count - 1].kind = .object(entity: entity, read: read.union([propertyName]))
                if case .relationship(let isToMany, _, _) = frame.kind {
                    export.events.append(.beginRelationship(name: propertyName, isToMany: isToMany))
                }
                stack.append(frame)
            case (.end, _):
                stack.removeLast()
                try end(top, into: &stack, events: &export.events)
            default:
                throw fail("unexpected \(item) in \(top.kind)")
            }
        }
        guard stack.isEmpty else { throw fail("the document did not end") }
        return export
    }

    /// What the element `frame` read ends with: its events, or its value added to the enclosing
    /// array or map.
    private func end(_ frame: Frame, into stack: inout [Frame], events: inout [GraphEvent]) throws {
        switch frame.kind {
        case .document, .reference:
            break
        case .object(let entity, let read):
            let missing = (model.attributes(of: entity).map(\.name) + model.relationships(of: entity).map(\.name))
                .filter { !read.contains($0) }
            guard missing.isEmpty else { throw fail("\(model.entities[entity].name): nothing for \(missing)") }
            events.append(.endObject)
        case .relationship(let isToMany, let isNull, let count):
            guard isToMany || isNull || count == 1 else { throw fail("an empty to-one not marked gx:null") }
            events.append(.endRelationship)
        case .value(let name, let type, let isNull, let isBase64):
            let text = try isBase64 ? self.text(base64: frame.text ?? "") : frame.text ?? ""
            events.append(.attribute(name: name, value: isNull ? .null : try typedValue(text, type)))
        case .leaf(let key, let isNull, let isBase64):
            let text = try isBase64 ? self.text(base64: frame.text ?? "") : frame.text ?? ""
            add(isNull ? .null : .string(text), key: key, to: &stack[stack.count - 1])
        case .structure(let attribute, let key, let isMap):
            let value: Value = isMap ? .map(ValueMap(frame.entries)) : .array(frame.elements)
            if let attribute {
                events.append(.attribute(name: attribute, value: value))
            } else {
                add(value, key: key, to: &stack[stack.count - 1])
            }
        }
    }

    private func gxName(_ local: String) -> XMLName {
        XMLName(namespace: Self.gx, local: local)
    }

    private func fail(_ message: String) -> ReadError {
        ReadError(description: message)
    }

    /// The root's fields in the format's namespace, those listed in `gx:base64` decoded.
    private func header(_ attributes: [(name: XMLName, value: String)]) throws -> [String: String] {
        let base64 = Set(attributes.first { $0.name == gxName("base64") }?.value.split(separator: " ") ?? [])
        var fields: [String: String] = [:]
        for (name, value) in attributes where name.namespace == Self.gx && name.local != "base64" {
            fields[try decoded(name.local)] = base64.contains("gx:" + name.local[...]) ? try text(base64: value) : value
        }
        return fields
    }

    /// Counts one destination of the innermost relationship; a to-one holds at most one.
    private func count(in stack: inout [Frame]) throws {
        guard case .relationship(let isToMany, let isNull, let count) = stack[stack.count - 1].kind else { return }
        guard !isNull, isToMany || count == 0 else {
            throw fail("a second destination in a to-one, or one in a null one")
        }
        stack[stack.count - 1].kind = .relationship(isToMany: isToMany, isNull: isNull, count: count + 1)
    }

    /// Starts the object `name`: its `beginObject` event and, in the attribute style, the events of
    /// its attributes that are no array or map, in the model's order.
    private func beginObject(
        _ name: XMLName, _ attributes: [(name: XMLName, value: String)], into events: inout [GraphEvent]
    ) throws -> Frame {
        guard name.namespace == nil, let entity = model.index(of: try decoded(name.local)) else {
            throw fail("no entity for element \(name)")
        }
        let entityName = model.entities[entity].name
        guard attributes.first?.name == gxName("id") else { throw fail("\(entityName) has no leading gx:id") }
        events.append(.beginObject(entity: entityName, id: ObjectID(attributes[0].value)))
        guard style == .attributes else {
            guard attributes.count == 1 else { throw fail("attributes on \(entityName) in element style") }
            return Frame(.object(entity: entity, read: []))
        }
        var values: [String: String] = [:]
        var nulls: [String] = []
        var base64: Set<String> = []
        for (attributeName, value) in attributes.dropFirst() {
            switch (attributeName.namespace, attributeName.local) {
            case (Self.gx, "null"): nulls = try value.split(separator: " ").map { try decoded(String($0)) }
            case (Self.gx, "base64"): base64 = Set(try value.split(separator: " ").map { try decoded(String($0)) })
            case (nil, let local):
                guard values.updateValue(value, forKey: try decoded(local)) == nil else {
                    throw fail("\(entityName): \(local) written twice")
                }
            default: throw fail("\(entityName): unexpected attribute \(attributeName)")
            }
        }
        var read: Set<String> = []
        for attribute in model.attributes(of: entity) {
            if let text = values.removeValue(forKey: attribute.name) {
                let plain = base64.remove(attribute.name) != nil ? try self.text(base64: text) : text
                events.append(.attribute(name: attribute.name, value: try typedValue(plain, attribute.type)))
            } else if let index = nulls.firstIndex(of: attribute.name) {
                nulls.remove(at: index)
                events.append(.attribute(name: attribute.name, value: .null))
            } else {
                continue
            }
            read.insert(attribute.name)
        }
        guard values.isEmpty, nulls.isEmpty, base64.isEmpty else {
            throw fail("\(entityName): extra attributes \(values.keys.sorted()) \(nulls) \(base64.sorted())")
        }
        return Frame(.object(entity: entity, read: read))
    }

    /// The frame for a child element of an object, and the property it names: a relationship, an
    /// array or map attribute, or (element style) any other attribute.
    private func property(_ name: XMLName, _ attributes: [(name: XMLName, value: String)], of entity: Int) throws
        -> (Frame, String)
    {
        guard name.namespace == nil else { throw fail("bad property element \(name)") }
        let propertyName = try decoded(name.local)
        let (isNull, isBase64, structure, _) = try marks(attributes, of: propertyName, inMap: false)
        let attribute = model.attributes(of: entity).first { $0.name == propertyName }
        if let isMap = structure {
            guard !isNull, !isBase64, attribute != nil else {
                throw fail("\(propertyName): an array or map that is no attribute, or marked")
            }
            return (Frame(.structure(attribute: propertyName, key: nil, isMap: isMap)), propertyName)
        }
        if let relationship = model.relationships(of: entity).first(where: { $0.name == propertyName }) {
            guard !isBase64, !(isNull && relationship.isToMany) else {
                throw fail("\(propertyName): bad marks on a relationship")
            }
            return (Frame(.relationship(isToMany: relationship.isToMany, isNull: isNull, count: 0)), propertyName)
        }
        guard style == .elements, let attribute else {
            throw fail("\(propertyName) is no property of \(model.entities[entity].name)")
        }
        return (
            Frame(.value(name: propertyName, type: attribute.type, isNull: isNull, isBase64: isBase64)), propertyName
        )
    }

    /// The frame for a `gx:item` of an array or a `gx:entry` of a map.
    private func structureChild(_ name: XMLName, _ attributes: [(name: XMLName, value: String)], inMap: Bool) throws
        -> Frame
    {
        guard name == gxName(inMap ? "entry" : "item") else { throw fail("\(name) in an \(inMap ? "map" : "array")") }
        let (isNull, isBase64, structure, key) = try marks(attributes, of: "\(name)", inMap: inMap)
        guard inMap == (key != nil) else { throw fail("\(name): key \(key ?? "missing")") }
        guard let isMap = structure else { return Frame(.leaf(key: key, isNull: isNull, isBase64: isBase64)) }
        guard !isNull, !isBase64 else { throw fail("\(name): a marked array or map") }
        return Frame(.structure(attribute: nil, key: key, isMap: isMap))
    }

    /// The marks of the element of `what` (its name in messages): `gx:null="true"`,
    /// `gx:encoding="base64"`, `gx:type` `array` (`structure` false) or `map` (true) and, in a map,
    /// a `key`, its base64 undone when marked `gx:keyEncoding="base64"`. Any other attribute throws.
    private func marks(_ attributes: [(name: XMLName, value: String)], of what: String, inMap: Bool) throws -> (
        isNull: Bool, isBase64: Bool, structure: Bool?, key: String?
    ) {
        var marks: (isNull: Bool, isBase64: Bool, structure: Bool?, key: String?) = (false, false, nil, nil)
        var isKeyBase64 = false
        for (attributeName, value) in attributes {
            switch (attributeName.namespace, attributeName.local, value) {
            case (nil, "key", _) where inMap: marks.key = value
            case (Self.gx, "keyEncoding", "base64") where inMap: isKeyBase64 = true
            case (Self.gx, "null", "true"): marks.isNull = true
            case (Self.gx, "encoding", "base64"): marks.isBase64 = true
            case (Self.gx, "type", "array"): marks.structure = false
            case (Self.gx, "type", "map"): marks.structure = true
            default: throw fail("\(what): unexpected attribute \(attributeName)=\(value)")
            }
        }
        marks.key = try marks.key.map { isKeyBase64 ? try text(base64: $0) : $0 }
        return marks
    }

    /// Adds an item (`key` nil) or entry to the array or map `frame` reads.
    private func add(_ value: Value, key: String?, to frame: inout Frame) {
        if let key {
            frame.entries.append(ValueMap.Entry(key: key, value: value))
        } else {
            frame.elements.append(value)
        }
    }

    private func decoded(_ name: String) throws -> String {
        guard let decoded = Self.decodeName(name) else { throw fail("undecodable name \(name)") }
        return decoded
    }

    private func text(base64: String) throws -> String {
        // Not String(data:encoding:), which drops a leading byte order mark.
        guard let bytes = ValueText.base64(base64), let text = String(validating: bytes, as: UTF8.self) else {
            throw fail("bad base64 text \(base64)")
        }
        return text
    }

    /// The typed value that `text` is the XML form of; a string for text in no such form, if the
    /// reader ``readsMisfitsAsStrings``.
    private func typedValue(_ text: String, _ type: AttributeType) throws -> Value {
        guard readsMisfitsAsStrings else { return try value(text, type) }
        return (try? value(text, type)) ?? .string(text)
    }

    /// The typed value that `text` is the XML form of.
    private func value(_ text: String, _ type: AttributeType) throws -> Value {
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
            guard let bytes = ValueText.base64(text) else { throw fail("bad base64 \(text)") }
            return .binary(bytes)
        case .uuid:
            guard let uuid = ValueText.uuid(text) else { throw fail("bad UUID \(text)") }
            return .uuid(uuid)
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

    /// Decodes a name written by the `XmlConvert.EncodeName` convention ``XMLGraphWriter``
    /// documents: `_x` + four to six hexadecimal digits + `_` is one character, `_x_` alone is the
    /// empty name, everything else stands for itself. `nil` for an escape that names no Unicode
    /// scalar.
    public static func decodeName(_ name: String) -> String? {
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
