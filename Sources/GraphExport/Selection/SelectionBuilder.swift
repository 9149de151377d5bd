/// Works out the explicit objects of a ``Selection`` from a source: the objects reached from
/// chosen ones, and the samples of `--limit`.
public struct SelectionBuilder {
    private let source: any GraphSource
    private let model: GraphModel

    /// A builder reading `source`.
    public init(source: any GraphSource) {
        self.source = source
        self.model = source.model
    }

    /// `roots` and what they reach (`reach`), each once. Following ownership means following the
    /// relationships that nest their destinations to the destinations they own (as the tree shape
    /// nests them); a destination that does not exist is left out. Only objects of `entities`
    /// (all when `nil`) are followed and added: an entity left out is not read, so what its
    /// objects reach is reached through them only.
    public func objects(
        from roots: [ObjectKey], reach: SelectionReach, within entities: Set<Int>? = nil
    ) throws -> Set<ObjectKey> {
        var selected = Set(roots)
        var pending = roots
        while let key = pending.popLast() {
            guard entities?.contains(key.entity) ?? true else { continue }
            guard let record = try source.record(key) else {
                selected.remove(key)
                continue
            }
            for (index, relationship) in model.relationships(of: key.entity).enumerated() {
                guard reach == .reachable || relationship.nestsDestination else { continue }
                let destinations =
                    relationship.isToMany
                    ? try source.destinations(of: key, through: index) : record.toOne[index].map { [$0] } ?? []
                for destination in destinations
                where !selected.contains(destination) && entities?.contains(destination.entity) ?? true {
                    if reach == .owned {
                        guard let child = try source.record(destination),
                            model.owner(of: child) == relationship.inverse
                        else { continue }
                    }
                    selected.insert(destination)
                    pending.append(destination)
                }
            }
        }
        return selected
    }

    /// A sample of the source for `--limit` without `--root`: at most `limit` objects of each
    /// concrete entity that `entities` includes (all when `nil`), chosen by `docs/SELECTION.md`'s
    /// rule.
    ///
    /// `.flat`: the first `limit` objects of each entity in scan order. `.tree`: entity after entity,
    /// owners before what they own, the first objects of the entity
    /// that the tree shape writes at the top level, and what they own, breadth-first
    /// (`SampleChooser`); then, while the entity has room, its first objects in scan order that
    /// are not chosen yet, and what they own. Children of chosen owners thus come first, and an
    /// entity falls short of `limit` only when it has fewer objects.
    public func sample(limit: Int, entities: Set<Int>?, shape: ExportShape) throws -> Set<ObjectKey> {
        var chooser = SampleChooser(source: source, limit: limit, entities: entities, reach: .owned)
        guard shape == .tree else {
            for entity in model.concreteEntities where chooser.hasRoom(for: entity) {
                let cursor = try source.scan(entity)
                while chooser.hasRoom(for: entity), let record = try cursor.nextBorrowed() {
                    chooser.take(record.key, toOne: record.toOne)
                }
            }
            return chooser.chosen
        }
        let included = { (entity: Int) in entities?.contains(entity) ?? true }
        for entity in sampleOrder(entities: entities) where chooser.hasRoom(for: entity) {
            let owners = model.ownerRelationships(of: entity)
            let relationships = model.relationships(of: entity)
            // Owners of an entity left out own nothing here: SQL keeps the others' objects out.
            let ownedInside = owners.filter { index in
                model.concreteEntities.allSatisfy {
                    !model.entity($0, isKindOf: relationships[index].destination) || included($0)
                }
            }
            let topLevel = try source.scan(entity, withoutDestinationsIn: ownedInside)
            while chooser.hasRoom(for: entity), let record = try topLevel.nextBorrowed() {
                if let owner = model.ownerKey(of: record), included(owner.entity) { continue }
                chooser.take(record.key, toOne: record.toOne)
            }
            try chooser.follow()
            let any = try source.scan(entity)
            while chooser.hasRoom(for: entity), let record = try any.nextBorrowed() {
                chooser.take(record.key, toOne: record.toOne)
            }
            try chooser.follow()
        }
        return chooser.chosen
    }

    /// A sample for `--limit` with `--root`: `roots` (the caller takes the first `limit` of each
    /// entity) and what they reach (`reach`), breadth-first, at most `limit` objects of each
    /// concrete entity in all (`SampleChooser`); a root that does not exist is left out. Only
    /// objects of `entities` (all when `nil`) are followed and added, as in
    /// ``objects(from:reach:within:)``.
    public func sample(
        limit: Int, from roots: [ObjectKey], reach: SelectionReach, within entities: Set<Int>? = nil
    ) throws -> Set<ObjectKey> {
        var chooser = SampleChooser(source: source, limit: limit, entities: entities, reach: reach)
        for root in roots {
            if let record = try source.record(root) { chooser.take(root, toOne: record.toOne) }
        }
        try chooser.follow()
        return chooser.chosen
    }

    /// The concrete entities `entities` includes (all when `nil`), owners before the entities
    /// they own: an entity comes once every other entity that may own its objects has come, the
    /// first in model order of those whose owners have all come; where owners form a cycle, the
    /// first in model order of the rest comes next.
    func sampleOrder(entities: Set<Int>?) -> [Int] {
        let concrete = model.concreteEntities.filter { entities?.contains($0) ?? true }
        let owners: [Int: Set<Int>] = Dictionary(
            uniqueKeysWithValues: concrete.map { entity in
                let relationships = model.relationships(of: entity)
                let kinds = model.ownerRelationships(of: entity).flatMap { index in
                    concrete.filter { $0 != entity && model.entity($0, isKindOf: relationships[index].destination) }
                }
                return (entity, Set(kinds))
            })
        var order: [Int] = []
        var placed: Set<Int> = []
        while order.count < concrete.count {
            let left = concrete.filter { !placed.contains($0) }
            let next = left.first { owners[$0, default: []].isSubset(of: placed) } ?? left[0]
            order.append(next)
            placed.insert(next)
        }
        return order
    }
}
