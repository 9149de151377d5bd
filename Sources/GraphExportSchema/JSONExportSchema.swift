public import GraphExport
import GraphExportJSONText

/// The JSON Schema (draft 2020-12) of the JSON export of a model in one shape: what
/// `JSONGraphWriter` writes for the objects ``GraphTraversal`` reads from a source of that model.
///
/// The document is an object of exactly `"@source"` (the header: `generator`, `sourceKind` and
/// `shape` always, the other fields of ``DocumentInfo/fields``, the source's own included, when
/// known, all strings, `shape` the one asked for; see `HeaderFields`) and `"@graph"` (an array of
/// objects of any concrete entity). Each entity has a definition `$defs/entity:<name>`: an object
/// with exactly `"@id"` (a string), `"@type"` (the entity's name) and one member per attribute and
/// relationship, inherited ones included, keyed as ``MarkerEscape`` writes them (`"@@id"` for a
/// property `@id`), every one required, no other allowed. An attribute's value is its kind's
/// definition (`$defs/date`, …: its declared type, or for a plain SQLite database its column's
/// typing or any storage class, see ``ValueTyping`` and `JSONSchemaValues`), or `null` when the model lets it be
/// optional. A to-many relationship is an array; a to-one one holds one item, or `null` when
/// optional. An item is a reference (`{"@id": …}` and nothing else), or, in a relationship that
/// nests in the tree shape, an object of the destination entity or of one of its concrete
/// sub-entities (`$defs/kindOf:<name>`). An object may have `"@changed"`, the keys of the
/// properties its updates touched (an export `--since` a history token, `docs/HISTORY.md`), and
/// `"@graph"` may hold tombstones, `$defs/tombstone:<name>`: `"@id"`, `"@type"`, `"@deleted": true`
/// and any of the entity's attributes.
public struct JSONExportSchema {
    private let layout: ExportLayout
    private let title: String
    private let sourceFields: [String]

    /// The schema of `model`'s export in `shape`, values typed by `typing`; `title` names what is
    /// exported (the store's file name, typically). `sourceFields` are the keys of the source's own
    /// header fields (`source.document.sourceFields.map(\.key)`; a Core Data store's `storeUUID`
    /// and `frameworkVersion`), which the header may have; keys that ``DocumentInfo`` refuses stop
    /// the program.
    public init(model: GraphModel, shape: ExportShape, typing: ValueTyping, title: String, sourceFields: [String] = [])
    {
        self.layout = ExportLayout(model: model, shape: shape, typing: typing)
        self.title = title
        self.sourceFields = sourceFields
    }

    /// The schema, indented JSON with a newline at the end.
    public var text: String {
        String(decoding: document.text, as: UTF8.self)
    }

    private var model: GraphModel { layout.model }

