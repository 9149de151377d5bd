/// What happens to the destination objects when the source object is deleted.
public enum DeletionRule: String, Sendable, Hashable {
    /// The destination is left alone and its inverse pointer is cleared.
    case nullify = "Nullify"
    /// The destination is deleted with the source: the source owns it.
    case cascade = "Cascade"
    /// The source cannot be deleted while it has destinations.
    case deny = "Deny"
    /// Nothing is done.
    case noAction = "No Action"
}

/// Whether a relationship's destinations nest inside the source object in the tree shape.
public enum NestingRule: String, Sendable, Hashable {
    /// Decided by the model's rule (see ``GraphModel``).
    case automatic
    /// Nest whenever the shape of the pair allows it (a one-to-many, or a one-to-one), ahead of
    /// the destination's other possible owners.
    case nest
    /// Never nest: the destinations are always references.
    case reference
}

/// A relationship from one entity to another: to-one or to-many, with an optional inverse.
public struct RelationshipInfo: Sendable, Hashable {
    /// The relationship's name as the model spells it (`pages`).
    public var name: String
    /// The name of the destination entity.
    public var destination: String
    /// Whether the relationship holds many destination objects.
    public var isToMany: Bool
    /// Whether a to-many relationship keeps its destinations in a stored order.
    public var isOrdered: Bool
    /// The name of the inverse relationship on the destination entity, if any.
    public var inverse: String?
    /// What deleting the source does to the destinations.
    public var deletionRule: DeletionRule
    /// Whether the model allows the relationship to be empty.
    public var isOptional: Bool
    /// Whether the destinations nest in the tree shape; set by a user's choice or a reader's rule.
    public var nesting: NestingRule

    /// Creates a relationship description.
    public init(
        name: String,
        destination: String,
        isToMany: Bool,
        isOrdered: Bool = false,
        inverse: String? = nil,
        deletionRule: DeletionRule = .nullify,
        isOptional: Bool = true,
        nesting: NestingRule = .automatic
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.inverse = inverse
        self.deletionRule = deletionRule
        self.isOptional = isOptional
        self.nesting = nesting
    }
}
