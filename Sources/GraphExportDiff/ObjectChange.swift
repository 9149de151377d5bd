public import GraphExport

/// One object that differs between the two copies (``GraphDiff``): added, removed or changed,
/// with the properties that say how.
public struct ObjectChange: Sendable, Hashable {
    /// What happened to the object.
    public enum Kind: String, Sendable, Hashable {
        /// Only the new copy has it: every property, with its new value.
        case added
        /// Only the old copy has it: every property, with its old value.
        case removed
        /// Both have it: the properties whose values differ, old and new.
        case changed
    }

    /// What happened to the object.
    public var kind: Kind
    /// Its concrete entity's name (`@type`).
    public var entity: String
    /// Its identifier in the copy that has it: the new one's for an added or changed object, the
    /// old one's for a removed object.
    public var id: ObjectID
    /// For an entity matched by a `--key` attribute (``DiffKey``): that attribute's name (as
    /// ``ValueMap/Entry/key``) and value, which matched it; `nil` for an object matched by its
    /// primary key.
    public var key: ValueMap.Entry?
    /// The properties, in model order: attributes first, then relationships.
    public var properties: [PropertyChange]

    /// Creates a change.
    public init(
        kind: Kind, entity: String, id: ObjectID, key: ValueMap.Entry? = nil, properties: [PropertyChange]
    ) {
        self.kind = kind
        self.entity = entity
        self.id = id
        self.properties = properties
        self.key = key
    }
}

/// One property of an ``ObjectChange``.
public struct PropertyChange: Sendable, Hashable {
    /// How the property differs.
    public enum Change: Sendable, Hashable {
        /// Its value in each copy: `old` is `nil` for an added object, `new` for a removed one. Every
        /// attribute and to-one relationship takes this form, and every property of an added or
        /// removed object.
        case values(old: PropertyValue?, new: PropertyValue?)
        /// A to-many relationship of a changed object: the references only the new copy has, and
        /// those only the old copy has, each in its copy's order and with that copy's identifiers.
        case references(added: [ObjectID], removed: [ObjectID])
    }

    /// The property's name.
    public var name: String
    /// How it differs.
    public var change: Change

    /// Creates a property's change.
    public init(name: String, change: Change) {
        self.name = name
        self.change = change
    }
}

/// The value of one property in one copy.
public enum PropertyValue: Sendable, Hashable {
    /// An attribute's value.
    case value(Value)
    /// A to-one relationship's destination, `nil` when it is empty.
    case reference(ObjectID?)
    /// A to-many relationship's destinations, in the copy's order.
    case references([ObjectID])
}
