/// One step of an export's event stream, as a ``GraphWriter`` receives it.
///
/// A stream is well nested: an object's attributes come first, then its relationships; inside a
/// relationship come nested objects and references. A to-one relationship holds at most one of
/// them; an empty to-one relationship is null.
///
/// An export of what changed since a history token (`--since`, `docs/HISTORY.md`) marks its
/// objects right after they start: ``changedProperties(_:)`` for an object updated since then,
/// ``deleted`` for a tombstone, nothing for an object inserted since then.
public enum GraphEvent: Sendable, Hashable {
    /// An object starts, written in full: its concrete entity and its identifier.
    case beginObject(entity: String, id: ObjectID)
    /// The properties (attributes and relationships, by name) that updates of the current object
    /// touched since the token the export started from; empty when the updates named none the
    /// export writes. Comes right after ``beginObject(entity:id:)``, before the attributes, at
    /// most once.
    case changedProperties([String])
    /// The current object was deleted since the token: a tombstone. Comes right after the
    /// ``beginObject(entity:id:)`` of a top-level object; the attributes that follow are the values
    /// the store kept of it, and it has no relationships.
    case deleted
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
