public import GraphExport

/// The encoder behind a JSON writer (JSON, JSON Lines): the text it has written (a
/// ``ByteBuffer``, not copyable, so neither is the encoder), its warnings, and how it lays out each call of a document, which the writer's ``GraphStream`` has checked.
///
/// The extension passes every call on to the `write…` requirement that lays it out, once for
/// every JSON encoder: a `write…` requirement writes its text to ``text`` (or to a buffer of its
/// own that it moves to ``text``) and its warnings to ``valueWarnings``. ``JSONWriterCore`` hands
/// both on after every call.
///
/// Public, with the extension's members `package` and `@inlinable`, so that the dispatch inlines
/// into the writer's module (`docs/PERFORMANCE.md`, *Inlining across modules*).
public protocol JSONStreamEncoder: ~Copyable {
    /// The text written and not yet taken by the writer.
    var text: ByteBuffer { get set }
    /// Where in ``text`` the base64 of file values goes, streamed when the writer takes the text.
    var splices: FileSplices { get set }
    /// The warnings raised and not yet reported by the writer, one per attribute and issue.
    var valueWarnings: JSONValueWarnings { get set }

    /// Writes what comes before the first object: the `"@source"` header of `document`.
    mutating func writeHeader(_ document: DocumentInfo)
    /// Writes what comes after the last object.
    mutating func writeEnd()
    /// Writes the start of an object: its `"@id"` and `"@type"`.
    mutating func writeObjectStart(entity: String, id: ObjectID)
    /// Writes the innermost object's `"@changed"`, the keys of the properties `names`.
    mutating func writeChangedProperties(_ names: [String])
    /// Writes the innermost object's `"@deleted": true`.
    mutating func writeDeleted()
    /// Writes attribute `name` of the innermost object.
    mutating func writeAttribute(name: String, value: Value)
    /// Writes every attribute of `row`, whose object ``writeObjectStart(entity:id:)`` has started.
    mutating func writeAttributes(of row: ObjectRow)
    /// Writes the start of relationship `name` of the innermost object.
    mutating func writeRelationshipStart(name: String, isToMany: Bool)
    /// Writes a reference to the object `id` in the innermost relationship.
    mutating func writeReference(_ id: ObjectID)
    /// Writes the end of the innermost relationship.
    mutating func writeRelationshipEnd()
    /// Writes a reference to the destination `key` of `relationships` in the innermost
    /// relationship: the same bytes as ``writeReference(_:)`` of its identifier, written from the
    /// key (``JSONIdentifierText``).
    mutating func writeReference(to key: ObjectKey, of relationships: ObjectRelationships)
    /// Writes the end of the innermost object.
    mutating func writeObjectEnd()
}

extension JSONStreamEncoder where Self: ~Copyable {
    /// Writes the document's opening.
    @inlinable
    package mutating func begin(_ document: DocumentInfo) {
        writeHeader(document)
    }

    /// Writes one event.
    @inlinable
    package mutating func write(_ event: GraphEvent) {
        switch event {
        case .beginObject(let entity, let id):
            valueWarnings.entity = entity
            writeObjectStart(entity: entity, id: id)
        case .changedProperties(let names): writeChangedProperties(names)
        case .deleted: writeDeleted()
        case .attribute(let name, let value): writeAttribute(name: name, value: value)
        case .beginRelationship(let name, let isToMany): writeRelationshipStart(name: name, isToMany: isToMany)
        case .reference(let id): writeReference(id)
        case .endRelationship: writeRelationshipEnd()
        case .endObject: writeObjectEnd()
        }
    }

    /// Writes an object's start and all its attributes straight from the row's values.
    @inlinable
    package mutating func beginObject(_ row: ObjectRow) {
        valueWarnings.entity = row.entityName
        writeObjectStart(entity: row.entityName, id: row.id)
        if let changed = row.changedProperties { writeChangedProperties(changed) }
        writeAttributes(of: row)
    }

    /// Writes every relationship of the innermost object, as their events would be written, each
    /// reference from its destination's key.
    @inlinable
    package mutating func writeRelationships(_ relationships: ObjectRelationships) {
        for index in 0..<relationships.count {
            let isToMany = relationships.isToMany(at: index)
            writeRelationshipStart(name: relationships.name(at: index), isToMany: isToMany)
            if isToMany {
                for key in relationships.destinations(at: index) { writeReference(to: key, of: relationships) }
            } else if let key = relationships.destination(at: index) {
                writeReference(to: key, of: relationships)
            }
            writeRelationshipEnd()
        }
    }

    /// Writes the document's end.
    @inlinable
    package mutating func finish() {
        writeEnd()
    }
}
