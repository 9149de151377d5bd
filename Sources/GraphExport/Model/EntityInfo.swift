/// An entity of the model: a kind of object, with its own attributes and relationships.
///
/// `attributes` and `relationships` hold the properties the entity declares itself; the ones it
/// inherits from its parent are resolved by ``GraphModel``.
public struct EntityInfo: Sendable, Hashable {
    /// The entity's name (`Photo`).
    public var name: String
    /// The name of the parent entity, for a sub-entity.
    public var parent: String?
    /// Whether the entity is abstract: it has no objects of its own, only through sub-entities.
    public var isAbstract: Bool
    /// The attributes the entity declares, in model order.
    public var attributes: [AttributeInfo]
    /// The relationships the entity declares, in model order.
    public var relationships: [RelationshipInfo]

    /// Creates an entity description.
    public init(
        name: String,
        parent: String? = nil,
        isAbstract: Bool = false,
        attributes: [AttributeInfo] = [],
        relationships: [RelationshipInfo] = []
    ) {
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
    }
}
