/// The tables and columns of a store, read once per table.
final class StoreSchema {
    private let database: SQLiteDatabase
    private var columnsByTable: [String: Set<String>] = [:]

    init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The store's path, for messages.
    var path: String { database.path }

    /// Whether `table` exists and has `column`.
    func has(_ column: String, in table: String) throws -> Bool {
        try columns(of: table).contains(column)
    }

    /// `column`, after checking `table` has it; otherwise an error naming `property`.
    func require(_ column: String, in table: String, for property: String) throws -> String {
        let present = try columns(of: table)
        guard !present.isEmpty else { throw StoreError.missingTable(path: path, table: table, entity: property) }
        guard present.contains(column) else {
            throw StoreError.missingColumn(path: path, table: table, column: column, property: property)
        }
        return column
    }

    private func columns(of table: String) throws -> Set<String> {
        if let known = columnsByTable[table] { return known }
        let found = Set(try database.columns(of: table))
        columnsByTable[table] = found
        return found
    }
}
