public import GraphExport
public import GraphExportXML

/// The XML Schema (XSD 1.0) of the XML export of a model in one shape and one ``XMLOptions/Style``:
/// what `XMLGraphWriter` writes for the objects ``GraphTraversal`` reads from a source of that
/// model, checked by `xmllint --schema`.
///
/// The schema's target namespace is the writer's (`urn:graphexport:1`, prefix `gx`), and it leaves
/// local names unqualified, so that the root `gx:export`, `gx:ref` and the `gx:` attributes are in
/// the namespace while every element and attribute named after the model is in none, as in the
/// export. Names are the writer's encoded names (`my_x0020_column`). The root has the header's
/// attributes (`gx:generator`, `gx:sourceKind` and `gx:shape`, the shape asked for, always; the
/// others, the source's own fields included, when known) and holds objects of any concrete entity.
/// Each concrete entity has a type `gx:entity.<name>`: `gx:id`, then its attributes (inherited ones
/// included; as XML attributes in the attribute style, a non-null one required unless the model
/// lets it be optional, with `gx:null` and `gx:base64` listing only names of this entity that can
/// be null or text; as child elements in model order in the element style), then one child element
/// per relationship in model order. A relationship holds `gx:ref`s, or, where it nests in the tree
/// shape, also objects of the destination entity and its concrete sub-entities (group
/// `gx:kindOf.<name>`); an empty optional to-one one is `gx:null="true"`. Object ids are unique and
/// every `gx:ref` names an object of the document (`xs:unique`, `xs:keyref`). Values are typed
/// `gx:value.<kind>`: the declared type, or for a plain SQLite database the column's typing or any
/// storage class (see ``ValueTyping`` and `XMLSchemaValues`). An object may list in `gx:changed`
/// the encoded names of the properties its updates touched, and the root may hold `gx:tombstone`s
/// (an export `--since` a history token, `docs/HISTORY.md`).
public struct XMLExportSchema {
    private let layout: ExportLayout
    private let style: XMLOptions.Style
    private let title: String
    private let sourceFields: [String]

    /// The schema of `model`'s export in `shape` and `style`, values typed by `typing`; `title`
    /// names what is exported. `sourceFields` are the keys of the source's own header fields
    /// (`source.document.sourceFields.map(\.key)`; a Core Data store's `storeUUID` and
    /// `frameworkVersion`), which the root may have; keys that ``DocumentInfo`` refuses stop the
    /// program.
    public init(
        model: GraphModel, shape: ExportShape, style: XMLOptions.Style, typing: ValueTyping, title: String,
        sourceFields: [String] = []
    ) {
        self.layout = ExportLayout(model: model, shape: shape, typing: typing)
        self.style = style
        self.title = title
        self.sourceFields = sourceFields
    }

    /// The schema document, indented, with a newline at the end.
    public var text: String {
        var schema = XMLSchemaText()
        schema.start(
            "schema",
            [
                "xmlns:xs": "http://www.w3.org/2001/XMLSchema", "xmlns:gx": XMLGraphWriter.namespace,
                "targetNamespace": XMLGraphWriter.namespace, "elementFormDefault": "unqualified",
                "attributeFormDefault": "unqualified",
            ])
        schema.start("annotation")
        schema.textElement(
            "documentation",
            "graphexport XML export of \(title), \(layout.shape.rawValue) shape, \(style.rawValue) style")
        schema.end()
        writeRoot(&schema)
        writeShared(&schema)
        writeGroup("objects", layout.concreteEntities, &schema)
        writeTombstone(&schema)
        for entity in layout.nestedDestinations {
            writeGroup("kindOf." + encoded(entity), layout.concreteKinds(of: entity), &schema)
        }
        for entity in layout.concreteEntities { writeEntity(entity, &schema) }
        for kind in layout.valueKinds { XMLSchemaValues.define(kind, in: &schema) }
        if layout.valueKinds.contains(.structured) { writeStructuredTypes(&schema) }
        if style == .elements {
            for kind in layout.valueKinds { writeElementTypes(kind, &schema) }
        }
        schema.end()
        return schema.text
    }

    private var model: GraphModel { layout.model }

