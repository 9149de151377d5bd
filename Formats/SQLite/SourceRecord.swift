import CSQLite
import GraphExport
import GraphExportRelational

/// Writes the tables that describe the export: `graphexport_source` (``SourceFields``) and
/// `graphexport_columns` (``RelationalSchema/propertyPlaces``).
enum SourceRecord {
    /// Inserts the rows of both tables: `document`'s header, the hash of `script`'s tables and
    /// `selection` in the first.
    static func insert(
        _ document: DocumentInfo, script: SchemaSQL, selection: String, into connection: SQLiteConnection
    ) throws {
        let schema = script.schema
        try insert(
            SourceFields.fields(of: document, script: script, selection: selection).map { [$0.key, $0.value] },
            into: schema.sourceTable,
            columns: ["key", "value"], connection: connection)
        try insert(
            schema.propertyPlaces.map { [$0.entity, $0.property, $0.table, $0.column] }, into: schema.columnsTable,
            columns: ["entity", "property", "table", "column"], connection: connection)
    }

    private static func insert(
        _ rows: [[String?]], into table: String, columns: [String], connection: SQLiteConnection
    ) throws {
        let sql =
            "INSERT INTO \(SQLText.identifier(table)) (\(SQLText.identifiers(columns))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        let statement = try connection.prepare(sql)
        defer { sqlite3_finalize(statement) }
        for row in rows {
            for (index, value) in row.enumerated() {
                if let value {
                    sqlite3_bind_text(statement, Int32(index + 1), value, -1, gx_sqlite_transient())
                } else {
                    sqlite3_bind_null(statement, Int32(index + 1))
                }
            }
            let status = sqlite3_step(statement)
            sqlite3_reset(statement)
            guard status == SQLITE_DONE else { throw connection.failure(status, sql: sql) }
        }
    }
}
