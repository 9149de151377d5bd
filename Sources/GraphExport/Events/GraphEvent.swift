/// One step of an export's event stream, as a ``GraphWriter`` receives it.
///
/// A stream is well nested: an object's attributes come first, then its relationships; inside a
/// relationship come nested objects and references. A to-one relationship holds at most one of
/// them; an empty to-one relationship is null.
public enum GraphEvent: Sendable, Hashable {
    /// An object starts, written in full: its concrete entity and its identifier.
    case beginObject(entity: String, id: ObjectID)
    /// One attribute of the current object.
    case attribute(name: String, value: Value)
    /// A relationship of the current object starts.
    case beginRelationship(name: String, isToMany: Bool)
    /// A mention of an object written in full elsewhere in the document.
    case reference(ObjectID)
    /// The current relationship ends.
    case endRelationship
    /// The current object ends.
    case endObject
}
