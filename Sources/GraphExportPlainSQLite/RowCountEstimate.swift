import GraphExportSQLite

/// About how many objects an export of a plain SQLite database writes, found without reading its
/// rows: each entity table's rows, estimated with a query or two that SQLite answers from one
/// end of a b-tree, then added up.
///
/// - A table keyed by its rowid or an integer key: the span of its keys, `max − min + 1`. That is
///   exact for a table whose rows were never deleted, and never less than the number of rows.
/// - A WITHOUT ROWID table keyed by position in key order: the last position, exact (the private
///   table of positions was filled when the database was opened).
/// - Any other table (one whose rowid every alias name hides): the row count `ANALYZE` last
///   stored in `sqlite_stat1`, which may be out of date; unknown without it. A view: unknown.
///
/// One unknown entity makes the whole total unknown.
enum RowCountEstimate {
    /// The estimate for the entities of `layout`, or `nil` when one of them is unknown.
    static func objects(in layout: PlainLayout, database: SQLiteDatabase) throws -> ObjectCountEstimate? {
        let hasStatistics = try database.tableExists("sqlite_stat1")
        var total = ObjectCountEstimate.exact(0)
        for entity in layout.entityTables.indices {
            guard let rows = try rows(of: layout.table(of: entity), database: database, hasStatistics: hasStatistics)
            else { return nil }
            total = total + rows
        }
        return total
    }

    /// The estimate for one table, or `nil` when it is unknown.
    private static func rows(
        of table: TableSchema, database: SQLiteDatabase, hasStatistics: Bool
    ) throws -> ObjectCountEstimate? {
        if table.isView { return nil }
        let quoted = PlainSQL.table(table)
        switch table.keying {
        case .integerKey(let column):
            return try keySpan(SQLiteDatabase.quote(column), of: quoted, database: database)
        case .rowid(let name, _):
            return try keySpan(name, of: quoted, database: database)
        case .ordinal(_, _, let keyTable):
            let last = try integer("SELECT max(ordinal) FROM temp.\(SQLiteDatabase.quote(keyTable))", database)
            return last.map(ObjectCountEstimate.exact)
        case .position:
            guard hasStatistics else { return nil }
            // The first number of each row's `stat` is the rows of the table or of one of its indexes.
            let statement = try database.prepare(
                "SELECT max(CAST(stat AS INTEGER)) FROM main.sqlite_stat1 WHERE tbl = ?1")
            try statement.bind(table.name, at: 1)
            guard try statement.step(), statement.storage(at: 0) == .integer else { return nil }
            return .estimate(Int(max(0, statement.int64(at: 0))))
        }
    }

    /// `max − min + 1` of an integer key, from two lookups SQLite answers at the ends of the key's
    /// b-tree; 0 for an empty table, `nil` when the span overflows.
    private static func keySpan(_ key: String, of table: String, database: SQLiteDatabase) throws
        -> ObjectCountEstimate?
    {
        let span = try integer(
            "SELECT coalesce((SELECT max(\(key)) FROM \(table)) - (SELECT min(\(key)) FROM \(table)) + 1, 0)", database)
        return span.map(ObjectCountEstimate.estimate)
    }

    /// The integer the one-row query `sql` answers, or `nil` when it answers something else.
    private static func integer(_ sql: String, _ database: SQLiteDatabase) throws -> Int? {
        let statement = try database.prepare(sql)
        guard try statement.step() else { return nil }
        switch statement.storage(at: 0) {
        case .integer: return Int(statement.int64(at: 0))
        case .null: return 0
        default: return nil
        }
    }
}
