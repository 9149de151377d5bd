public import GraphExport

/// Compares two copies of a graph of one model (a backup and today's store, two app versions'
/// stores read with one model) and streams what differs to a ``DiffWriter``: the objects only the
/// new copy has (added), those only the old one has (removed), and, for the objects both have,
/// the properties whose values differ (changed).
///
/// **Matching.** An object of one copy is the same object as one of the other when they are of
/// the same concrete entity and have the same primary key: a Core Data `Z_PK`, a table's `INTEGER
/// PRIMARY KEY` or rowid, or the values of its declared primary key
/// (``GraphExport/ComparableSource/identifyingAttributes(of:)``); or, for an entity given a
/// ``DiffKey``, the same value of that attribute. References are matched the same way, so a
/// relationship differs only when it reaches other objects, not when their keys were renumbered
/// under a ``DiffKey``.
///
/// **Streaming.** Each entity's objects are read from both copies in key order and merged, and a
/// to-many relationship's destinations alongside them, as the flat export reads them; memory
/// holds one object of each copy and its destinations, never an entity. Each copy is read in the
/// one snapshot its source opened.
///
/// **Values** are the same when the JSON export writes them alike (``ExportedValue``); to-many
/// relationships are compared as sets of references (the order of an ordered one is not).
public final class GraphDiff {
    /// How many objects differ, by kind.
    public struct Summary: Sendable, Hashable {
        /// Objects only the new copy has.
        public var added = 0
        /// Objects only the old copy has.
        public var removed = 0
        /// Objects both have, with properties that differ.
        public var changed = 0

