import CSQLite
import GraphExport
import GraphExportRelational

/// Writes the rows of `graphexport_source` (``SourceFields``).
enum SourceRecord {
    /// Inserts the rows into `table`.
    static func insert(_ document: DocumentInfo, into connection: SQLiteConnection, table: String) throws {
        let sql = "INSERT INTO \(SQLText.identifier(table)) (key, value) VALUES (?, ?)"
        let statement = try connection.prepare(sql)
        defer { sqlite3_finalize(statement) }
        for (key, value) in SourceFields.fields(of: document) {
            sqlite3_bind_text(statement, 1, key, -1, gx_sqlite_transient())
            sqlite3_bind_text(statement, 2, value, -1, gx_sqlite_transient())
            let status = sqlite3_step(statement)
            sqlite3_reset(statement)
            guard status == SQLITE_DONE else { throw connection.failure(status, sql: sql) }
        }
    }
}
