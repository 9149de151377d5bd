import GraphExport

/// The typing of every exported column (``PlainColumnTyping``), decided once from the
/// schema and the options, never from the rows:
/// 1. with ``SQLiteSourceOptions/rawValues``, every column is stored;
/// 2. a column named in ``SQLiteSourceOptions/jsonColumnNames`` is JSON;
/// 3. else the declared type's typing (``ColumnSchema/declaredTyping``): Boolean, Date, or stored;
/// 4. and with ``SQLiteSourceOptions/jsonColumns``, a column left stored by that is JSON.
///
/// The names are checked whatever the options: each must be `Table.column` of a table the export
/// writes as an entity (split at the last dot; the table, then the column, matched exactly, else
/// ignoring ASCII case as SQLite does).
enum PlainColumnTypings {
    /// One typing per column of each entity's table, by entity index, and the columns (entity,
    /// column) that ``SQLiteSourceOptions/jsonColumnNames`` names.
    static func resolve(
        tables: [TableSchema], entityTables: [Int], options: SQLiteSourceOptions, path: String
    ) throws -> (typings: [[PlainColumnTyping]], named: Set<[Int]>) {
        var named = Set<[Int]>()
        for name in options.jsonColumnNames {
            named.insert(try column(named: name, tables: tables, entityTables: entityTables, path: path))
        }
        let typings = entityTables.indices.map { entity in
            tables[entityTables[entity]].columns.indices.map { column -> PlainColumnTyping in
                if options.rawValues { return .stored }
                if named.contains([entity, column]) { return .json }
                let declared = tables[entityTables[entity]].columns[column].declaredTyping
                return declared == .stored && options.jsonColumns ? .json : declared
            }
        }
        return (typings, named)
    }

    /// The entity and column index that `Table.column` names.
    private static func column(
        named name: String, tables: [TableSchema], entityTables: [Int], path: String
    ) throws -> [Int] {
        let dot = name.lastIndex(of: ".")
        let tableName = dot.map { String(name[..<$0]) } ?? name
        let columnName = dot.map { String(name[name.index(after: $0)...]) } ?? ""
        let folded = SQLName.folded(tableName)
        guard
            let table = tables.firstIndex(where: { $0.name == tableName })
                ?? tables.firstIndex(where: { SQLName.folded($0.name) == folded })
        else {
            throw PlainSQLiteOptionError.noSuchTable(
                path: path, name: name, table: tableName, tables: entityTables.map { tables[$0].name })
        }
        guard let entity = entityTables.firstIndex(of: table) else {
            throw PlainSQLiteOptionError.linkTableColumn(path: path, name: name, table: tables[table].name)
        }
        let columns = tables[table].columns
        guard
            let column = columns.firstIndex(where: { $0.name == columnName }) ?? tables[table].column(named: columnName)
        else {
            throw PlainSQLiteOptionError.noSuchColumn(
                path: path, name: name, table: tables[table].name, column: columnName, columns: columns.map(\.name))
        }
        return [entity, column]
    }
}
