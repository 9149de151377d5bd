import GraphExport

/// The order in which the tree shape visits the objects of one entity, as SQL: the `ORDER BY`
/// terms that sort its rows the way ``GraphExport/GraphTraversal`` writes them when everything is
/// exported, so that one sorted query can answer the objects one after the other
/// (``VisitOrderedDestinations``) however deep they nest.
///
/// The tree shape writes the top-level objects entity by entity, in model order, each in key
/// order, and each object's nested children right after it, relationship by relationship, each
/// relationship's in the child's key order. So an object nested under a chain of owners is visited
/// in the order of its path: (the rank of the top-level entity, the top-level object's row, the
/// next owner's row, …, its own row). That path is fixed columns when the entity's owners form a
/// chain: every entity on it has at most one owner relationship, no entity comes twice (no object
/// can nest under one of its own kind), and every one is keyed by an integer (its row is a column).
/// An object whose owner's key points at no row is at the top level, and so is its path. For any
/// other entity (several owners, a recursive owner, a key without an integer) there is no
/// `VisitOrder`. The order is a prediction, which the reader checks object by object: a traversal
/// that visits otherwise (a selection, a depth limit) costs speed, never correctness.
struct VisitOrder {
    /// The `LEFT JOIN`s of the owners, to follow the entity's table (aliased as given).
    let joins: String
    /// The `ORDER BY` terms: the top-level entity's rank, then the rows from the top-level owner
    /// down to the object's (`NULL` above the top-level object).
    let terms: [String]

    /// The visit order of `entity`'s objects, its table aliased `alias`; `nil` when its owners do
    /// not form a chain as described above.
    init?(of entity: Int, alias: String, layout: PlainLayout) {
        let model = layout.model
        var chain: [(entity: Int, row: String)] = []
        var joins = ""
        var current = (entity: entity, alias: alias)
        while true {
            let table = layout.table(of: current.entity)
            switch table.keying {
            case .integerKey, .rowid: break
            case .ordinal, .position: return nil
            }
            chain.append((current.entity, PlainSQL.rowReach(table, alias: current.alias, isOuter: true)!.row))
            let owners = model.ownerRelationships(of: current.entity)
            if owners.isEmpty { break }
            guard owners.count == 1, case .toOne(let key) = layout.relationships[current.entity][owners[0]] else {
                return nil
            }
            let owner = model.relationships(of: current.entity)[owners[0]].destination
            guard !chain.contains(where: { $0.entity == owner }) else { return nil }
            let ownerTable = layout.table(of: owner)
            let ownerAlias = "\(alias)_o\(chain.count)"
            let condition = PlainSQL.joinCondition(
                table.foreignKeys[key], parent: ownerTable, parentAlias: ownerAlias, child: table,
                childAlias: current.alias)
            joins += " LEFT JOIN \(PlainSQL.table(ownerTable)) AS \(ownerAlias) ON \(condition)"
            current = (owner, ownerAlias)
        }
        let ranks = model.concreteEntities
        func rank(_ entity: Int) -> String { String(ranks.firstIndex(of: entity)!) }
        // The top level is the highest owner present: each owner is joined through the one below.
        let topRank =
            chain.count == 1
            ? rank(entity)
            : "CASE"
                + chain.dropFirst().reversed().map { " WHEN \($0.row) IS NOT NULL THEN \(rank($0.entity))" }.joined()
                + " ELSE \(rank(entity)) END"
        self.joins = joins
        self.terms = [topRank] + chain.reversed().map(\.row)
    }
}
