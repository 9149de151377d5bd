import GraphExport
import GraphExportSQLite

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
    /// down to the object's (`NULL` above the top-level object); or those packed into one
    /// integer (``pack(database:)``).
    private(set) var terms: [String]
    /// The tables of the chain from the top-level owner down, each with its alias and its row's
    /// expression in the query (`row`) and in a query of its table alone (`ownRow`; they differ for
    /// a top-level owner whose row is the key pointing at it).
    private let levels: [(table: TableSchema, alias: String, row: String, ownRow: String)]
    /// How many entities there are to rank.
    private let rankCount: Int

    /// The visit order of `entity`'s objects, its table aliased `alias`; `nil` when its owners do
    /// not form a chain as described above. The top-level owner's table is joined only when its
    /// row is not the foreign key's value itself: a key of one INTEGER column holding the owner's
    /// integer key, every row of which points at an existing row (``LinkRowCheck``: a few lookups
    /// or one pass over the table below the owner, when the query is made) needs no lookup per row.
    init?(of entity: Int, alias: String, layout: PlainLayout, database: SQLiteDatabase) throws {
        let model = layout.model
        // Each level's row in the query, and in a query of its own table alone (for ``pack``).
        var chain: [(entity: Int, alias: String, row: String, ownRow: String)] = []
        var joins = ""
        var current = (entity: entity, alias: alias)
        while true {
            let table = layout.table(of: current.entity)
            switch table.keying {
            case .integerKey, .rowid: break
            case .ordinal, .position: return nil
            }
            let row = PlainSQL.rowReach(table, alias: current.alias, isOuter: true)!.row
            chain.append((current.entity, current.alias, row, row))
            let owners = model.ownerRelationships(of: current.entity)
            if owners.isEmpty { break }
            guard owners.count == 1, case .toOne(let key) = layout.relationships[current.entity][owners[0]] else {
                return nil
            }
            let owner = model.relationships(of: current.entity)[owners[0]].destination
            guard !chain.contains(where: { $0.entity == owner }) else { return nil }
            let ownerTable = layout.table(of: owner)
            let ownerAlias = "\(alias)_o\(chain.count)"
            let foreignKey = table.foreignKeys[key]
            if model.ownerRelationships(of: owner).isEmpty,
                let column = try Self.resolvingKeyColumn(
                    foreignKey, of: table, alias: current.alias, layout: layout,
                    database: database)
            {
                // The top-level owner's row is the key's value: no join.
                let ownRow = PlainSQL.rowReach(ownerTable, alias: ownerAlias, isOuter: true)!.row
                chain.append((owner, ownerAlias, column, ownRow))
                break
            }
            let condition = PlainSQL.joinCondition(
                foreignKey, parent: ownerTable, parentAlias: ownerAlias, child: table, childAlias: current.alias)
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
        self.levels = chain.reversed().map { (layout.table(of: $0.entity), $0.alias, $0.row, $0.ownRow) }
        self.rankCount = ranks.count
    }

    /// The column of `key`, a foreign key of `table` (aliased `alias`), when its value is the
    /// parent's row for every row of the table: one INTEGER column holding the parent's integer
    /// key, with no null and no value that points at no row (``LinkRowCheck``); else `nil`.
    private static func resolvingKeyColumn(
        _ key: ForeignKeySchema, of table: TableSchema, alias: String, layout: PlainLayout, database: SQLiteDatabase
    ) throws -> String? {
        let parent = layout.tables[key.parent]
        guard key.columns.count == 1, table.columns[key.columns[0]].affinity == .integer,
            case .integerKey(let parentKey) = parent.keying, parent.columns[key.parentColumns[0]].name == parentKey,
            try LinkRowCheck(table: table, tables: layout.tables, database: database).everyRowResolves(through: key)
        else { return nil }
        return PlainSQL.column(alias, table.columns[key.columns[0]].name)
    }

    /// Packs the terms into one integer, `rank << (b1 + … + bn) | row1 << (b2 + … + bn) | … | rown`
    /// (a missing row as 0), when every table's rows are from 0 to what `bi` bits hold and all
    /// fit in 62 bits: SQLite's sorter compares a leading integer without unpacking the rest of
    /// the record. Reads each table's smallest and largest row (two seeks); else leaves the terms.
    mutating func pack(database: SQLiteDatabase) throws {
        var widths: [Int] = []
        for level in levels {
            let bounds = try database.prepare(
                "SELECT min(\(level.ownRow)), max(\(level.ownRow)) FROM \(PlainSQL.table(level.table)) AS \(level.alias)"
            )
            _ = try bounds.step()
            guard bounds.storage(at: 0) != .null else {
                widths.append(1)
                continue
            }
            guard bounds.int64(at: 0) >= 0 else { return }
            widths.append(Int64.bitWidth - bounds.int64(at: 1).leadingZeroBitCount)
        }
        let rankWidth = Int.bitWidth - rankCount.leadingZeroBitCount
        guard rankWidth + widths.reduce(0, +) <= 62 else { return }
        var packed = terms[0]
        for (level, width) in zip(levels, widths) {
            packed = "((\(packed)) << \(width) | ifnull(\(level.row), 0))"
        }
        terms = [packed]
    }
}