    private func encoded(_ entity: Int) -> String {
        XMLNameEncoding.encode(model.entities[entity].name)
    }

    /// `gx:export`, with the header's fields as attributes, holding the top-level objects.
    private func writeRoot(_ schema: inout XMLSchemaText) {
        schema.start("element", ["name": "export"])
        schema.start("complexType")
        schema.start("choice", ["minOccurs": "0", "maxOccurs": "unbounded"])
        if !layout.concreteEntities.isEmpty {
            schema.empty("group", ["ref": "gx:objects"])
            schema.empty("element", ["ref": "gx:tombstone"])
        }
        schema.end()
        for field in HeaderFields.all(sourceFields: sourceFields) where field != "shape" {
            let use = HeaderFields.required.contains(field) ? "required" : "optional"
            schema.empty(
                "attribute",
                ["name": XMLNameEncoding.encode(field), "form": "qualified", "type": "xs:string", "use": use])
        }
        schema.empty(
            "attribute",
            [
                "name": "shape", "form": "qualified", "type": "xs:string", "use": "required",
                "fixed": layout.shape.rawValue,
            ])
        schema.empty("attribute", ["name": "base64", "form": "qualified", "type": "xs:NMTOKENS"])
        schema.end()
        writeIdentityConstraints(&schema)
        schema.end()
    }

    /// Every object's `gx:id` is unique and every `gx:ref` names one: the objects are the elements
    /// named after a concrete entity that have a `gx:id` (an attribute or relationship element that
    /// happens to share an entity's name has none, so `xs:unique` rather than `xs:key` passes it).
    private func writeIdentityConstraints(_ schema: inout XMLSchemaText) {
        guard !layout.concreteEntities.isEmpty else { return }
        let objects = layout.concreteEntities.map { ".//" + encoded($0) }.joined(separator: "|")
        schema.start("unique", ["name": "objectID"])
        schema.empty("selector", ["xpath": objects])
        schema.empty("field", ["xpath": "@gx:id"])
        schema.end()
        schema.start("keyref", ["name": "referenceResolves", "refer": "gx:objectID"])
        schema.empty("selector", ["xpath": ".//gx:ref"])
        schema.empty("field", ["xpath": "@gx:id"])
        schema.end()
    }

    /// `gx:ref` and the types of relationships that hold references only.
    private func writeShared(_ schema: inout XMLSchemaText) {
        schema.start("element", ["name": "ref"])
        schema.start("complexType")
        schema.empty("attribute", ["name": "id", "form": "qualified", "type": "xs:string", "use": "required"])
        schema.end()
        schema.end()
        schema.start("simpleType", ["name": "true"])
        schema.start("restriction", ["base": "xs:string"])
        schema.empty("enumeration", ["value": "true"])
        schema.end()
        schema.end()
        schema.start("simpleType", ["name": "empty"])
        schema.start("restriction", ["base": "xs:string"])
        schema.empty("length", ["value": "0"])
        schema.end()
        schema.end()
        for (name, minimum, maximum, isNullable) in [
            ("references", "0", "unbounded", false), ("reference", "1", "1", false),
            ("optionalReference", "0", "1", true),
        ] {
            schema.start("complexType", ["name": name])
            schema.start("sequence")
            schema.empty("element", ["ref": "gx:ref", "minOccurs": minimum, "maxOccurs": maximum])
            schema.end()
            if isNullable { nullMark(&schema) }
            schema.end()
        }
    }

    /// A group of a choice of one element per entity of `entities`, each of its entity's type.
    private func writeGroup(_ name: String, _ entities: [Int], _ schema: inout XMLSchemaText) {
        guard !entities.isEmpty else { return }
        schema.start("group", ["name": name])
        schema.start("choice")
        for entity in entities {
            schema.empty("element", ["name": encoded(entity), "type": "gx:entity." + encoded(entity)])
        }
        schema.end()
        schema.end()
    }

