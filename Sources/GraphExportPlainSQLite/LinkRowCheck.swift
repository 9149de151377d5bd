import GraphExportSQLite

/// Whether every row of a link table points at an existing row through both of its foreign keys
/// (the rule of ``PlainLayout``: a link table with a dangling or null key stays an entity), read
/// with as little work per row as the table's keys allow; also, for one foreign key of any table,
/// whether its value is always a parent's row (``VisitOrder`` then needs no join to the parent). `true` is exact whichever way it is
/// found; `false` means that a row may point at no row, and the caller counts such rows exactly.
///
/// Each foreign key is checked on its own. One that is a single column pointing at a parent keyed
/// by its integer key (an `INTEGER PRIMARY KEY`, so the comparison is the row's number) is checked
/// in one of two ways:
/// - **Its distinct values**, when an index leads with the column and the parent has at most an
///   eighth as many rows as the link table: SQLite reads the index's distinct values (skipping
///   from one to the next) and looks each up once, not each row's.
/// - **Its range**, when the parent's keys have no gap: every value is then a parent's key exactly
///   when none is null, the smallest and largest are integers within the parent's keys, and no
///   value is anything but an integer (`sum()` of the column stays an integer; any real, text or
///   blob makes it a real). The bounds come from an index that leads with the column, or from the
///   first and last value of the column under each value of the index's first column; the sum is
///   one pass without a lookup.
///
/// Any other key, or one these cannot answer, is checked row by row, each row's parent looked up.
struct LinkRowCheck {
    /// The link table.
    let table: TableSchema
    /// Every table of the schema, for the parents.
    let tables: [TableSchema]
    let database: SQLiteDatabase

    /// Whether every row points at an existing row through both foreign keys; `false` when one
    /// may not.
    func everyRowResolves() throws -> Bool {
        let rows = try rowCount(of: table)
        for key in table.foreignKeys where rows > 0 {
            guard try resolves(key, rows: rows) else { return false }
        }
        return true
    }

    /// Whether every row points at an existing row through `key`, one of the table's foreign keys;
    /// `false` when one may not.
    func everyRowResolves(through key: ForeignKeySchema) throws -> Bool {
        let rows = try rowCount(of: table)
        return try rows == 0 || resolves(key, rows: rows)
    }

    /// Whether every row's `key` points at a parent row; `false` when one may not.
    private func resolves(_ key: ForeignKeySchema, rows: Int64) throws -> Bool {
        let parent = tables[key.parent]
        guard key.columns.count == 1, case .integerKey(let parentKey) = parent.keying,
            parent.columns[key.parentColumns[0]].name == parentKey
        else { return try rowByRow(key) }
        let column = key.columns[0]
        let parentRows = try rowCount(of: parent)
        if parentRows <= rows / 8, leadsIndex(column), let answer = try distinctValuesResolve(key) {
            return answer
        }
        if let answer = try valuesFillParentKeys(key, parentRows: parentRows, rows: rows) { return answer }
        return try rowByRow(key)
    }

    // MARK: - The three ways

    /// Row by row: whether no row's key misses its parent (each row's parent looked up).
    private func rowByRow(_ key: ForeignKeySchema) throws -> Bool {
        let parent = tables[key.parent]
        let condition = PlainSQL.joinCondition(key, parent: parent, parentAlias: "p", child: table, childAlias: "l")
        let parentColumn = PlainSQL.column("p", parent.columns[key.parentColumns[0]].name)
        return try !flag(
            "SELECT EXISTS (SELECT 1 FROM \(PlainSQL.table(table)) AS l LEFT JOIN \(PlainSQL.table(parent)) AS p "
                + "ON \(condition) WHERE \(parentColumn) IS NULL)")
    }

    /// By distinct value: whether no distinct value of the key's column misses its parent, each
    /// value looked up once; `nil` when SQLite would sort the values rather than read them from an
    /// index.
    private func distinctValuesResolve(_ key: ForeignKeySchema) throws -> Bool? {
        let parent = tables[key.parent]
        let parentColumn = PlainSQL.column("p", parent.columns[key.parentColumns[0]].name)
        let distinct =
            "SELECT DISTINCT \(PlainSQL.column("l", table.columns[key.columns[0]].name)) AS v "
            + "FROM \(PlainSQL.table(table)) AS l"
        guard try !sorts(distinct) else { return nil }
        // The parent's key is its row number: a value matches it by number, whatever its collation.
        return try !flag(
            "SELECT EXISTS (SELECT 1 FROM (\(distinct)) AS d LEFT JOIN \(PlainSQL.table(parent)) AS p "
                + "ON \(parentColumn) = d.v WHERE \(parentColumn) IS NULL)")
    }

