public import GraphExport

/// The encoder behind a JSON writer (JSON, JSON Lines): the text it has written, its warnings,
/// and how it lays out each call of a document once the call is checked.
///
/// The extension checks every call with ``validator`` and passes it on to the `write…`
/// requirement that lays it out, once for every JSON encoder: a `write…` requirement is called
/// only for a call that fits where the stream is, and writes its text to ``text`` (or to a buffer
/// of its own that it moves to ``text``) and its warnings to ``valueWarnings``. ``JSONWriterCore``
/// hands both on after every call.
///
/// Public, with the extension's members `package` and `@inlinable`, so that the checks and the
/// dispatch inline into the writer's module (`docs/PERFORMANCE.md`, *Inlining across modules*).
public protocol JSONStreamEncoder {
    /// The stream's grammar, checked before anything is written for a call.
    var validator: GraphStreamValidator { get set }
    /// The text written and not yet taken by the writer.
    var text: [UInt8] { get set }
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
    /// Writes the end of the innermost object.
    mutating func writeObjectEnd()
}

extension JSONStreamEncoder {
    /// Writes the document's opening, or throws without writing anything when the stream has begun.
    @inlinable
    package mutating func begin(_ document: DocumentInfo) throws(GraphExportError) {
        try validator.begin()
        writeHeader(document)
    }

    /// Writes one event, or throws without writing anything when it does not fit where the stream is.
    @inlinable
    package mutating func write(_ event: GraphEvent) throws(GraphExportError) {
        switch event {
        case .beginObject(let entity, let id):
            try validator.beginObject(entity: entity, id: id)
            writeObjectStart(entity: entity, id: id)
        case .changedProperties(let names):
            try validator.changedProperties()
            writeChangedProperties(names)
        case .deleted:
            try validator.deleted()
            writeDeleted()
        case .attribute(let name, let value):
            try validator.attribute(name: name, value: value)
            writeAttribute(name: name, value: value)
        case .beginRelationship(let name, let isToMany):
            try validator.beginRelationship(name: name, isToMany: isToMany)
            writeRelationshipStart(name: name, isToMany: isToMany)
        case .reference(let id):
            try validator.reference(id)
            writeReference(id)
        case .endRelationship:
            try validator.endRelationship()
            writeRelationshipEnd()
        case .endObject:
            try validator.endObject()
            writeObjectEnd()
        }
    }

    /// Writes an object's start and all its attributes straight from the row's values, or throws
    /// without writing anything when the row does not fit where the stream is.
    @inlinable
    package mutating func beginObject(_ row: ObjectRow) throws(GraphExportError) {
        try validator.beginObject(row)
        writeObjectStart(entity: row.entityName, id: row.id)
        if let changed = row.changedProperties { writeChangedProperties(changed) }
        writeAttributes(of: row)
    }

    /// Writes the document's end, or throws without writing anything when an object is still open.
    @inlinable
    package mutating func finish() throws(GraphExportError) {
        try validator.finish()
        writeEnd()
    }
}