    private var document: JSONNode {
        var definitions: [(String, JSONNode)] = [("header", header), ("reference", Self.reference)]
        definitions.append(("object", anyOf(layout.concreteEntities, "An object of any entity")))
        definitions.append(
            (
                "tombstone",
                anyOf(
                    layout.concreteEntities, "A deleted object of any entity (--since)", name: Self.tombstoneName)
            ))
        for entity in layout.nestedDestinations {
            definitions.append(
                (
                    Self.kindName(model.entities[entity].name),
                    anyOf(
                        layout.concreteKinds(of: entity),
                        "An object of entity \(model.entities[entity].name) or of one of its sub-entities")
                ))
        }
        for entity in layout.concreteEntities {
            definitions.append((Self.entityName(model.entities[entity].name), object(entity)))
        }
        for entity in layout.concreteEntities {
            definitions.append((Self.tombstoneName(model.entities[entity].name), tombstone(entity)))
        }
        for kind in layout.valueKinds {
            definitions.append((kind.schemaName, JSONSchemaValues.schema(kind)))
        }
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("graphexport JSON export of \(title), \(layout.shape.rawValue) shape")),
            ("type", .string("object")),
            (
                "properties",
                .object([
                    ("@source", Self.ref("header")),
                    (
                        "@graph",
                        .object([
                            ("type", .string("array")),
                            ("items", .object([("anyOf", .array([Self.ref("object"), Self.ref("tombstone")]))])),
                        ])
                    ),
                ])
            ),
            ("required", .strings(["@source", "@graph"])),
            ("additionalProperties", .boolean(false)),
            ("$defs", .object(definitions)),
        ])
    }

    /// The `"@source"` header: the fields a header can have (``HeaderFields``), the shape fixed.
    private var header: JSONNode {
        let properties = HeaderFields.all(sourceFields: sourceFields).map { field -> (String, JSONNode) in
            guard field != "shape" else { return (field, .object([("const", .string(layout.shape.rawValue))])) }
            return (field, .object([("type", .string("string"))]))
        }
        return .object([
            ("description", .string("Where the graph came from")),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .strings(HeaderFields.required)),
            ("additionalProperties", .boolean(false)),
        ])
    }

    /// A reference to an object written in full elsewhere.
    private static let reference = JSONNode.object([
        ("description", .string("A reference to an object written in full elsewhere in the export")),
        ("type", .string("object")),
        ("properties", .object([("@id", .object([("type", .string("string"))]))])),
        ("required", .strings(["@id"])),
        ("additionalProperties", .boolean(false)),
    ])

    /// One of the objects of `entities`: the single definition, or a choice of them; none (the
    /// schema `false`) when there are none.
    private func anyOf(
        _ entities: [Int], _ description: String, name: (String) -> String = JSONExportSchema.entityName
    ) -> JSONNode {
        let references = entities.map { Self.ref(name(model.entities[$0].name)) }
        guard !references.isEmpty else { return .boolean(false) }
        guard references.count != 1 else { return references[0] }
        return .object([("description", .string(description)), ("anyOf", .array(references))])
    }

    /// An object of the concrete `entity`, written in full.
    private func object(_ entity: Int) -> JSONNode {
        let name = model.entities[entity].name
        var properties: [(String, JSONNode)] = [
            ("@id", .object([("type", .string("string"))])),
            ("@type", .object([("const", .string(name))])),
        ]
        for (index, attribute) in model.attributes(of: entity).enumerated() {
            let value = Self.ref(layout.valueKind(entity, index).schemaName)
            properties.append(
                (MarkerEscape.key(for: attribute.name), attribute.isOptional ? Self.orNull(value) : value))
        }
        for (index, relationship) in model.relationships(of: entity).enumerated() {
            var item = Self.ref("reference")
            if layout.nests(entity, index) {
                item = .object([
                    ("anyOf", .array([Self.ref(Self.kindName(model.entities[relationship.destination].name)), item]))
                ])
            }
            let value =
                relationship.isToMany
                ? .object([("type", .string("array")), ("items", item)])
                : relationship.info.isOptional ? Self.orNull(item) : item
            properties.append((MarkerEscape.key(for: relationship.name), value))
        }
        let required = properties.map(\.0)
        let keys = properties.dropFirst(2).map { JSONNode.string($0.0) }
        properties.insert(
            (
                "@changed",
                .object([
                    (
                        "description",
                        .string("The properties updates touched since the history token (--since); none: inserted")
                    ),
                    ("type", .string("array")), ("items", .object([("enum", .array(keys))])),
                    ("uniqueItems", .boolean(true)),
                ])
            ), at: 2)
        return .object([
            ("description", .string("An object of entity \(name)")),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .strings(required)),
            ("additionalProperties", .boolean(false)),
        ])
    }

    /// A deleted object of the concrete `entity` (`--since`): its id, type, `"@deleted": true` and
    /// any of its attributes, the values the store kept of it.
    private func tombstone(_ entity: Int) -> JSONNode {
        let name = model.entities[entity].name
        var properties: [(String, JSONNode)] = [
            ("@id", .object([("type", .string("string"))])),
            ("@type", .object([("const", .string(name))])),
            ("@deleted", .object([("const", .boolean(true))])),
        ]
        for (index, attribute) in model.attributes(of: entity).enumerated() {
            let value = Self.ref(layout.valueKind(entity, index).schemaName)
            properties.append(
                (MarkerEscape.key(for: attribute.name), attribute.isOptional ? Self.orNull(value) : value))
        }
        return .object([
            ("description", .string("A deleted object of entity \(name), with the values kept of it")),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .strings(["@id", "@type", "@deleted"])),
            ("additionalProperties", .boolean(false)),
        ])
    }

    private static func orNull(_ schema: JSONNode) -> JSONNode {
        .object([("anyOf", .array([schema, .object([("type", .string("null"))])]))])
    }

    /// The name of the definition of an entity's objects.
    private static func entityName(_ entity: String) -> String { "entity:" + entity }

    /// The name of the definition of an entity's tombstones.
    private static func tombstoneName(_ entity: String) -> String { "tombstone:" + entity }

    /// The name of the definition of the objects of an entity and its sub-entities.
    private static func kindName(_ entity: String) -> String { "kindOf:" + entity }

    /// `{"$ref": "#/$defs/<name>"}`, the name escaped as a JSON Pointer (RFC 6901) in a URI
    /// fragment (RFC 3986): `~` and `/` as `~0` and `~1`, then every byte other than letters,
    /// digits and `-._~:@` percent-encoded.
    private static func ref(_ definition: String) -> JSONNode {
        let pointer = definition.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
        var fragment = ""
        for byte in pointer.utf8 {
            if keptInFragment(byte) {
                fragment.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                fragment += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return .object([("$ref", .string("#/$defs/" + fragment))])
    }

    private static func keptInFragment(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:@".utf8.contains(byte)
        }
    }
}
