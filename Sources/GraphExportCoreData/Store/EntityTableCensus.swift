import GraphExport
import GraphExportSQLite

/// Accounts for every row of the entity tables when a store is opened, so that nothing is dropped
/// or duplicated unnoticed.
///
/// A row is exported when its `Z_ENT` is the number of a concrete entity whose objects live in
/// that table (the scans select exactly those). Every other row is named in a warning: the table,
/// the `Z_ENT` value, how many rows, and why they are not exported. Keys that contradict each
/// other are an error: a `Z_ENT` or `Z_PK` that is not an integer, or a `Z_PK` shared by several
/// rows (their objects would have one id).
///
/// The cost is one aggregate query per table, `count(*)` and how many rows the scans will
/// select; a table whose `Z_PK` is not SQLite's row id (Core Data declares it
/// `INTEGER PRIMARY KEY`, which makes it one, unique and integral by construction) also counts
/// its distinct and non-integer keys. Only when the counts disagree does a second query group
/// the odd rows by `Z_ENT` to name them. The rows the scans will select, added up, are the number
/// of objects an export writes, known before it starts (for its progress line).
enum EntityTableCensus {
    /// Checks every table of `layout`, reporting rows that will not be exported to `onWarning`;
    /// returns how many rows will be: the objects of every concrete entity.
    static func check(
        _ layout: CoreDataLayout, primaryKeys: PrimaryKeyTable, modelVersion: String, database: SQLiteDatabase,
        onWarning: WarningHandler
    ) throws -> Int {
        var exportedRows = 0
        var tables: [String] = []
        for entity in layout.entities where !tables.contains(entity.table) { tables.append(entity.table) }
        for table in tables {
            let exported = layout.model.concreteEntities.filter { layout.entities[$0].table == table }
                .map { layout.entities[$0].number }
            let census = Census(
                table: table, exported: exported, layout: layout, primaryKeys: primaryKeys,
                modelVersion: modelVersion, database: database)
            exportedRows += try census.run(onWarning: onWarning)
        }
        return exportedRows
    }

    /// The check of one table.
    private struct Census {
        let table: String
        /// The `Z_ENT` values whose rows the scans of this table select.
        let exported: [Int64]
        let layout: CoreDataLayout
        let primaryKeys: PrimaryKeyTable
        let modelVersion: String
        let database: SQLiteDatabase

        private var quoted: String { SQLiteDatabase.quote(table) }
        private var exportedList: String { exported.map(String.init).joined(separator: ", ") }

        /// Checks the table; returns how many of its rows the scans select.
        func run(onWarning: WarningHandler) throws -> Int {
            let keyIsRowID = try primaryKeyIsRowID()
            var sql = "SELECT count(*), count(*) FILTER (WHERE Z_ENT IN (\(exportedList)))"
            if !keyIsRowID {
                sql += ", count(*) FILTER (WHERE typeof(Z_PK) <> 'integer'), count(*) - count(DISTINCT Z_PK)"
            }
            let counts = try database.prepare(sql + " FROM \(quoted)")
            guard try counts.step() else { return 0 }
            if !keyIsRowID, counts.int64(at: 2) > 0 {
                throw try firstOddKey(where: "typeof(Z_PK) <> 'integer'")
            }
            if !keyIsRowID, counts.int64(at: 3) > 0 {
                throw try firstOddKey(where: nil)
            }
            if counts.int64(at: 0) != counts.int64(at: 1) {
                try reportRowsNotExported(onWarning: onWarning)
            }
            return Int(counts.int64(at: 1))
        }

        /// Whether `Z_PK` is an alias of the row id: the table's only primary-key column, with no
        /// index behind the key (SQLite makes one for every other kind of primary key, for a
        /// `WITHOUT ROWID` table too).
        private func primaryKeyIsRowID() throws -> Bool {
            let statement = try database.prepare(
                """
                SELECT (SELECT count(*) FROM pragma_table_info(?1) WHERE pk > 0) = 1
                    AND (SELECT pk FROM pragma_table_info(?1) WHERE name = 'Z_PK' COLLATE NOCASE) = 1
                    AND NOT EXISTS (SELECT 1 FROM pragma_index_list(?1) WHERE origin = 'pk')
                """)
            try statement.bind(table, at: 1)
            return try statement.step() && statement.int64(at: 0) == 1
        }

        /// The error for the first `Z_PK` that is not an integer (`condition`), or else for the
        /// first one several rows share.
        private func firstOddKey(where condition: String?) throws -> CoreDataError {
            let filter = condition.map { " WHERE \($0)" } ?? ""
            let statement = try database.prepare(
                "SELECT Z_PK, count(*) FROM \(quoted)\(filter) GROUP BY Z_PK"
                    + (condition == nil ? " HAVING count(*) > 1" : "") + " LIMIT 1")
            guard try statement.step() else {
                return .malformedStore(path: database.path, reason: "table \(table) changed while it was read")
            }
            guard condition == nil else {
                return .nonIntegerKey(
                    path: database.path, table: table, column: "Z_PK", value: statement.valueText(at: 0),
                    rows: statement.int64(at: 1))
            }
            return .duplicatePrimaryKey(
                path: database.path, table: table, key: statement.int64(at: 0), rows: statement.int64(at: 1))
        }

        /// Warns once per `Z_ENT` value whose rows no scan selects; a value that is not an
        /// integer is an error instead.
        private func reportRowsNotExported(onWarning: WarningHandler) throws {
            let statement = try database.prepare(
                "SELECT Z_ENT, count(*) FROM \(quoted) WHERE Z_ENT IS NULL OR Z_ENT NOT IN (\(exportedList))"
                    + " GROUP BY Z_ENT ORDER BY Z_ENT")
            var warnings: [Warning] = []
            while try statement.step() {
                let rows = statement.int64(at: 1)
                guard statement.storage(at: 0) == .integer else {
                    throw CoreDataError.nonIntegerKey(
                        path: database.path, table: table, column: "Z_ENT", value: statement.valueText(at: 0),
                        rows: rows)
                }
                let number = statement.int64(at: 0)
                warnings.append(
                    Warning(
                        "\(database.path): table \(table) has \(CoreDataError.rows(rows)) with Z_ENT \(number), "
                            + "\(whyNotExported(number)); \(rows == 1 ? "it is" : "they are") not exported"))
            }
            warnings.forEach(onWarning)
        }

        /// Why rows with this `Z_ENT` are nobody's objects here.
        private func whyNotExported(_ number: Int64) -> String {
            guard let name = primaryKeys.names[number] else { return "which Z_PRIMARYKEY does not list" }
            guard let entity = layout.model.index(of: name) else {
                return "entity '\(name)', which model version '\(modelVersion)' does not define"
            }
            if layout.model.entities[entity].isAbstract {
                return "the abstract entity '\(name)', which has no objects of its own"
            }
            return "entity '\(name)', whose objects are stored in table \(layout.entities[entity].table)"
        }
    }
}
