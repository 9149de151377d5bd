import GraphExport

/// Orders entities the way Core Data numbers them in a store's `Z_PRIMARYKEY`
/// (`coredata-format.md` §1.2): root entities by name, each followed depth-first by its
/// sub-entities, siblings by name. Without inheritance this is plain name order.
///
/// An entity whose parent the list does not contain counts as a root; entities caught in a
/// parent cycle come last, by name, for ``GraphModel`` to report.
enum EntityOrder {
    static func coreDataOrder(_ entities: [EntityInfo]) -> [EntityInfo] {
        let names = Set(entities.map(\.name))
        var children: [String: [EntityInfo]] = [:]
        var roots: [EntityInfo] = []
        for entity in entities {
            if let parent = entity.parent, names.contains(parent), parent != entity.name {
                children[parent, default: []].append(entity)
            } else {
                roots.append(entity)
            }
        }
        var ordered: [EntityInfo] = []
        var pending = sortedByName(roots).reversed() as [EntityInfo]
        while let entity = pending.popLast() {
            ordered.append(entity)
            pending += sortedByName(children[entity.name] ?? []).reversed()
        }
        let placed = Set(ordered.map(\.name))
        return ordered + sortedByName(entities.filter { !placed.contains($0.name) })
    }

    private static func sortedByName(_ entities: [EntityInfo]) -> [EntityInfo] {
        entities.sorted { $0.name < $1.name }
    }
}
