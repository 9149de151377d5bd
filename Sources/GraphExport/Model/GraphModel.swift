/// The entities of a graph, with inheritance, inverses and ownership resolved.
///
/// Entities keep the order they are given in; an entity's resolved attribute and relationship lists
/// start with everything it inherits (so a parent's list is a prefix of each child's), then its own.
///
/// **Ownership** (what nests under what in the tree shape):
/// - a to-many relationship whose inverse is to-one nests its destinations (one-to-many);
/// - of a one-to-one pair, the side whose deletion rule is `Cascade` while the other's is not nests
///   the other; failing that, the side that is required while the other is optional; failing
///   that, the side whose entity name, then relationship name, sorts first;
/// - many-to-many and relationships without an inverse never nest: they are references.
///
/// An object with several possible owners nests under the first one it has, ranking its owner
/// relationships with the `Cascade` ones first, then in model order.
public struct GraphModel: Sendable {
    /// The entities, in model order.
    public let entities: [EntityInfo]
    private let indexByName: [String: Int]
    private let resolvedAttributes: [[AttributeInfo]]
    private let resolvedRelationships: [[ResolvedRelationship]]
    private let rankedOwners: [[Int]]
    private let ancestry: [[Int]]

    /// Resolves a list of entities into a model, or throws a ``ModelError`` naming what is wrong.
    public init(entities: [EntityInfo]) throws {
        var indexByName: [String: Int] = [:]
        for (index, entity) in entities.enumerated() {
            guard indexByName.updateValue(index, forKey: entity.name) == nil else {
                throw ModelError.duplicateEntity(entity.name)
            }
        }
        let ancestry = try Self.resolveAncestry(entities, indexByName)
        let declared = try entities.map { entity in
            try entity.relationships.map { relationship -> (RelationshipInfo, Int) in
                guard let destination = indexByName[relationship.destination] else {
                    throw ModelError.unknownDestination(
                        entity: entity.name, relationship: relationship.name,
                        destination: relationship.destination)
                }
                return (relationship, destination)
            }
        }
        var attributes: [[AttributeInfo]] = []
        var flat: [[(RelationshipInfo, Int)]] = []
        for chain in ancestry {
            attributes.append(chain.reversed().flatMap { entities[$0].attributes })
            flat.append(chain.reversed().flatMap { declared[$0] })
        }
        var relationships: [[ResolvedRelationship]] = []
        for (entityIndex, list) in flat.enumerated() {
            relationships.append(
                try list.map { relationship, destination in
                    let inverse = try Self.inverseIndex(
                        of: relationship, in: entities[entityIndex].name, at: flat[destination])
                    return ResolvedRelationship(
                        info: relationship, destination: destination, inverse: inverse,
                        nestsDestination: Self.nests(
                            relationship, from: entities[entityIndex].name,
                            inverse: inverse.map { flat[destination][$0].0 },
                            inverseEntity: entities[destination].name))
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
                    throw ModelError.unknownParent(entity: current.name, parent: parentName)
                }
                guard !chain.contains(parent) else {
                    throw ModelError.inheritanceCycle(entity: entities[start].name)
                }
                chain.append(parent)
                current = entities[parent]
            }
            return chain
        }
    }

    private static func inverseIndex(
        of relationship: RelationshipInfo, in entityName: String,
        at destination: [(RelationshipInfo, Int)]
    ) throws -> Int? {
        guard let inverseName = relationship.inverse else { return nil }
        guard let index = destination.firstIndex(where: { $0.0.name == inverseName }) else {
            throw ModelError.unknownInverse(
                entity: entityName, relationship: relationship.name, inverse: inverseName)
        }
        return index
    }

    private static func nests(
        _ relationship: RelationshipInfo, from entity: String,
        inverse: RelationshipInfo?, inverseEntity: String
    ) -> Bool {
        guard let inverse else { return false }
        switch (relationship.isToMany, inverse.isToMany) {
        case (true, false): return true
        case (false, false): return owns(relationship, entity, over: inverse, inverseEntity)
        default: return false
        }
    }

    /// Decides which side of a one-to-one pair owns the other.
    private static func owns(
        _ side: RelationshipInfo, _ entity: String,
        over other: RelationshipInfo, _ otherEntity: String
    ) -> Bool {
        let sideCascades = side.deletionRule == .cascade
        if sideCascades != (other.deletionRule == .cascade) { return sideCascades }
        if side.isOptional != other.isOptional { return !side.isOptional }
        if entity != otherEntity { return entity < otherEntity }
        return side.name < other.name
    }

    /// The to-one relationships whose inverse nests this entity, `Cascade` inverses first.
    private static func rankOwners(
        _ relationships: [ResolvedRelationship], all: [[ResolvedRelationship]]
    ) -> [Int] {
        let owning = relationships.indices.compactMap { index -> (Int, Bool)? in
            let relationship = relationships[index]
            guard !relationship.isToMany, let inverseIndex = relationship.inverse else { return nil }
            let inverse = all[relationship.destination][inverseIndex]
            guard inverse.nestsDestination else { return nil }
            return (index, inverse.info.deletionRule == .cascade)
        }
        return owning.filter { $0.1 }.map(\.0) + owning.filter { !$0.1 }.map(\.0)
    }
}
