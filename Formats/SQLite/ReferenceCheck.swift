import CSQLite
import GraphExportRelational

/// Makes every foreign key of a finished database name a row that is there: a reference to an
/// object the export left out (a selection's) becomes a NULL foreign key, and a join row that
/// names one is removed (docs/RELATIONAL.md, *A selection*). Each is one statement per foreign
/// key, a scan with one index lookup per row.
enum ReferenceCheck {
    /// Clears the dangling foreign keys of `schema`'s tables; returns how many there were.
    static func dropDangling(_ schema: RelationalSchema, in connection: SQLiteConnection) throws -> Int {
        var count = 0
        for table in schema.tables {
            let name = SQLText.identifier(table.name)
            for column in table.columns {
                guard let target = column.references else { continue }
                let columnName = SQLText.identifier(column.name)
                let missing =
                    "\(columnName) IS NOT NULL AND \(columnName) NOT IN "
                    + "(SELECT _pk FROM \(SQLText.identifier(schema.tables[target].name)))"
                switch table.kind {
                case .hierarchy:
                    try connection.execute("UPDATE \(name) SET \(columnName) = NULL WHERE \(missing)")
                case .join:
                    try connection.execute("DELETE FROM \(name) WHERE \(missing)")
                }
                count += Int(sqlite3_changes(connection.handle))
            }
        }
        return count
    }
}
