/// One object's start as ``GraphWriter/beginObject(_:at:)`` receives it: its entity by index, its
/// identifier and all its attribute values, borrowed from the source (``RowValue``).
///
/// `entity` indexes ``DocumentInfo/entities``, so that a writer can prepare what it writes for an
/// entity (its name's text, its keys' bytes) once and find it again by index. For every row of
/// one document, an entity index comes with the same `entityName` and the same `attributeNames`,
/// distinct names in model order (``GraphModel/attributes(of:)``, inherited ones first), one
/// value each. A row with ``changedProperties`` stands for `beginObject(entity:id:)`,
/// ``GraphEvent/changedProperties(_:)`` and then the attributes.
public struct ObjectRow {
    /// The object's concrete entity, as an index into ``DocumentInfo/entities``.
    public let entity: Int
    /// The entity's name.
    public let entityName: String
    /// The names of the entity's attributes, in model order.
    public let attributeNames: [String]
    /// The object's identifier.
    public let id: ObjectID
    /// One value per attribute, in the order of ``attributeNames``; borrowed, valid only during
    /// the call that receives the row.
    public let values: [RowValue]
    /// In an export of what changed since a history token, the properties the object's updates
    /// touched (``GraphEvent/changedProperties(_:)``, which the row stands for after its start);
    /// `nil` for an object of a full export, and for one inserted since the token.
    public let changedProperties: [String]?

    /// Creates a row; `values` must have one value per name of `attributeNames`.
    public init(
        entity: Int, entityName: String, attributeNames: [String], id: ObjectID, values: [RowValue],
        changedProperties: [String]? = nil
    ) {
        precondition(attributeNames.count == values.count, "an ObjectRow needs one value per attribute name")
        self.entity = entity
        self.entityName = entityName
        self.attributeNames = attributeNames
        self.id = id
        self.values = values
        self.changedProperties = changedProperties
    }
}

extension ObjectRow {
    /// The events the row stands for: ``GraphEvent/beginObject(entity:id:)``, then
    /// ``GraphEvent/changedProperties(_:)`` when the row has them, then one
    /// ``GraphEvent/attribute(name:value:)`` per value, its text and bytes copied
    /// (``RowValue/value``). For a writer whose ``GraphWriter/beginObject(_:at:)`` writes events.
    public var events: [GraphEvent] {
        var events: [GraphEvent] = [.beginObject(entity: entityName, id: id)]
        if let changedProperties { events.append(.changedProperties(changedProperties)) }
        for (name, value) in zip(attributeNames, values) { events.append(.attribute(name: name, value: value.value)) }
        return events
    }
}

extension GraphWriter {
    /// Writes `row`, which comes at `position`, as the events it stands for (``ObjectRow/events``)
    /// with ``write(_:at:)``: its `beginObject(entity:id:)` at `position`, the others inside the
    /// object (``StreamPosition/insideObject``). For a writer that has nothing to gain from rows,
    /// in its ``beginObject(_:at:)``.
    public func writeEvents(of row: ObjectRow, at position: StreamPosition) throws {
        let events = row.events
        try write(events[0], at: position)
        let inside = position.insideObject
        for event in events.dropFirst() { try write(event, at: inside) }
    }
}
