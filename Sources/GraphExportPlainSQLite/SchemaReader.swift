import GraphExport
import GraphExportSQLite

/// Reads what a plain database holds: its tables (and views, when asked), their columns, keys,
/// indexes and usable foreign keys, declared or guessed.
///
/// Left out: virtual tables and their shadow tables, `sqlite_*` tables, and views unless asked for.
/// A foreign key that cannot be followed (its table is missing or left out, its columns are not a
/// key of that table) is reported and its columns stay plain attributes.
struct SchemaReader {
    let database: SQLiteDatabase
    let options: SQLiteSourceOptions
    let onWarning: WarningHandler

    /// The tables in schema order, with their foreign keys, and the guessed relations.
    func read() throws -> (tables: [TableSchema], inferred: [InferredRelation]) {
        var tables: [TableSchema] = []
        var declared: [[ForeignKeyRow]] = []
        for listed in try listTables() {
            do {
                guard let columns = try columns(of: listed) else { continue }
                let indexes = listed.isView ? [] : try indexes(of: listed.name, columns: columns)
                let primaryKey = columns.indices.filter { columns[$0].primaryKeyPosition > 0 }
                    .sorted { columns[$0].primaryKeyPosition < columns[$1].primaryKeyPosition }
                let keying = try keying(
                    listed, columns: columns, primaryKey: primaryKey, indexes: indexes, index: tables.count)
                tables.append(
                    TableSchema(
                        name: listed.name, isView: listed.isView, isWithoutRowid: listed.isWithoutRowid,
                        columns: columns, primaryKey: primaryKey, indexes: indexes, keying: keying))
                declared.append(listed.isView ? [] : try foreignKeyRows(of: listed.name))
            } catch let error as SQLiteError {
                throw error.reading("\(listed.isView ? "view" : "table") '\(listed.name)'")
            }
        }
        for index in tables.indices {
            tables[index].foreignKeys = resolve(declared[index], of: index, in: tables)
        }
        var inferred: [InferredRelation] = []
        if options.inferRelations {
            for index in tables.indices where tables[index].keying != .position {
                let guesses = infer(for: index, in: tables)
                tables[index].foreignKeys += guesses.map(\.key)
                inferred += guesses.map(\.report)
            }
        }
        return (tables, inferred)
    }

    // MARK: - Tables and columns

    private struct ListedTable {
        let name: String
        let isView: Bool
        let isWithoutRowid: Bool
        let isStrict: Bool
    }

    private func listTables() throws -> [ListedTable] {
        let statement = try database.prepare(
            """
            SELECT s.name, l.type, l.wr, l.strict FROM main.sqlite_schema AS s
            JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = s.name
            WHERE s.type IN ('table', 'view') ORDER BY s.rowid
            """)
        var tables: [ListedTable] = []
        while try statement.step() {
            guard let name = statement.text(at: 0) else {
                onWarning(Warning("\(database.path): a table whose name is not valid UTF-8 is left out"))
                continue
            }
            let type = statement.text(at: 1) ?? ""
            guard !SQLName.folded(name).hasPrefix("sqlite_") else { continue }
            guard type == "table" || (type == "view" && options.includeViews) else { continue }
            tables.append(
                ListedTable(
                    name: name, isView: type == "view", isWithoutRowid: statement.int64(at: 2) != 0,
                    isStrict: statement.int64(at: 3) != 0))
        }
        return tables
    }

    /// The columns, leaving out the hidden columns of virtual tables; `nil` for a view SQLite
    /// cannot prepare (it names a missing table or function), which is then left out with a warning.
    private func columns(of table: ListedTable) throws -> [ColumnSchema]? {
        let statement = try database.prepare(
            "SELECT name, type, \"notnull\", pk FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1 ORDER BY cid")
        try statement.bind(table.name, at: 1)
        var columns: [ColumnSchema] = []
        do {
            while try statement.step() {
                let type = statement.text(at: 1) ?? ""
                columns.append(
                    ColumnSchema(
                        name: statement.text(at: 0) ?? "", declaredType: type,
                        affinity: ColumnAffinity(declaredType: type, isStrict: table.isStrict),
                        isNotNull: statement.int64(at: 2) != 0, primaryKeyPosition: Int(statement.int64(at: 3))))
            }
        } catch SQLiteError.failed(_, let message, _, _, _) where table.isView {
            onWarning(Warning("\(database.path): view \(table.name) is left out: \(message)"))
            return nil
        }
        return columns
    }

