import GraphExportSQLite

/// SQL fragments that reach a plain table's rows and their ``GraphExport/ObjectKey/row``.
///
/// Every table is named `main."<name>"`, so the private `temp` tables can never hide one.
enum PlainSQL {
    /// `main."Track"`.
    static func table(_ table: TableSchema) -> String {
        "main." + SQLiteDatabase.quote(table.name)
    }

    /// `t."AlbumId"`.
    static func column(_ alias: String, _ name: String) -> String {
        alias + "." + SQLiteDatabase.quote(name)
    }

    /// `p."AlbumId" = c."AlbumId" AND …`: the parent's key column on the left, so the comparison
    /// uses the parent column's affinity and collation, as SQLite's own foreign-key checks do.
    static func joinCondition(
        _ key: ForeignKeySchema, parent: TableSchema, parentAlias: String, child: TableSchema, childAlias: String
    ) -> String {
        zip(key.parentColumns, key.columns).map { parentColumn, childColumn in
            column(parentAlias, parent.columns[parentColumn].name) + " = "
                + column(childAlias, child.columns[childColumn].name)
        }.joined(separator: " AND ")
    }

    /// The joins to append after `<table> AS <alias>` and the expression of the row's key; `nil`
    /// for a table keyed by position, which SQL cannot reach. `isOuter` makes the key table's join
    /// a `LEFT JOIN`, for a parent that may be missing.
    static func rowReach(_ table: TableSchema, alias: String, isOuter: Bool) -> (joins: String, row: String)? {
        switch table.keying {
        case .integerKey(let name):
            return ("", column(alias, name))
        case .rowid(let name, _):
            return ("", alias + "." + name)
        case .ordinal(let key, _, let keyTable):
            let keyAlias = alias + "_k"
            let condition = key.enumerated().map { index, name in
                column(keyAlias, "c\(index)") + " = " + column(alias, name)
            }.joined(separator: " AND ")
            let join = isOuter ? " LEFT JOIN " : " JOIN "
            return (
                join + "temp." + SQLiteDatabase.quote(keyTable) + " AS " + keyAlias + " ON " + condition,
                keyAlias + ".ordinal"
            )
        case .position:
            return nil
        }
    }

    /// The `ORDER BY` terms of the table's stable order, which is the order of its keys; `nil` for
    /// a table keyed by position, read in the order SQLite returns it.
    static func order(_ table: TableSchema, alias: String) -> String? {
        orderTerms(table, alias: alias)?.joined(separator: ", ")
    }

    /// ``order(_:alias:)``, one expression per term.
    static func orderTerms(_ table: TableSchema, alias: String) -> [String]? {
        switch table.keying {
        case .integerKey(let name): return [column(alias, name)]
        case .rowid(let name, _): return [alias + "." + name]
        case .ordinal(let key, _, _): return key.map { column(alias, $0) }
        case .position: return nil
        }
    }
}
