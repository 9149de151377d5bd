import GraphExportSQLite

/// The tables and columns of a store, each read once: one `PRAGMA table_info` per table asked
/// about, and the list of tables only when a name has to be looked for among them.
final class StoreSchema {
    private let database: SQLiteDatabase
    private var columnsByTable: [String: [String]] = [:]
    private var tables: [String]?

    init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The store's path, for messages.
    var path: String { database.path }

    /// The columns of `table` in table order; none when there is no such table.
    func columns(of table: String) throws -> [String] {
        if let known = columnsByTable[table] { return known }
        let found = try database.columns(of: table)
        columnsByTable[table] = found
        return found
    }

    /// Every table of the store, in `sqlite_schema` order.
    func tableNames() throws -> [String] {
        if let tables { return tables }
        let statement = try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        var names: [String] = []
        while try statement.step() {
            if let name = statement.text(at: 0) { names.append(name) }
        }
        tables = names
        return names
    }
}
