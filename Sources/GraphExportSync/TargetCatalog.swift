import GraphExportRelational

/// What a target's catalog says of the place a copy lives in (SQLite's `main`, a PostgreSQL
/// schema): its tables and views, the record of the last sync, a table's columns; and the checks
/// and drops made from them (docs/SYNC.md, *Guarantees*).
struct TargetCatalog {
    let connection: any TargetConnection
    /// The target as messages name it.
    let target: String
    /// The place's name: `main`, or the PostgreSQL schema's.
    let place: String

    /// The place's name as SQL qualifies a table with it.
    var qualifier: String {
        connection.dialect == .sqlite ? place : SQLText.identifier(place)
    }

    /// The tables and views of the place, by name.
    func objects() throws -> [(name: String, isView: Bool)] {
        let sql =
            switch connection.dialect {
            case .sqlite:
                "SELECT name, type = 'view' FROM \(place).sqlite_schema WHERE type IN ('table', 'view')"
            case .postgresql:
                "SELECT c.relname, c.relkind = 'v' FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                    + "WHERE n.nspname = \(SQLText.literal(place)) AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"
            }
        return try connection.rows(sql).compactMap { row in
            guard let name = row[0] else { return nil }
            return (name, row[1] == "1" || row[1] == "t")
        }
    }

    /// The record of the last sync, or `nil` when there is none (no `graphexport_sync`, or one of
    /// another layout).
    func record() throws -> SyncRecord? {
        let name = fold(SyncRecord.table)
        guard try objects().contains(where: { !$0.isView && fold($0.name) == name }) else { return nil }
        return SyncRecord(rows: try connection.rows("SELECT key, value FROM \(qualifier).\(SyncRecord.table)"))
    }

    /// The columns of `table`, in order, with their declared types.
    func columns(of table: String) throws -> [(name: String, type: String)] {
        let sql =
            switch connection.dialect {
            case .sqlite:
                "SELECT name, type FROM pragma_table_info(\(SQLText.literal(table)), \(SQLText.literal(place)))"
            case .postgresql:
                "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON "
                    + "c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                    + "\(SQLText.literal(place)) AND c.relname = \(SQLText.literal(table)) AND a.attnum > 0 AND NOT "
                    + "a.attisdropped ORDER BY a.attnum"
            }
        return try connection.rows(sql).map { ($0[0] ?? "", $0[1] ?? "") }
    }

    /// Throws ``SyncError/tableChanged(target:table:detail:)`` for the first table of `schema`
    /// (the export's own tables first) that is missing or whose columns are not the mapping's.
    func checkTables(of schema: RelationalSchema) throws {
        let text = ColumnType.text.name(in: connection.dialect)
        let key = ColumnType.key.name(in: connection.dialect)
        var expected: [(String, [(String, String)])] = [
            (schema.sourceTable, [("key", text), ("value", text)]),
            (schema.deletedTable, [("_id", text), ("_entity", text), ("_pk", key)]),
        ]
        expected += schema.tables.map { table in
            (table.name, table.columns.map { ($0.name, $0.type.name(in: connection.dialect)) })
        }
        for (table, columns) in expected {
            let actual = try self.columns(of: table)
            if let detail = difference(expected: columns, actual: actual) {
                throw SyncError.tableChanged(target: target, table: table, detail: detail)
            }
        }
    }

    /// What differs between the columns a table should have and those it has, or `nil`.
    private func difference(expected: [(String, String)], actual: [(name: String, type: String)]) -> String? {
        guard !actual.isEmpty else { return "it is missing" }
        let found = Dictionary(actual.map { (fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        for (name, type) in expected {
            guard let column = found[fold(name)] else { return "its column \"\(name)\" is missing" }
            if normalized(column.type) != normalized(type) {
                return "its column \"\(name)\" is \(column.type) where the mapping has \(type)"
            }
        }
        let names = Set(expected.map { fold($0.0) })
        if let extra = actual.first(where: { !names.contains(fold($0.name)) }) {
            return "it has a column \"\(extra.name)\" the mapping does not"
        }
        return nil
    }

    /// Throws ``SyncError/inTheWay(target:name:isView:)`` for a table or view `schema` needs that is
    /// there but was not made by a sync (not in `recorded`).
    func checkNothingInTheWay(of schema: RelationalSchema, recorded: SyncRecord?) throws {
        let owned = Set(((recorded?.tables ?? []) + (recorded?.views ?? []) + [SyncRecord.table]).map(fold))
        let needed = Set(
            ([schema.sourceTable, schema.deletedTable, schema.columnsTable] + schema.tables.map(\.name)
                + schema.views.map(\.name)).map(fold))
        for object in try objects() where needed.contains(fold(object.name)) && !owned.contains(fold(object.name)) {
            throw SyncError.inTheWay(target: target, name: object.name, isView: object.isView)
        }
    }

    /// The statements that drop what the last sync made (`recorded`): its views, then its tables.
    func dropStatements(recorded: SyncRecord?) throws -> [String] {
        guard let recorded else { return [] }
        let owned = Set((recorded.tables + recorded.views).map(fold))
        let cascade = connection.dialect == .postgresql ? " CASCADE" : ""
        let present = try objects().filter { owned.contains(fold($0.name)) }
        return present.filter(\.isView).map {
            "DROP VIEW IF EXISTS \(qualifier).\(SQLText.identifier($0.name))\(cascade);"
        }
            + present.filter { !$0.isView }.map {
                "DROP TABLE IF EXISTS \(qualifier).\(SQLText.identifier($0.name))\(cascade);"
            }
    }

    /// A name as the target compares names: SQLite ignoring ASCII case, PostgreSQL (quoted) exactly.
    private func fold(_ name: String) -> String {
        guard connection.dialect == .sqlite else { return name }
        return String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// A type as the catalog spells it: SQLite's declared types in upper case, PostgreSQL's
    /// `timestamptz` as `format_type` writes it.
    private func normalized(_ type: String) -> String {
        switch connection.dialect {
        case .sqlite: return type.uppercased()
        case .postgresql: return type == "timestamptz" ? "timestamp with time zone" : type
        }
    }
}
