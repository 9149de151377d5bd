/// Works out the explicit objects of a ``Selection`` from a source: the objects reached from
/// chosen ones, and the first objects of each entity for a limit.
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

    /// The first `limit` objects, in scan order, of each concrete entity that `entities` includes
    /// (all when `nil`) and that the tree shape writes at the top level (`shape` `.tree`: those
    /// without an owner, or whose owner's entity is not included), or of any object (`.flat`).
    public func firstObjects(limit: Int, entities: Set<Int>?, shape: ExportShape) throws -> [ObjectKey] {
        var keys: [ObjectKey] = []
        for entity in model.concreteEntities where entities?.contains(entity) ?? true {
            let cursor = try source.scan(entity)
            var taken = 0
            while taken < limit, let record = try cursor.next() {
                if shape == .tree, let owner = model.ownerKey(of: record), entities?.contains(owner.entity) ?? true {
                    continue
                }
                keys.append(record.key)
                taken += 1
            }
        }
        return keys
    }
}