    private func indexes(of table: String, columns: [ColumnSchema]) throws -> [IndexSchema] {
        let list = try database.prepare(
            "SELECT name, \"unique\", origin FROM pragma_index_list(?, 'main') WHERE partial = 0 ORDER BY seq")
        try list.bind(table, at: 1)
        var found: [(name: String, isUnique: Bool, isPrimaryKey: Bool)] = []
        while try list.step() {
            guard let name = list.text(at: 0) else { continue }
            found.append((name, list.int64(at: 1) != 0, list.text(at: 2) == "pk"))
        }
        let info = try database.prepare(
            "SELECT cid, coll FROM pragma_index_xinfo(?, 'main') WHERE key = 1 ORDER BY seqno")
        var indexes: [IndexSchema] = []
        for index in found {
            info.reset()
            try info.bind(index.name, at: 1)
            var indexColumns: [Int] = []
            var collations: [String] = []
            var usable = true
            while try info.step() {
                let column = Int(info.int64(at: 0))
                usable = usable && columns.indices.contains(column)
                indexColumns.append(column)
                collations.append(info.text(at: 1) ?? "BINARY")
            }
            if usable {
                indexes.append(
                    IndexSchema(
                        columns: indexColumns, collations: collations, isUnique: index.isUnique,
                        isPrimaryKey: index.isPrimaryKey))
            }
        }
        return indexes
    }

