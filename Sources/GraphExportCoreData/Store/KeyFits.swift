import GraphExportSQLite

/// The entities whose objects the values of an integer column could be keys of, read for an
/// inferred model (`docs/COREDATA.md`, "No model anywhere"): each entity without sub-entities
/// (a to-one without a `Z<n>_` column points at one of those) whose rows have every distinct value
/// of the column as their `Z_PK`, and whether that fit says anything.
///
/// A fit says nothing when the entity has a key for every number from 1 up to the column's largest
/// value: any column of small integers fits such an entity (a table of 16 rows never deleted). It
/// says something when the entity's keys have gaps there, as the keys of one entity among several
/// in a table do (`ICAccount` among the objects of `ZICCLOUDSYNCINGOBJECT`), or those of a table
/// whose rows were deleted.
///
/// Cost: once per table, one scan for its row count, largest key and number of entities. Per
/// column, one query for the count and range of its distinct values (Core Data's index on the
/// column answers it); then, for each table whose largest key reaches the largest value: nothing
/// more for a table of one entity whose keys run from 1 without a gap (every value is one of its
/// keys, and that says nothing); otherwise a lookup of the distinct values by `Z_PK` that stops at
/// the first value that is no key, then, when none is missing, one join of the distinct values to
/// the table, and one count of the fitting entity's keys up to the largest value.
struct KeyFits {
    /// An entity without sub-entities, where its rows are.
    struct Leaf {
        /// Its index in the inferred model.
        let entity: Int
        /// Its `Z_ENT`.
        let number: Int64
        /// The table of its hierarchy.
        let table: String
    }

    /// An entity whose keys every value of the column is.
    struct Fit: Equatable {
        /// Its index in the inferred model.
        let entity: Int
        /// Whether its keys leave out some number from 1 to the column's largest value, so that
        /// the fit is evidence.
        let tells: Bool
    }

    private let database: SQLiteDatabase
    /// The entities without sub-entities, by table, in table order.
    private let leavesByTable: [(table: String, leaves: [Leaf])]
    private var tableFacts: [String: TableFacts] = [:]

    /// What a table's keys are, read once.
    private struct TableFacts {
        let rows: Int64
        let largestKey: Int64
        /// The `Z_ENT` of every row, when they all have the same.
        let onlyEntity: Int64?

        /// The entity of every row when the table's keys run from 1 to its largest without a gap.
        var gaplessEntity: Int64? { rows == largestKey ? onlyEntity : nil }
    }

    init(database: SQLiteDatabase, leaves: [Leaf]) {
        self.database = database
        var tables: [String] = []
        var byTable: [String: [Leaf]] = [:]
        for leaf in leaves {
            if byTable[leaf.table] == nil { tables.append(leaf.table) }
            byTable[leaf.table, default: []].append(leaf)
        }
        leavesByTable = tables.map { ($0, byTable[$0] ?? []) }
    }

    /// The entities whose keys every value of the integer column `column` of `table` is; none for
    /// a column without values, or with a value below 1 (no `Z_PK` is).
    mutating func fits(of column: String, in table: String) throws -> [Fit] {
        let quoted = SQLiteDatabase.quote(column)
        let source = SQLiteDatabase.quote(table)
        let range = try database.prepare(
            "SELECT count(DISTINCT \(quoted)), min(\(quoted)), max(\(quoted)) FROM \(source)")
        guard try range.step(), range.int64(at: 0) > 0, range.int64(at: 1) >= 1 else { return [] }
        let distinct = range.int64(at: 0)
        let largest = range.int64(at: 2)
        var fits: [Fit] = []
        let values = "(SELECT DISTINCT \(quoted) AS v FROM \(source) WHERE \(quoted) IS NOT NULL) AS s"
        for (destination, leaves) in leavesByTable {
            let facts = try facts(of: destination)
            guard facts.largestKey >= largest else { continue }
            let target = SQLiteDatabase.quote(destination)
            if let number = facts.gaplessEntity {
                if let leaf = leaves.first(where: { $0.number == number }) {
                    fits.append(Fit(entity: leaf.entity, tells: false))
                }
                continue
            }
            let missing = try database.prepare(
                "SELECT 1 FROM \(values) WHERE NOT EXISTS (SELECT 1 FROM \(target) AS d WHERE d.Z_PK = s.v) LIMIT 1")
            guard try !missing.step() else { continue }
            let statement = try database.prepare(
                "SELECT d.Z_ENT, count(*) FROM \(values) JOIN \(target) AS d ON d.Z_PK = s.v GROUP BY d.Z_ENT LIMIT 2")
            var found: [(number: Int64, count: Int64)] = []
            while try statement.step() {
                found.append((statement.int64(at: 0), statement.int64(at: 1)))
            }
            guard found.count == 1, found[0].count == distinct,
                let leaf = leaves.first(where: { $0.number == found[0].number })
            else { continue }
            let keys = try count(
                "SELECT count(*) FROM \(target) WHERE Z_PK BETWEEN 1 AND \(largest) AND Z_ENT = \(leaf.number)")
            fits.append(Fit(entity: leaf.entity, tells: keys < largest))
        }
        return fits
    }

    /// The row count, largest `Z_PK` (0 for an empty table) and the one `Z_ENT` of `table`; read
    /// once.
    private mutating func facts(of table: String) throws -> TableFacts {
        if let known = tableFacts[table] { return known }
        let statement = try database.prepare(
            "SELECT count(*), coalesce(max(Z_PK), 0), count(DISTINCT Z_ENT), min(Z_ENT) FROM "
                + SQLiteDatabase.quote(table))
        _ = try statement.step()
        let facts = TableFacts(
            rows: statement.int64(at: 0), largestKey: statement.int64(at: 1),
            onlyEntity: statement.int64(at: 2) == 1 && statement.storage(at: 3) == .integer
                ? statement.int64(at: 3) : nil)
        tableFacts[table] = facts
        return facts
    }

    private func count(_ sql: String) throws -> Int64 {
        let statement = try database.prepare(sql)
        _ = try statement.step()
        return statement.int64(at: 0)
    }
}
