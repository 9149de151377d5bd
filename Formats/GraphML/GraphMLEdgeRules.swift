import GraphExport

/// Which instances of a relationship become edges, so that a link between two objects that a
/// relationship and its inverse both show becomes one edge.
enum GraphMLEdgeRule: Hashable {
    /// Every instance is an edge; `inverse` names the inverse relationship the edge stands for
    /// too, or is `nil` for a relationship without one.
    case write(inverse: String?)
    /// No instance is an edge: the inverse relationship writes them.
    case skip
    /// A relationship that is its own inverse: an instance is an edge when its source's identifier
    /// sorts no later than its target's (by UTF-8 bytes), so that each pair is written once.
    case writeFromLesserID(inverse: String)
}

/// The ``GraphMLEdgeRule`` of every relationship of a model, by entity and relationship name.
///
/// A relationship and its inverse form a pair when each names the other. Of a pair, the side that
/// writes the edges is the first that applies of:
/// 1. the to-many side, when the other is to-one (one-to-many: owner → item);
/// 2. the side that nests its destination in the tree shape, when the other does not (the owning
///    side of a one-to-one; see ``ResolvedRelationship/nestsDestination``);
/// 3. the side whose name, then destination entity name, sorts first by UTF-8 bytes (many-to-many
///    and peer one-to-ones);
/// 4. both sides, for a relationship that is its own inverse, each instance from the object whose
///    identifier sorts first (``GraphMLEdgeRule/writeFromLesserID(inverse:)``).
///
/// A relationship without an inverse, or whose inverse names another relationship back, writes
/// every instance.
struct GraphMLEdgeRules {
    private var rules: [String: [String: GraphMLEdgeRule]] = [:]

    /// The rules of every relationship of every entity of `model`, inherited ones included.
    init(_ model: GraphModel) {
        for (entity, info) in model.entities.enumerated() {
            var byName: [String: GraphMLEdgeRule] = [:]
            for relationship in model.relationships(of: entity) where byName[relationship.name] == nil {
                byName[relationship.name] = Self.rule(for: relationship, in: model)
            }
            rules[info.name] = byName
        }
    }

    /// The rule of `relationship` of `entity`; a relationship the model lacks writes every instance.
    func rule(entity: String, relationship: String) -> GraphMLEdgeRule {
        rules[entity]?[relationship] ?? .write(inverse: nil)
    }

    private static func rule(for relationship: ResolvedRelationship, in model: GraphModel) -> GraphMLEdgeRule {
        guard let inverseIndex = relationship.inverse else { return .write(inverse: nil) }
        let inverse = model.relationships(of: relationship.destination)[inverseIndex]
        guard let backIndex = inverse.inverse,
            model.relationships(of: inverse.destination)[backIndex].info == relationship.info
        else { return .write(inverse: nil) }
        let writes: Bool
        if relationship.isToMany != inverse.isToMany {
            writes = relationship.isToMany
        } else if relationship.nestsDestination != inverse.nestsDestination {
            writes = relationship.nestsDestination
        } else {
            let mine = [relationship.name, relationship.info.destination]
            let theirs = [inverse.name, inverse.info.destination]
            if sortsFirst(mine, theirs) {
                writes = true
            } else if sortsFirst(theirs, mine) {
                writes = false
            } else {
                return .writeFromLesserID(inverse: inverse.name)
            }
        }
        return writes ? .write(inverse: inverse.name) : .skip
    }

    /// Whether `left` sorts before `right`, element by element, each by its UTF-8 bytes.
    private static func sortsFirst(_ left: [String], _ right: [String]) -> Bool {
        for (leftText, rightText) in zip(left, right) where !leftText.utf8.elementsEqual(rightText.utf8) {
            return leftText.utf8.lexicographicallyPrecedes(rightText.utf8)
        }
        return false
    }
}