        /// Whether the copies are the same.
        public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }
    }

    private let model: GraphModel
    private let old: DiffSide
    private let new: DiffSide
    /// One plan per entity, `nil` for an abstract one.
    private let plans: [EntityPlan?]
    /// Whether each copy is read on a thread of its own.
    private let readsInParallel: Bool

    /// Prepares the comparison of `old` with `new`, matching the objects of each entity of `keys`
    /// by that attribute.
    ///
    /// With `readsInParallel`, when both are ``GraphExport/ComparableSource``s and every entity
    /// is matched by row (no ``DiffKey``, no table keyed by other columns), each copy is read on a
    /// thread of its own, ahead of the merge, which then takes about the time of reading the
    /// slower copy on a machine with a core for each: the sources then call their warning
    /// handlers from those threads, which must allow it. Otherwise both are read on the calling
    /// thread.
    ///
    /// Throws ``DiffError/modelsDiffer(difference:)`` naming the first entity, attribute or
    /// relationship (table, column) in which the copies' models differ, and the other
    /// ``DiffError`` cases for a `--key` that names nothing usable or an entity whose objects
    /// cannot be matched.
    public init(
        old: any GraphSource, new: any GraphSource, keys: [DiffKey] = [], readsInParallel: Bool = false
    ) throws {
        let isPlain = [old, new].map { $0.document.sourceKind == "SQLite database" }
        if old.document.sourceKind != new.document.sourceKind {
            throw DiffError.modelsDiffer(
                difference: "OLD is a \(old.document.sourceKind), NEW a \(new.document.sourceKind)")
        }
        let comparison = ModelComparison(old: old.model, new: new.model, isPlainSQLite: isPlain[0])
        if let difference = comparison.firstDifference { throw DiffError.modelsDiffer(difference: difference) }
        let model = old.model
        self.model = model
        self.old = DiffSide(source: old, side: .old)
        self.new = DiffSide(source: new, side: .new)
        let keyed = try Self.resolve(keys, in: model)
        var plans: [EntityPlan?] = []
        for entity in model.entities.indices {
            guard !model.entities[entity].isAbstract else {
                plans.append(nil)
                continue
            }
            let identities: [[Int]?] = [old, new].map { source in
                guard let comparable = source as? any ComparableSource else { return [] }
                return comparable.identifyingAttributes(of: entity)
            }
            guard let identity = identities[0] else {
                throw DiffError.cannotMatch(entity: model.entities[entity].name)
            }
            guard identities[1] == identity else {
                let word = isPlain[0] ? "table" : "entity"
                throw DiffError.modelsDiffer(
                    difference: "\(word) \(model.entities[entity].name) is keyed by other columns in OLD and NEW")
            }
            let key = model.lineage(of: entity).reversed().lazy.compactMap { keyed[$0] }.first
            let plan = EntityPlan(entity: entity, model: model, identity: key.map { [$0] } ?? identity, key: key)
            for (side, source) in [(DiffError.Side.old, old), (.new, new)]
            where !plan.identity.isEmpty && !(source is any ComparableSource) {
                throw DiffError.cannotOrder(side: side, entity: plan.name)
            }
            plans.append(plan)
        }
        self.readsInParallel =
            readsInParallel && [old, new].allSatisfy { $0 is any ComparableSource }
            && plans.allSatisfy { $0.map(\.identity.isEmpty) ?? true }
        self.plans = plans.map { plan in
            plan.map { plan in
                var plan = plan
                plan.referencesByRow = model.relationships(of: plan.entity).map { relationship in
                    model.concreteEntities.allSatisfy { entity in
                        !model.entity(entity, isKindOf: relationship.destination) || plans[entity]?.identity == []
                    }
                }
                return plan
            }
        }
    }

    /// Compares the copies, entity by entity in model order, and writes each object that
    /// differs to `writer`, then finishes it; returns how many objects differ.
    ///
    /// Throws ``DiffError`` for a copy whose identifying values repeat or cannot be ordered, and
    /// what the sources and the writer throw.
    @discardableResult
    public func run(into writer: any DiffWriter) throws -> Summary {
        var summary = Summary()
        let entities = plans.compactMap { $0 }
        if readsInParallel {
            let readers = [ReadAhead(side: old, plans: entities), ReadAhead(side: new, plans: entities)]
            defer {
                for reader in readers { reader.stop() }
            }
            for plan in entities {
                try EntityMerge(plan: plan, old: QueuedFeed(readers[0]), new: QueuedFeed(readers[1]), plans: plans)
                    .run(into: writer, summary: &summary)
            }
        } else {
            for plan in entities {
                try EntityMerge(
                    plan: plan, old: SideReader(side: old, plan: plan), new: SideReader(side: new, plan: plan),
                    plans: plans
                ).run(into: writer, summary: &summary)
            }
        }
        try writer.finish()
        return summary
    }

    /// The attribute of each entity that a key names, by entity index.
    private static func resolve(_ keys: [DiffKey], in model: GraphModel) throws -> [Int: Int] {
        var keyed: [Int: Int] = [:]
        for key in keys {
            let name = key.name
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
            else { throw DiffError.keyNotQualified(name) }
            let entityName = String(name[..<dot])
            let attributeName = String(name[name.index(after: dot)...])
            guard let entity = model.index(of: entityName) else {
                throw DiffError.unknownKeyEntity(entityName, known: model.entities.map(\.name))
            }
            let attributes = model.attributes(of: entity)
            guard let attribute = attributes.firstIndex(where: { $0.name == attributeName }) else {
                throw DiffError.unknownKeyAttribute(entity: entityName, attribute: attributeName)
            }
            if attributes[attribute].type == .transformable {
                throw DiffError.unorderableKeyType(entity: entityName, attribute: attributeName, type: .transformable)
            }
            guard keyed.updateValue(attribute, forKey: entity) == nil else {
                throw DiffError.repeatedKey(entity: entityName)
            }
        }
        return keyed
    }
}

/// How the objects of one concrete entity are matched and described.
struct EntityPlan {
    let entity: Int
    let name: String
    let attributeNames: [String]
    /// Per relationship, its name and whether it is to-many.
    let relationshipNames: [String]
    let isToMany: [Bool]
    /// The attributes that identify an object, `[]` for its row.
    let identity: [Int]
    /// The `--key` attribute, when one matches the entity's objects.
    let key: Int?
    /// Per relationship: whether every destination is identified by its row, so that two
    /// references are the same exactly when their ``GraphExport/ObjectKey``s are.
    var referencesByRow: [Bool] = []

    init(entity: Int, model: GraphModel, identity: [Int], key: Int?) {
        self.entity = entity
        self.name = model.entities[entity].name
        self.attributeNames = model.attributes(of: entity).map(\.name)
        self.relationshipNames = model.relationships(of: entity).map(\.name)
        self.isToMany = model.relationships(of: entity).map(\.isToMany)
        self.identity = identity
        self.key = key
    }
}
