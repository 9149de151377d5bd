import GraphExportSQLite

/// The storage classes a column's values have, as a set.
struct StorageClasses: OptionSet, Hashable {
    let rawValue: Int

    static let integer = StorageClasses(rawValue: 1)
    static let real = StorageClasses(rawValue: 2)
    static let text = StorageClasses(rawValue: 4)
    static let blob = StorageClasses(rawValue: 8)
}

/// What the columns of one entity table hold, read for an inferred model: each column's declared
/// type, whether it has the index Core Data makes for a to-one, and, for each `Z_ENT`, the storage
/// classes of its non-null values; one scan of the table per 400 columns.
struct ColumnCensus {
    /// One column of the table.
    struct Column {
        /// The name, as the schema spells it.
        let name: String
        /// The declared type (`VARCHAR`, `TIMESTAMP`), empty when none is declared.
        let declaredType: String
        /// Whether the column has the index Core Data makes for every to-one,
        /// `<TABLE>_<COLUMN>_INDEX` with the column first (`ZICNOTEDATA_ZNOTE_INDEX`). Every to-one
        /// of the shared samples has one; an attribute has one only in stores written before about
        /// 2012 (`texlege-v4`'s indexed `ZDISTRICT`): later an indexed attribute's index is named
        /// `Z_<Entity>_…` (Photos' `Z_FaceCrop_byStateIndex`).
        let hasToOneIndex: Bool
        /// The storage classes of the column's non-null values, by the `Z_ENT` of their rows;
        /// an entity whose rows hold only nulls here is absent.
        var storageByEntity: [Int64: StorageClasses] = [:]

        /// The storage classes of all non-null values.
        var storage: StorageClasses {
            storageByEntity.values.reduce(into: []) { $0.formUnion($1) }
        }
    }

    /// The table's name.
    let table: String
    /// The columns, in table order.
    let columns: [Column]

    /// Columns per scan, well below SQLite's limit of 2 000 result columns.
    private static let columnsPerScan = 400

    /// Reads the census of `table`.
    init(table: String, database: SQLiteDatabase) throws {
        let info = try database.prepare("SELECT name, type FROM pragma_table_info(?)")
        try info.bind(table, at: 1)
        var declared: [(name: String, type: String)] = []
        while try info.step() {
            declared.append((info.text(at: 0) ?? "", info.text(at: 1) ?? ""))
        }
        let indexed = try Self.toOneIndexColumns(of: table, database: database)
        var columns = declared.map {
            Column(name: $0.name, declaredType: $0.type, hasToOneIndex: indexed.contains($0.name))
        }
        let quotedTable = SQLiteDatabase.quote(table)
        for start in stride(from: 0, to: columns.count, by: Self.columnsPerScan) {
            let chunk = start..<min(start + Self.columnsPerScan, columns.count)
            let classes = chunk.map { index in
                let column = SQLiteDatabase.quote(columns[index].name)
                return "sum(DISTINCT CASE typeof(\(column)) WHEN 'integer' THEN 1 WHEN 'real' THEN 2 "
                    + "WHEN 'text' THEN 4 WHEN 'blob' THEN 8 END)"
            }
            let statement = try database.prepare(
                "SELECT Z_ENT, \(classes.joined(separator: ", ")) FROM \(quotedTable) GROUP BY Z_ENT")
            while try statement.step() {
                guard statement.storage(at: 0) == .integer else { continue }
                let entity = statement.int64(at: 0)
                for (offset, index) in chunk.enumerated() where statement.storage(at: Int32(offset + 1)) == .integer {
                    columns[index].storageByEntity[entity] = StorageClasses(
                        rawValue: Int(statement.int64(at: Int32(offset + 1))))
                }
            }
        }
        self.table = table
        self.columns = columns
    }

    /// The column with this name.
    subscript(_ name: String) -> Column? {
        columns.first { $0.name == name }
    }

    /// The columns of `table` that have Core Data's to-one index, `<TABLE>_<COLUMN>_INDEX`, with
    /// the column first.
    private static func toOneIndexColumns(of table: String, database: SQLiteDatabase) throws -> Set<String> {
        let statement = try database.prepare(
            "SELECT info.name FROM pragma_index_list(?1) AS list, pragma_index_info(list.name) AS info "
                + "WHERE info.seqno = 0 AND list.name = ?1 || '_' || info.name || '_INDEX'")
        try statement.bind(table, at: 1)
        var names: Set<String> = []
        while try statement.step() {
            if let name = statement.text(at: 0) { names.insert(name) }
        }
        return names
    }
}