    /// How the table's rows become objects (see ``RowKeying``).
    private func keying(
        _ table: ListedTable, columns: [ColumnSchema], primaryKey: [Int], indexes: [IndexSchema], index: Int
    ) throws -> RowKeying {
        if table.isView { return .position }
        let keyNames = primaryKey.map { columns[$0].name }
        if table.isWithoutRowid {
            if primaryKey.count == 1, columns[primaryKey[0]].affinity == .integer,
                try !holdsNonIntegers(table.name, column: keyNames[0])
            {
                return .integerKey(column: keyNames[0])
            }
            // The key table's columns compare as the key does, so that joins in both directions use
            // an index.
            let collations = indexes.first(where: \.isPrimaryKey)?.collations ?? []
            let declarations = primaryKey.enumerated().map { position, column in
                let collation = position < collations.count ? collations[position] : "BINARY"
                return columns[column].affinity.canonicalType + " COLLATE " + SQLiteDatabase.quote(collation)
            }
            return .ordinal(key: keyNames, declarations: declarations, keyTable: "gx_key_\(index)")
        }
        // A single-column primary key without an index of its own is the rowid itself.
        if primaryKey.count == 1, !indexes.contains(where: \.isPrimaryKey) {
            return .integerKey(column: keyNames[0])
        }
        let taken = Set(columns.map { SQLName.folded($0.name) })
        guard let name = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains($0) }) else {
            onWarning(
                Warning(
                    "\(database.path): table \(table.name) has columns named rowid, _rowid_ and oid: its rows are "
                        + "numbered by position, and foreign keys to it stay plain columns"))
            return .position
        }
        return .rowid(name: name, key: keyNames)
    }

    private func holdsNonIntegers(_ table: String, column: String) throws -> Bool {
        let statement = try database.prepare(
            "SELECT 1 FROM main.\(SQLiteDatabase.quote(table))"
                + " WHERE typeof(\(SQLiteDatabase.quote(column))) <> 'integer' LIMIT 1"
        )
        return try statement.step()
    }

    // MARK: - Foreign keys

    /// One declared foreign key as `PRAGMA foreign_key_list` gives it.
    private struct ForeignKeyRow {
        let id: Int64
        let table: String
        var from: [String] = []
        var to: [String?] = []
        let onDelete: String
    }

    private func foreignKeyRows(of table: String) throws -> [ForeignKeyRow] {
        let statement = try database.prepare(
            "SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?, 'main') ORDER BY id, seq"
        )
        try statement.bind(table, at: 1)
        var rows: [ForeignKeyRow] = []
        while try statement.step() {
            let id = statement.int64(at: 0)
            if rows.last?.id != id {
                rows.append(
                    ForeignKeyRow(
                        id: id, table: statement.text(at: 1) ?? "", onDelete: (statement.text(at: 4) ?? "").uppercased()
                    ))
            }
            rows[rows.count - 1].from.append(statement.text(at: 2) ?? "")
            rows[rows.count - 1].to.append(statement.storage(at: 3) == .null ? nil : statement.text(at: 3))
        }
        return rows
    }

    /// The declared foreign keys that can be followed, by their first column's position, then in
    /// declaration order (SQLite lists the last declared first).
    private func resolve(_ rows: [ForeignKeyRow], of child: Int, in tables: [TableSchema]) -> [ForeignKeySchema] {
        let table = tables[child]
        var keys: [ForeignKeySchema] = []
        for row in rows.reversed() {
            let described = "\(table.name)(\(row.from.joined(separator: ", "))) → \(row.table)"
            func skip(_ reason: String) {
                onWarning(
                    Warning("\(database.path): foreign key \(described) \(reason); its columns stay plain columns"))
            }
            guard table.keying != .position else {
                skip("belongs to a table whose rows have no rowid to reach them by")
                continue
            }
            let folded = SQLName.folded(row.table)
            guard let parent = tables.firstIndex(where: { !$0.isView && SQLName.folded($0.name) == folded }) else {
                skip("points at a table that is missing or left out")
                continue
            }
            guard tables[parent].keying != .position else {
                skip("points at a table whose rows have no rowid to reach them by")
                continue
            }
            let columns = row.from.compactMap(table.column(named:))
            let parentColumns: [Int]
            if row.to.allSatisfy({ $0 == nil }) {
                parentColumns = tables[parent].primaryKey
            } else {
                parentColumns = row.to.compactMap { $0.flatMap(tables[parent].column(named:)) }
            }
            guard columns.count == row.from.count, parentColumns.count == row.from.count,
                Set(columns).count == columns.count
            else {
                skip("names columns that do not exist or do not pair up")
                continue
            }
            guard tables[parent].isKey(parentColumns) else {
                skip("points at columns that are not the primary key or a unique index of \(tables[parent].name)")
                continue
            }
            keys.append(
                ForeignKeySchema(
                    columns: columns, parent: parent, parentColumns: parentColumns, onDelete: row.onDelete))
        }
        return keys.enumerated().sorted { ($0.element.columns[0], $0.offset) < ($1.element.columns[0], $1.offset) }
            .map(\.element)
    }

    /// The `--infer-relations` guesses for one table: every column that no usable foreign key
    /// covers, whose name is another table's name plus an id marker (`AlbumId`, `album_id`,
    /// `albums_id`), pointing at that table's single-column primary key. A name that fits two
    /// tables equally is not guessed.
    private func infer(
        for child: Int, in tables: [TableSchema]
    ) -> [(key: ForeignKeySchema, report: InferredRelation)] {
        let table = tables[child]
        let covered = Set(table.foreignKeys.flatMap(\.columns))
        var guesses: [(ForeignKeySchema, InferredRelation)] = []
        for (column, schema) in table.columns.enumerated() where !covered.contains(column) {
            guard let stem = RelationNaming.strippingIDSuffix(schema.name), !stem.isEmpty else { continue }
            let candidates = tables.indices.filter { index in
                index != child && !tables[index].isView && tables[index].primaryKey.count == 1
                    && tables[index].keying != .position && RelationNaming.sameNoun(stem, tables[index].name)
            }
            let exact = candidates.filter {
                RelationNaming.normalized(tables[$0].name) == RelationNaming.normalized(stem)
            }
            guard let parent = exact.count == 1 ? exact[0] : candidates.count == 1 ? candidates[0] : nil else {
                if candidates.count > 1 {
                    let names = candidates.map { tables[$0].name }.joined(separator: ", ")
                    onWarning(
                        Warning(
                            "\(database.path): --infer-relations: \(table.name).\(schema.name) could point at "
                                + "\(names); not guessed"))
                }
                continue
            }
            let parentColumn = tables[parent].primaryKey[0]
            let report = InferredRelation(
                table: table.name, column: schema.name, referencedTable: tables[parent].name,
                referencedColumn: tables[parent].columns[parentColumn].name)
            onWarning(report.warning(path: database.path, guesser: "--infer-relations"))
            guesses.append(
                (
                    ForeignKeySchema(
                        columns: [column], parent: parent, parentColumns: [parentColumn], onDelete: "NO ACTION"),
                    report
                ))
        }
        return guesses
    }
}
