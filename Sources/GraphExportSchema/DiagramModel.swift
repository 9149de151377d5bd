import GraphExport

/// What the two diagrams draw: each entity with the attributes it declares, each relationship and
/// its inverse as one line, and each sub-entity's link to its parent.
///
/// A pair is drawn once, from the owner when one side nests the other's objects in the tree shape,
/// otherwise from the side met first in model order, whatever the shape (which says only whether
/// the line nests); a relationship without an inverse is a line of its own.
struct DiagramModel {
    /// A relationship and its inverse.
    struct Line {
        /// The entity the line starts from (the owner, when one side owns the other) and the
        /// relationship.
        let from: Int
        let relationship: RelationshipInfo
        /// The entity the line ends at, and the inverse relationship, if any.
        let to: Int
        let inverse: RelationshipInfo?
        /// Whether `from` nests the objects of `to` in the diagram's shape.
        let nests: Bool

        /// The relationship's name, then its inverse's: `pages / scrapbook`.
        var label: String {
            ([relationship.name] + (inverse.map { [$0.name] } ?? [])).joined(separator: " / ")
        }
    }

    /// How many objects one end of a line may have for one object at the other end.
    enum Cardinality {
        case zeroOrOne, exactlyOne, zeroOrMore, oneOrMore

        /// The cardinality of a relationship's destinations.
        init(_ relationship: RelationshipInfo) {
            switch (relationship.isToMany, relationship.isOptional) {
            case (false, true): self = .zeroOrOne
            case (false, false): self = .exactlyOne
            case (true, true): self = .zeroOrMore
            case (true, false): self = .oneOrMore
            }
        }

        /// The cardinality of the sources of a relationship whose inverse is `inverse`: any
        /// number when it has none.
        init(inverse: RelationshipInfo?) {
            self = inverse.map(Cardinality.init) ?? .zeroOrMore
        }
    }

    /// The lines, in model order of the side each starts from.
    let lines: [Line]

    init(_ layout: ExportLayout) {
        let model = layout.model
        var lines: [Line] = []
        var drawn = Set<Declaration>()
        for entity in model.entities.indices {
            let resolved = model.relationships(of: entity)
            let declaredStart = resolved.count - model.entities[entity].relationships.count
            for index in declaredStart..<resolved.count {
                let relationship = resolved[index]
                guard drawn.insert(Declaration(entity: entity, name: relationship.name)).inserted else { continue }
                let inverse = relationship.inverse.map { model.relationships(of: relationship.destination)[$0] }
                let inverseDeclarer = relationship.inverse.map {
                    Self.declarer(of: $0, in: relationship.destination, model)
                }
                if let inverse, let inverseDeclarer {
                    drawn.insert(Declaration(entity: inverseDeclarer, name: inverse.name))
                }
                // Oriented by the model's ownership, so that the shape changes only whether it nests.
                if inverse?.nestsDestination == true, let inverse {
                    lines.append(
                        Line(
                            from: relationship.destination, relationship: inverse.info, to: entity,
                            inverse: relationship.info, nests: layout.shape == .tree))
                } else {
                    lines.append(
                        Line(
                            from: entity, relationship: relationship.info, to: relationship.destination,
                            inverse: inverse?.info, nests: layout.shape == .tree && relationship.nestsDestination))
                }
            }
        }
        self.lines = lines
    }

    /// A relationship as the entity that declares it names it.
    private struct Declaration: Hashable {
        let entity: Int
        let name: String
    }

    /// The entity of `entity`'s lineage that declares its relationship at `index` (inherited
    /// relationships come first, the root's first of all).
    private static func declarer(of index: Int, in entity: Int, _ model: GraphModel) -> Int {
        var start = 0
        for ancestor in model.lineage(of: entity) {
            start += model.entities[ancestor].relationships.count
            if index < start { return ancestor }
        }
        return entity
    }
}
