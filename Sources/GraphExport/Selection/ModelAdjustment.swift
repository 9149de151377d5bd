/// Changes to a source's model an export asks for: properties left out or kept, relationships
/// that nest or never nest. Each is named `Entity.property`; ``AdjustedSource`` reads a source with
/// them.
///
/// An inherited property (attribute or relationship) is one property of the whole hierarchy, so
/// leaving it out of one sub-entity alone would make that sub-entity's objects no longer of its
/// parent's kind: a property left out is named on the entity that declares it, and a property
/// kept may be named on an entity that inherits it, but is kept on its declarer. Leaving out a
/// relationship leaves its pair's other side without an inverse: a reference, that nests nothing.
///
/// A relationship is named by either side of its pair. `nest` makes a one-to-many nest (whichever
/// side is named) and a one-to-one nest the named side's destination, ahead of the destination's
/// other possible owners; `noNest` makes both sides references. A many-to-many cannot nest.
public struct ModelAdjustment: Sendable, Hashable {
    /// Properties left out of the export (`Recipe.notes`, `Recipe.tags`), attributes and
    /// relationships alike, each named on the entity that declares it.
    public var excludedProperties: [String]
    /// Properties kept, as `Entity.a,b,…`: of the properties `Entity` declares, only these are
    /// exported. A name `Entity` inherits is taken on the entity that declares it, which then
    /// keeps, of its own properties, only those the lists name (so does every entity inheriting
    /// it); an ancestor the list names nothing of keeps all of its own. Several lists add up.
    public var keptProperties: [String]
    /// Relationships whose destinations nest (`Recipe.type`).
    public var nest: [String]
    /// Relationships that are always references.
    public var noNest: [String]

