/// Changes to a source's model an export asks for: attributes left out, relationships that nest
/// or never nest. Each is named `Entity.property`; ``AdjustedSource`` reads a source with them.
///
/// A relationship is named by either side of its pair. `nest` makes a one-to-many nest (whichever
/// side is named) and a one-to-one nest the named side's destination, ahead of the destination's
/// other possible owners; `noNest` makes both sides references. A many-to-many cannot nest.
public struct ModelAdjustment: Sendable, Hashable {
    /// Attributes left out of the export (`Recipe.notes`), named on the entity that declares them.
    public var excludedAttributes: [String]
    /// Relationships whose destinations nest (`Recipe.type`).
    public var nest: [String]
    /// Relationships that are always references.
    public var noNest: [String]

    /// Creates an adjustment; the defaults change nothing.
    public init(excludedAttributes: [String] = [], nest: [String] = [], noNest: [String] = []) {
        self.excludedAttributes = excludedAttributes
        self.nest = nest
        self.noNest = noNest
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool {
        excludedAttributes.isEmpty && nest.isEmpty && noNest.isEmpty
    }

    /// The entities of `model` with the changes made.
    func entities(adjusting model: GraphModel) throws(SelectionError) -> [EntityInfo] {
        var entities = model.entities
        for name in excludedAttributes {
            let (entity, attribute) = try Self.split(name, in: model)
            if let index = entities[entity].attributes.firstIndex(where: { $0.name == attribute }) {
                entities[entity].attributes.remove(at: index)
                continue
            }
            let entityName = model.entities[entity].name
            if let declarer = model.lineage(of: entity).first(where: { ancestor in
                model.entities[ancestor].attributes.contains { $0.name == attribute }
            }) {
                throw .inheritedAttribute(
                    entity: entityName, attribute: attribute, declarer: model.entities[declarer].name)
            }
            throw .unknownAttribute(
                entity: entityName, attribute: attribute,
                known: Self.ownFirst(entities[entity].attributes.map(\.name), model.attributes(of: entity).map(\.name)))
        }
        var chosen: [String: NestingRule] = [:]
        for (names, rule) in [(nest, NestingRule.nest), (noNest, .reference)] {
            for name in names {
                for (side, sideRule) in try Self.sides(name, rule: rule, in: model) {
                    let pair = Self.pairName(side, in: model)
                    if let earlier = chosen.updateValue(rule, forKey: pair), earlier != rule {
                        throw .conflictingNesting(name)
                    }
                    let declarer = Self.declarer(of: side, in: model)
                    entities[declarer.entity].relationships[declarer.index].nesting = sideRule
                }
            }
        }
        return entities
    }

    /// A relationship of an entity: the entity's index and the relationship's index in
    /// ``GraphModel/relationships(of:)``.
    private typealias Side = (entity: Int, relationship: Int)

    /// The sides of the pair `name` names to set, and to what.
    private static func sides(_ name: String, rule: NestingRule, in model: GraphModel) throws(SelectionError) -> [(
        Side, NestingRule
    )] {
        let (entity, relationshipName) = try split(name, in: model)
        guard let index = model.relationships(of: entity).firstIndex(where: { $0.name == relationshipName }) else {
            throw .unknownRelationship(
                entity: model.entities[entity].name, relationship: relationshipName,
                known: ownFirst(
                    model.entities[entity].relationships.map(\.name), model.relationships(of: entity).map(\.name)))
        }
        let relationship = model.relationships(of: entity)[index]
        guard let inverseIndex = relationship.inverse else {
            if rule == .reference { return [((entity, index), .reference)] }
            throw .cannotNest(name, reason: "it has no inverse, so no object owns its destinations")
        }
        let inverseSide: Side = (relationship.destination, inverseIndex)
        let inverse = model.relationships(of: relationship.destination)[inverseIndex]
        switch (relationship.isToMany, inverse.isToMany) {
        case (true, true):
            if rule == .reference { return [((entity, index), .reference), (inverseSide, .reference)] }
            throw .cannotNest(name, reason: "it is many-to-many, and an object nests under one owner only")
        case (true, false): return [((entity, index), rule)]
        case (false, true): return [(inverseSide, rule)]
        case (false, false):
            if rule == .reference { return [((entity, index), .reference), (inverseSide, .reference)] }
            return [((entity, index), .nest), (inverseSide, .automatic)]
        }
    }

    /// The names an entity declares (`own`), then the others of `all` (those it inherits): what
    /// an error lists of an entity's properties.
    private static func ownFirst(_ own: [String], _ all: [String]) -> [String] {
        own + all.filter { !own.contains($0) }
    }

    /// One name for both sides of a relationship's pair, to catch a pair named twice.
    private static func pairName(_ side: Side, in model: GraphModel) -> String {
        let relationship = model.relationships(of: side.entity)[side.relationship]
        let names =
            [model.entities[model.root(of: side.entity)].name + "." + relationship.name]
            + (relationship.inverse.map { inverse in
                [
                    model.entities[model.root(of: relationship.destination)].name + "."
                        + model.relationships(of: relationship.destination)[inverse].name
                ]
            } ?? [])
        return names.sorted().joined(separator: " ")
    }

    /// The entity that declares a relationship and its index among that entity's own ones.
    private static func declarer(of side: Side, in model: GraphModel) -> (entity: Int, index: Int) {
        let name = model.relationships(of: side.entity)[side.relationship].name
        for entity in model.lineage(of: side.entity).reversed() {
            if let index = model.entities[entity].relationships.firstIndex(where: { $0.name == name }) {
                return (entity, index)
            }
        }
        preconditionFailure("a resolved relationship is declared by its entity or an ancestor")
    }

    /// The entity and the property of `Entity.property` (split at the last dot).
    private static func split(_ name: String, in model: GraphModel) throws(SelectionError) -> (Int, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { throw .notQualified(name) }
        let entityName = String(name[..<dot])
        guard let entity = model.index(of: entityName) else {
            throw .unknownEntity(entityName, known: model.entities.map(\.name))
        }
        return (entity, String(name[name.index(after: dot)...]))
    }
}