    private func writeEntity(_ entity: Int, _ schema: inout XMLSchemaText) {
        let attributes = model.attributes(of: entity)
        let kinds = attributes.indices.map { layout.valueKind(entity, $0) }
        schema.start("complexType", ["name": "entity." + encoded(entity)])
        schema.start("sequence")
        if style == .elements {
            for (attribute, kind) in zip(attributes, kinds) {
                let type = "gx:element." + kind.schemaName + (attribute.isOptional ? ".nullable" : "")
                schema.empty("element", ["name": XMLNameEncoding.encode(attribute.name), "type": type])
            }
        }
        if style == .attributes {
            // An array or map cannot sit in the start tag: it is a child element before the
            // relationships.
            for (attribute, kind) in zip(attributes, kinds) where kind == .structured {
                schema.empty(
                    "element",
                    ["name": XMLNameEncoding.encode(attribute.name), "type": "gx:structured", "minOccurs": "0"])
            }
        }
        for (index, relationship) in model.relationships(of: entity).enumerated() {
            writeRelationship(relationship, nests: layout.nests(entity, index), &schema)
        }
        schema.end()
        schema.empty("attribute", ["name": "id", "form": "qualified", "type": "xs:string", "use": "required"])
        nameList(
            "changed",
            (attributes.map(\.name) + model.relationships(of: entity).map(\.name)).map(XMLNameEncoding.encode),
            &schema)
        if style == .attributes {
            for (attribute, kind) in zip(attributes, kinds) {
                schema.empty(
                    "attribute",
                    [
                        "name": XMLNameEncoding.encode(attribute.name),
                        "type": "gx:value." + kind.schemaName,
                        "use": attribute.isOptional || kind == .structured ? "optional" : "required",
                    ])
            }
            nameList("null", attributes.filter(\.isOptional).map { XMLNameEncoding.encode($0.name) }, &schema)
            nameList(
                "base64", zip(attributes, kinds).filter { $0.1.mayBeText }.map { XMLNameEncoding.encode($0.0.name) },
                &schema)
        }
        schema.end()
    }

    /// `gx:tombstone`, a deleted object (`--since`): `gx:type` (a concrete entity's encoded name),
    /// `gx:id`, and the values kept of it as attributes or child elements in no namespace, not
    /// typed further (XML Schema 1.0 cannot tie them to `gx:type`).
    private func writeTombstone(_ schema: inout XMLSchemaText) {
        guard !layout.concreteEntities.isEmpty else { return }
        schema.start("element", ["name": "tombstone"])
        schema.start("complexType")
        schema.start("sequence")
        schema.empty(
            "any", ["namespace": "##local", "processContents": "skip", "minOccurs": "0", "maxOccurs": "unbounded"])
        schema.end()
        enumeration("type", layout.concreteEntities.map(encoded), required: true, &schema)
        schema.empty("attribute", ["name": "id", "form": "qualified", "type": "xs:string", "use": "required"])
        schema.empty("attribute", ["name": "null", "form": "qualified", "type": "xs:NMTOKENS"])
        schema.empty("attribute", ["name": "base64", "form": "qualified", "type": "xs:NMTOKENS"])
        schema.empty("anyAttribute", ["namespace": "##local", "processContents": "skip"])
        schema.end()
        schema.end()
    }

    private func writeRelationship(_ relationship: ResolvedRelationship, nests: Bool, _ schema: inout XMLSchemaText) {
        let name = XMLNameEncoding.encode(relationship.name)
        let isOptional = relationship.info.isOptional
        guard nests else {
            let type = relationship.isToMany ? "references" : isOptional ? "optionalReference" : "reference"
            schema.empty("element", ["name": name, "type": "gx:" + type])
            return
        }
        schema.start("element", ["name": name])
        schema.start("complexType")
        let minimum = relationship.isToMany || isOptional ? "0" : "1"
        schema.start("choice", ["minOccurs": minimum, "maxOccurs": relationship.isToMany ? "unbounded" : "1"])
        schema.empty("element", ["ref": "gx:ref"])
        schema.empty("group", ["ref": "gx:kindOf." + encoded(relationship.destination)])
        schema.end()
        if !relationship.isToMany && isOptional { nullMark(&schema) }
        schema.end()
        schema.end()
    }

    /// `gx:null="true"`, optional: an empty to-one relationship or a null value in the element style.
    private func nullMark(_ schema: inout XMLSchemaText) {
        schema.empty("attribute", ["name": "null", "form": "qualified", "type": "gx:true"])
    }