    /// By range: whether every value of the key's column is an integer between the parent's
    /// smallest and largest key, the parent's keys having no gap; `false` when the bounds show a
    /// null or a value that is no integer within them (it may still be a parent's key: a real
    /// `5.0` in a column without affinity); `nil` when the parent's keys have a gap, the bounds
    /// cannot be read with a few lookups, or the values' sum overflows.
    private func valuesFillParentKeys(_ key: ForeignKeySchema, parentRows: Int64, rows: Int64) throws -> Bool? {
        let parent = tables[key.parent]
        let parentKey = PlainSQL.column("p", parent.columns[key.parentColumns[0]].name)
        let parentTable = "\(PlainSQL.table(parent)) AS p"
        let keys = try database.prepare(
            "SELECT (SELECT min(\(parentKey)) FROM \(parentTable)), (SELECT max(\(parentKey)) FROM \(parentTable))")
        guard try keys.step(), keys.storage(at: 0) == .integer, keys.storage(at: 1) == .integer else { return nil }
        let (low, high) = (keys.int64(at: 0), keys.int64(at: 1))
        guard high.subtractingReportingOverflow(low) == (parentRows - 1, false) else { return nil }
        guard let bounds = try bounds(of: key.columns[0], rows: rows) else { return nil }
        guard !bounds.hasNull, bounds.smallest.map({ $0 >= low }) == true,
            bounds.largest.map({ $0 <= high }) == true
        else { return false }
        let column = PlainSQL.column("l", table.columns[key.columns[0]].name)
        do {
            return try !flag("SELECT typeof(sum(\(column))) <> 'integer' FROM \(PlainSQL.table(table)) AS l")
        } catch is SQLiteError {
            return nil  // an integer overflow: the row-by-row check answers
        }
    }

    // MARK: - Bounds

    /// A column's smallest and largest values when they are integers (`nil` when they are not,
    /// a text or blob sorting after every number) and whether it holds a null; `nil` when they
    /// cannot be read with a few lookups: no index leads with the column, and the column is not
    /// second in an index whose first column has few values.
    private func bounds(of column: Int, rows: Int64) throws -> (smallest: Int64?, largest: Int64?, hasNull: Bool)? {
        let name = PlainSQL.column("i", table.columns[column].name)
        let from = "\(PlainSQL.table(table)) AS i"
        let sql: String
        if leadsIndex(column) {
            sql =
                "SELECT (SELECT \(name) FROM \(from) WHERE \(name) IS NOT NULL ORDER BY \(name) LIMIT 1), "
                + "(SELECT \(name) FROM \(from) ORDER BY \(name) DESC LIMIT 1), "
                + "EXISTS (SELECT 1 FROM \(from) WHERE \(name) IS NULL)"
        } else if let first = try fewValuedFirstColumn(before: column, rows: rows) {
            let outer = PlainSQL.column("o", table.columns[first].name)
            let inner = PlainSQL.column("i", table.columns[first].name)
            let within = "FROM \(from) WHERE \(inner) IS d.v ORDER BY \(name)"
            sql =
                "SELECT min(m), max(x), count(*) - count(m) FROM (SELECT (SELECT \(name) \(within) LIMIT 1) AS m, "
                + "(SELECT \(name) \(within) DESC LIMIT 1) AS x FROM (SELECT DISTINCT \(outer) AS v FROM "
                + "\(PlainSQL.table(table)) AS o) AS d)"
        } else {
            return nil
        }
        guard try !sorts(sql) else { return nil }
        let statement = try database.prepare(sql)
        guard try statement.step() else { return nil }
        func integer(_ index: Int32) -> Int64? {
            statement.storage(at: index) == .integer ? statement.int64(at: index) : nil
        }
        return (integer(0), integer(1), statement.int64(at: 2) != 0)
    }

    /// The first column of an index whose second column is `column`, when it is a foreign key's
    /// column pointing at a parent with at most an eighth as many rows as the link table (so it has
    /// few distinct values, each a few lookups); else `nil`.
    private func fewValuedFirstColumn(before column: Int, rows: Int64) throws -> Int? {
        for index in table.indexes where index.columns.count >= 2 && index.columns[1] == column {
            let first = index.columns[0]
            guard let key = table.foreignKeys.first(where: { $0.columns == [first] }) else { continue }
            if try rowCount(of: tables[key.parent]) <= rows / 8 { return first }
        }
        return nil
    }

    // MARK: - Helpers

    /// Whether an index of the link table starts with `column`.
    private func leadsIndex(_ column: Int) -> Bool {
        table.indexes.contains { $0.columns.first == column }
    }

    /// The rows of a table, counted by SQLite from its pages (no row is decoded).
    private func rowCount(of table: TableSchema) throws -> Int64 {
        let statement = try database.prepare("SELECT count(*) FROM \(PlainSQL.table(table))")
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// The first column of the first row of `sql`, as a truth value.
    private func flag(_ sql: String) throws -> Bool {
        let statement = try database.prepare(sql)
        return try statement.step() && statement.int64(at: 0) != 0
    }

    /// Whether SQLite's plan for `sql` sorts rows into a temporary b-tree (no index gives their
    /// order), which would cost a sort where a few lookups were meant.
    private func sorts(_ sql: String) throws -> Bool {
        let plan = try database.prepare("EXPLAIN QUERY PLAN " + sql)
        while try plan.step() {
            if (plan.text(at: 3) ?? "").contains("TEMP B-TREE") { return true }
        }
        return false
    }
}