    /// Creates an adjustment; the defaults change nothing.
    public init(
        excludedProperties: [String] = [], keptProperties: [String] = [], nest: [String] = [],
        noNest: [String] = []
    ) {
        self.excludedProperties = excludedProperties
        self.keptProperties = keptProperties
        self.nest = nest
        self.noNest = noNest
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool {
        excludedProperties.isEmpty && keptProperties.isEmpty && nest.isEmpty && noNest.isEmpty
    }

    /// The properties of `model` that ``excludedProperties`` and ``keptProperties`` leave out.
    ///
    /// - Parameter strictly: whether a name the model does not have (an unknown entity or
    ///   property, an inherited property named on a sub-entity) is an error; otherwise it is passed
    ///   over, for a reader that tries several versions of a model before one is chosen.
    public func propertiesLeftOut(of model: GraphModel, strictly: Bool = true) throws(SelectionError) -> Set<
        DeclaredProperty
    > {
        var leftOut: Set<DeclaredProperty> = []
        for name in excludedProperties {
            guard let (entity, property) = try Self.declared(name, in: model, strictly: strictly) else { continue }
            leftOut.insert(DeclaredProperty(entity: entity, name: property))
        }
        var kept: [Int: Set<String>] = [:]
        for list in keptProperties {
            guard let (entity, names) = try Self.list(list, in: model, strictly: strictly) else { continue }
            if kept[entity] == nil { kept[entity] = [] }
            for property in names {
                kept[property.entity, default: []].insert(property.name)
            }
        }
        for (entity, names) in kept {
            let info = model.entities[entity]
            for property in info.attributes.map(\.name) + info.relationships.map(\.name) where !names.contains(property)
            {
                leftOut.insert(DeclaredProperty(entity: entity, name: property))
            }
        }
        return leftOut
    }

    /// The entities of `model` with the changes made.
    func entities(adjusting model: GraphModel) throws -> [EntityInfo] {
        let leftOut = try propertiesLeftOut(of: model)
        var entities = model.entities
        for (index, info) in model.entities.enumerated() {
            entities[index].attributes = info.attributes.filter {
                !leftOut.contains(DeclaredProperty(entity: index, name: $0.name))
            }
            entities[index].relationships = info.relationships.filter {
                !leftOut.contains(DeclaredProperty(entity: index, name: $0.name))
            }
            for position in entities[index].relationships.indices {
                let relationship = entities[index].relationships[position]
                guard let inverse = relationship.inverse, let destination = model.index(of: relationship.destination),
                    let declarer = Self.declarer(of: inverse, in: destination, model),
                    leftOut.contains(DeclaredProperty(entity: declarer, name: inverse))
                else { continue }
                entities[index].relationships[position].inverse = nil
            }
        }
        guard !nest.isEmpty || !noNest.isEmpty else { return entities }
        let kept = try GraphModel(entities: entities)
        var chosen: [String: NestingRule] = [:]
        for (names, rule) in [(nest, NestingRule.nest), (noNest, .reference)] {
            for name in names {
                for (side, sideRule) in try Self.sides(name, rule: rule, in: kept, leftOut: leftOut, of: model) {
                    let pair = Self.pairName(side, in: kept)
                    if let earlier = chosen.updateValue(rule, forKey: pair), earlier != rule {
                        throw SelectionError.conflictingNesting(name)
                    }
                    let declarer = Self.declarer(of: side, in: kept)
                    entities[declarer.entity].relationships[declarer.index].nesting = sideRule
                }
            }
        }
        return entities
    }

    /// The entity declaring `name` and the property, for `Entity.property`; `nil` for a name
    /// passed over when not `strictly`.
    private static func declared(
        _ name: String, in model: GraphModel, strictly: Bool
    ) throws(SelectionError) -> (Int, String)? {
        do {
            let (entity, property) = try split(name, in: model)
            try checkDeclared(property, by: entity, in: model)
            return (entity, property)
        } catch {
            if strictly { throw error }
            return nil
        }
    }

    /// The entity of `Entity.a,b,…` and the properties it names, each on the entity of its lineage
    /// that declares it; when not `strictly`, `nil` for a list whose entity the model does not
    /// have, and without the names it does not have.
    private static func list(
        _ list: String, in model: GraphModel, strictly: Bool
    ) throws(SelectionError) -> (Int, Set<DeclaredProperty>)? {
        let first = list.firstIndex(of: ",") ?? list.endIndex
        let entity: Int
        var names: [String]
        do {
            let (named, property) = try split(String(list[..<first]), in: model)
            (entity, names) = (named, [property])
        } catch {
            if strictly { throw error }
            return nil
        }
        if first != list.endIndex {
            names += list[list.index(after: first)...].split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
        }
        var known: Set<DeclaredProperty> = []
        for name in names {
            if let declarer = declarer(of: name, in: entity, model) {
                known.insert(DeclaredProperty(entity: declarer, name: name))
            } else if strictly {
                throw unknownProperty(name, of: entity, in: model)
            }
        }
        return (entity, known)
    }

    /// Throws unless `entity` declares a property `name` itself: an inherited one names where it
    /// is declared, an unknown one lists the entity's properties.
    private static func checkDeclared(_ name: String, by entity: Int, in model: GraphModel) throws(SelectionError) {
        let info = model.entities[entity]
        if info.attributes.contains(where: { $0.name == name })
            || info.relationships.contains(where: { $0.name == name })
        {
            return
        }
        if let declarer = declarer(of: name, in: entity, model) {
            throw .inheritedAttribute(entity: info.name, attribute: name, declarer: model.entities[declarer].name)
        }
        throw unknownProperty(name, of: entity, in: model)
    }

    /// The error for a property `name` that `entity` neither declares nor inherits: it lists the
    /// entity's properties, its own first.
    private static func unknownProperty(_ name: String, of entity: Int, in model: GraphModel) -> SelectionError {
        let info = model.entities[entity]
        return .unknownProperty(
            entity: info.name, property: name,
            known: ownFirst(
                info.attributes.map(\.name) + info.relationships.map(\.name),
                model.attributes(of: entity).map(\.name) + model.relationships(of: entity).map(\.name)))
    }

    /// The entity of `entity`'s lineage that declares the property `name`, nearest first.
    private static func declarer(of name: String, in entity: Int, _ model: GraphModel) -> Int? {
        model.lineage(of: entity).last { ancestor in
            let info = model.entities[ancestor]
            return info.attributes.contains { $0.name == name } || info.relationships.contains { $0.name == name }
        }
    }

    /// A relationship of an entity: the entity's index and the relationship's index in
    /// ``GraphModel/relationships(of:)``.
    private typealias Side = (entity: Int, relationship: Int)

    /// The sides of the pair `name` names to set, and to what, in `model` (the model with the
    /// properties `leftOut` of `original` already left out).
    private static func sides(
        _ name: String, rule: NestingRule, in model: GraphModel, leftOut: Set<DeclaredProperty>,
        of original: GraphModel
    ) throws(SelectionError) -> [(Side, NestingRule)] {
        let (entity, relationshipName) = try split(name, in: model)
        guard let index = model.relationships(of: entity).firstIndex(where: { $0.name == relationshipName }) else {
            if let declarer = declarer(of: relationshipName, in: entity, original),
                leftOut.contains(DeclaredProperty(entity: declarer, name: relationshipName))
            {
                throw .leftOut(name)
            }
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

/// A property as its declaring entity has it: the entity's index in ``GraphModel/entities`` and
/// the property's name. An inherited property is the one its declarer has.
public struct DeclaredProperty: Sendable, Hashable {
    /// The index of the entity that declares the property.
    public var entity: Int
    /// The attribute's or relationship's name.
    public var name: String

    /// Names a property by its declarer.
    public init(entity: Int, name: String) {
        self.entity = entity
        self.name = name
    }
}
