/// The entities of a graph, with inheritance, inverses and ownership resolved.
///
/// Entities keep the order they are given in; an entity's resolved attribute and relationship lists
/// start with everything it inherits (so a parent's list is a prefix of each child's), then its own.
///
/// **Ownership** (what nests under what in the tree shape):
/// - a to-many relationship whose inverse is to-one nests its destinations (one-to-many);
/// - of a one-to-one pair, the side whose deletion rule is `Cascade` while the other's is not nests
///   the other; a pair without such a side is two peers, referencing each other;
/// - many-to-many and relationships without an inverse never nest: they are references;
/// - a relationship's ``RelationshipInfo/nesting`` overrides all this: `.reference` never nests,
///   `.nest` nests wherever the pair's shape allows.
///
/// An object with several possible owners nests under the first one it has, ranking its owner
/// relationships with the chosen (`.nest`) ones first, then the `Cascade` ones, then in model
/// order.
public struct GraphModel: Sendable {
    /// The entities, in model order.
    public let entities: [EntityInfo]
    private let indexByName: [String: Int]
    private let resolvedAttributes: [[AttributeInfo]]
    private let resolvedRelationships: [[ResolvedRelationship]]
    private let rankedOwners: [[Int]]
    private let ancestry: [[Int]]

    /// Resolves a list of entities into a model, or throws a ``GraphModelError`` naming what is wrong.
    public init(entities: [EntityInfo]) throws {
        var indexByName: [String: Int] = [:]
        for (index, entity) in entities.enumerated() {
            guard indexByName.updateValue(index, forKey: entity.name) == nil else {
                throw GraphModelError.duplicateEntity(entity.name)
            }
        }
        let ancestry = try Self.resolveAncestry(entities, indexByName)
        let declared = try entities.map { entity in
            try entity.relationships.map { relationship -> Declared in
                guard let destination = indexByName[relationship.destination] else {
                    throw GraphModelError.unknownDestination(
                        entity: entity.name, relationship: relationship.name,
                        destination: relationship.destination)
                }
                return Declared(info: relationship, destination: destination, declarer: entity.name)
            }
        }
        var attributes: [[AttributeInfo]] = []
        var flat: [[Declared]] = []
        for chain in ancestry {
            attributes.append(chain.reversed().flatMap { entities[$0].attributes })
            flat.append(chain.reversed().flatMap { declared[$0] })
        }
        var relationships: [[ResolvedRelationship]] = []
        for list in flat {
            relationships.append(
                try list.map { declared in
                    let inverse = try Self.inverseIndex(of: declared, at: flat[declared.destination])
                    return ResolvedRelationship(
                        info: declared.info, destination: declared.destination, inverse: inverse,
                        nestsDestination: Self.nests(declared, inverse: inverse.map { flat[declared.destination][$0] }))
                })
        }
        self.entities = entities
        self.indexByName = indexByName
        self.ancestry = ancestry
        self.resolvedAttributes = attributes
        self.resolvedRelationships = relationships
        self.rankedOwners = relationships.map { Self.rankOwners($0, all: relationships) }
    }

    /// The index of the entity with this name.
    public func index(of name: String) -> Int? {
        indexByName[name]
    }

    /// All attributes of an entity, inherited ones first.
    public func attributes(of entity: Int) -> [AttributeInfo] {
        resolvedAttributes[entity]
    }

    /// All relationships of an entity, inherited ones first.
    public func relationships(of entity: Int) -> [ResolvedRelationship] {
        resolvedRelationships[entity]
    }

    /// The to-one relationships through which an object of this entity can be owned, best first.
    ///
    /// Each value indexes ``relationships(of:)``. An object nests under the destination of the
    /// first of these it has a value for.
    public func ownerRelationships(of entity: Int) -> [Int] {
        rankedOwners[entity]
    }

    /// The entities that can have objects of their own, in model order.
    public var concreteEntities: [Int] {
        entities.indices.filter { !entities[$0].isAbstract }
    }

    /// Whether `entity` is `ancestor` or inherits from it.
    public func entity(_ entity: Int, isKindOf ancestor: Int) -> Bool {
        ancestry[entity].contains(ancestor)
    }

    /// An entity's inheritance chain, from the root of its hierarchy down to the entity itself.
    public func lineage(of entity: Int) -> [Int] {
        ancestry[entity].reversed()
    }

    /// The root of an entity's inheritance hierarchy.
    public func root(of entity: Int) -> Int {
        ancestry[entity].last ?? entity
    }

    private static func resolveAncestry(
        _ entities: [EntityInfo], _ indexByName: [String: Int]
    ) throws -> [[Int]] {
        try entities.indices.map { start in
            var chain = [start]
            var current = entities[start]
            while let parentName = current.parent {
                guard let parent = indexByName[parentName] else {
                    throw GraphModelError.unknownParent(entity: current.name, parent: parentName)
                }
                guard !chain.contains(parent) else {
                    throw GraphModelError.inheritanceCycle(entity: entities[start].name)
                }
                chain.append(parent)
                current = entities[parent]
            }
            return chain
        }
    }

    /// A relationship as an entity declares it, before inheritance is resolved.
    private struct Declared {
        let info: RelationshipInfo
        let destination: Int
        /// The name of the entity that declares it (an ancestor, for an inherited relationship).
        let declarer: String
    }

    private static func inverseIndex(of relationship: Declared, at destination: [Declared]) throws -> Int? {
        guard let inverseName = relationship.info.inverse else { return nil }
        guard let index = destination.firstIndex(where: { $0.info.name == inverseName }) else {
            throw GraphModelError.unknownInverse(
                entity: relationship.declarer, relationship: relationship.info.name, inverse: inverseName)
        }
        return index
    }

    private static func nests(_ relationship: Declared, inverse: Declared?) -> Bool {
        guard let inverse, relationship.info.nesting != .reference else { return false }
        switch (relationship.info.isToMany, inverse.info.isToMany) {
        case (true, false): return true
        case (false, false):
            if relationship.info.nesting == .nest || inverse.info.nesting == .nest {
                return relationship.info.nesting == .nest && inverse.info.nesting != .nest
            }
            return owns(relationship.info, over: inverse.info)
        default: return false
        }
    }

    /// Decides whether `side` owns the other side of a one-to-one pair: only when deleting its
    /// object deletes the other (`Cascade`) and not the other way round. Any other pair is two
    /// peers, and both sides are references.
    private static func owns(_ side: RelationshipInfo, over other: RelationshipInfo) -> Bool {
        side.deletionRule == .cascade && other.deletionRule != .cascade
    }

    /// The to-one relationships whose inverse nests this entity: those the user chose first, then
    /// `Cascade` ones, then the rest, each group in model order.
    private static func rankOwners(
        _ relationships: [ResolvedRelationship], all: [[ResolvedRelationship]]
    ) -> [Int] {
        let owning = relationships.indices.compactMap { index -> (index: Int, rank: Int)? in
            let relationship = relationships[index]
            guard !relationship.isToMany, let inverseIndex = relationship.inverse else { return nil }
            let inverse = all[relationship.destination][inverseIndex]
            guard inverse.nestsDestination else { return nil }
            let rank = inverse.info.nesting == .nest ? 0 : inverse.info.deletionRule == .cascade ? 1 : 2
            return (index, rank)
        }
        return owning.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.index)
    }
}
