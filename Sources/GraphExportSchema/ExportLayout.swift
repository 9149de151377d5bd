import GraphExport
import GraphExportPlainSQLite

/// What the traversal makes of a model in one shape, as the schemas and diagrams need it: which
/// entities have objects, which relationships hold nested objects, and which entities an object in
/// a relationship can be.
///
/// It follows ``GraphTraversal``: every concrete entity's objects can stand at the top level (an
/// object whose owner is missing, or one of a cycle of owners, is written there); every attribute
/// and every relationship of an object is written, in model order, inherited ones first; in the
/// tree shape a relationship whose ``ResolvedRelationship/nestsDestination`` is set holds its
/// destinations in full or as references (a destination nests only under its first owner), every
/// other relationship references only; in the flat shape every relationship references only.
struct ExportLayout {
    let model: GraphModel
    let shape: ExportShape
    let typing: ValueTyping

    /// The entities with objects of their own, in model order.
    var concreteEntities: [Int] { model.concreteEntities }

    /// Whether relationship `index` of `entity` (an index into ``GraphModel/relationships(of:)``)
    /// can hold objects written in full in this shape (never when its destination has no concrete
    /// kind, whose objects could be nested).
    func nests(_ entity: Int, _ index: Int) -> Bool {
        let relationship = model.relationships(of: entity)[index]
        return shape == .tree && relationship.nestsDestination && !concreteKinds(of: relationship.destination).isEmpty
    }

    /// The concrete entities whose objects can be the destination of a relationship to `entity`:
    /// the entity itself and its sub-entities, in model order.
    func concreteKinds(of entity: Int) -> [Int] {
        model.concreteEntities.filter { model.entity($0, isKindOf: entity) }
    }

    /// The destination entities whose objects some relationship of this shape nests, in model
    /// order, for the schemas' one definition per such destination.
    var nestedDestinations: [Int] {
        var destinations = Set<Int>()
        for entity in concreteEntities {
            for (index, relationship) in model.relationships(of: entity).enumerated() where nests(entity, index) {
                destinations.insert(relationship.destination)
            }
        }
        return model.entities.indices.filter { destinations.contains($0) }
    }

    /// What the values of attribute `index` of `entity` (an index into
    /// ``GraphModel/attributes(of:)``) can be.
    func valueKind(_ entity: Int, _ index: Int) -> ValueKind {
        var column: PlainColumnTyping?
        if case .columns(let typings) = typing, typings.indices.contains(entity),
            typings[entity].indices.contains(index)
        {
            column = typings[entity][index]
        }
        return ValueKind(model.attributes(of: entity)[index], typing, column: column)
    }

    /// The kinds of value the concrete entities' attributes have, in the order of
    /// ``ValueKind/allCases``.
    var valueKinds: [ValueKind] {
        let used = Set(
            concreteEntities.flatMap { entity in
                model.attributes(of: entity).indices.map { valueKind(entity, $0) }
            })
        return ValueKind.allCases.filter { used.contains($0) }
    }
}