    /// The list `gx:<name>` of some of an object's encoded property names (`gx:null`, `gx:base64`,
    /// `gx:changed`), each one of `names`; nothing when there are none.
    private func nameList(_ name: String, _ names: [String], _ schema: inout XMLSchemaText) {
        guard !names.isEmpty else { return }
        schema.start("attribute", ["name": name, "form": "qualified"])
        schema.start("simpleType")
        schema.start("list")
        schema.start("simpleType")
        schema.start("restriction", ["base": "xs:NCName"])
        for name in names { schema.empty("enumeration", ["value": name]) }
        schema.end()
        schema.end()
        schema.end()
        schema.end()
        schema.end()
    }

    /// `gx:structured`, a value that may be an array or a map (a decoded Transformable, a JSON
    /// column): text, or `gx:type="array"` with `gx:item` children, or `gx:type="map"` with
    /// `gx:entry key="…"` children, each item and entry a value of the same kind; `gx:null` and
    /// `gx:encoding` as on any value. Its text is not typed further (XML Schema 1.0 cannot tie it to `gx:type`).
    private func writeStructuredTypes(_ schema: inout XMLSchemaText) {
        schema.start("complexType", ["name": "structured", "mixed": "true"])
        schema.start("choice", ["minOccurs": "0", "maxOccurs": "unbounded"])
        schema.empty("element", ["ref": "gx:item"])
        schema.empty("element", ["ref": "gx:entry"])
        schema.end()
        enumeration("type", ["array", "map"], &schema)
        nullMark(&schema)
        enumeration("encoding", ["base64"], &schema)
        schema.end()
        schema.empty("element", ["name": "item", "type": "gx:structured"])
        schema.start("element", ["name": "entry"])
        schema.start("complexType", ["mixed": "true"])
        schema.start("complexContent")
        schema.start("extension", ["base": "gx:structured"])
        schema.empty("attribute", ["name": "key", "type": "xs:string", "use": "required"])
        enumeration("keyEncoding", ["base64"], &schema)
        schema.end()
        schema.end()
        schema.end()
        schema.end()
    }

    /// A `gx:<name>` attribute whose value is one of `values`, optional unless `required`.
    private func enumeration(
        _ name: String, _ values: [String], required: Bool = false, _ schema: inout XMLSchemaText
    ) {
        if required {
            schema.start("attribute", ["name": name, "form": "qualified", "use": "required"])
        } else {
            schema.start("attribute", ["name": name, "form": "qualified"])
        }
        schema.start("simpleType")
        schema.start("restriction", ["base": "xs:string"])
        for value in values { schema.empty("enumeration", ["value": value]) }
        schema.end()
        schema.end()
        schema.end()
    }

    /// The element-style types of a value of `kind`: `gx:element.<kind>` and, for optional
    /// attributes, `gx:element.<kind>.nullable`, whose text may be empty with `gx:null="true"`
    /// (for ``ValueKind/structured``, both `gx:structured`, which allows `gx:null` anyway).
    private func writeElementTypes(_ kind: ValueKind, _ schema: inout XMLSchemaText) {
        if kind == .structured {
            for name in ["element.structured", "element.structured.nullable"] {
                schema.start("complexType", ["name": name, "mixed": "true"])
                schema.start("complexContent")
                schema.empty("extension", ["base": "gx:structured"])
                schema.end()
                schema.end()
            }
            return
        }
        let value = "gx:value." + kind.schemaName
        schema.start("simpleType", ["name": "nullable." + kind.schemaName])
        schema.empty("union", ["memberTypes": value + " gx:empty"])
        schema.end()
        for isNullable in [false, true] {
            schema.start("complexType", ["name": "element." + kind.schemaName + (isNullable ? ".nullable" : "")])
            schema.start("simpleContent")
            schema.start("extension", ["base": isNullable ? "gx:nullable." + kind.schemaName : value])
            if isNullable { nullMark(&schema) }
            if kind.mayBeText { enumeration("encoding", ["base64"], &schema) }
            schema.end()
            schema.end()
            schema.end()
        }
    }
}
