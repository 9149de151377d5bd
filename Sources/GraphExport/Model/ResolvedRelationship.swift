/// A relationship with its destination, inverse and tree role resolved against a ``GraphModel``.
public struct ResolvedRelationship: Sendable, Hashable {
    /// The relationship as the model declares it.
    public let info: RelationshipInfo
    /// The index of the destination entity in ``GraphModel/entities``.
    public let destination: Int
    /// The index of the inverse in the destination's ``GraphModel/relationships(of:)``, if any.
    public let inverse: Int?
    /// Whether, in the tree shape, the destination objects nest inside the source object.
    ///
    /// True for the to-many side of a one-to-many and for the owning side of a one-to-one (see
    /// ``GraphModel`` for the rule); such a destination still nests only under the one owner that
    /// ``GraphModel/ownerRelationships(of:)`` ranks first among those it has.
    public let nestsDestination: Bool

    /// The relationship's name.
    public var name: String { info.name }
    /// Whether the relationship holds many destination objects.
    public var isToMany: Bool { info.isToMany }
}
