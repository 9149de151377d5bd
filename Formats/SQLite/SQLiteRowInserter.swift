import CSQLite
import GraphExport
import GraphExportJSONText
import GraphExportRelational

/// Inserts the rows of a ``RelationalStream`` into the database, each value as docs/RELATIONAL.md,
/// *Columns and types*, says: through one ``SQLiteRowBatch`` per entity and nesting level (so that
/// an object nested in another of its entity, whose row starts while the other's is open, has a
/// batch of its own) and one per join table, each inserting its rows many at a time.
struct SQLiteRowInserter: RelationalTarget {
    let connection: SQLiteConnection
    let schema: RelationalSchema
    let onWarning: WarningHandler
    /// Per entity, per level, the batch of its rows, made at first use.
    private var rowBatches: [[SQLiteRowBatch?]]
    /// Per table, the batch of a join table's pairs, made at first use.
    private var joinBatches: [SQLiteRowBatch?]
    private var tombstoneStatement: OpaquePointer?
    /// Per entity, its name, a literal of its `INSERT`.
    private let entityNames: [String]
    /// Per entity, whether each attribute is stored as JSON text.
    private let isJSONColumn: [[Bool]]
    /// Per level (where one row is open at a time), the files whose bytes go into its row once it
    /// is inserted.
    private var pendingFiles: [Int: [(column: Int, file: FileBytes)]] = [:]
    /// Attributes warned about, as `Entity.attribute`.
    private var warned: Set<String> = []
    /// Whether an object of the stream was a delta's (changed or deleted).
    private(set) var isDelta = false
    /// The keys of the rows inserted and those the foreign keys name.
    private var keys: ReferencedKeys
    /// Per entity, the index of its hierarchy's table.
    private let hierarchyTables: [Int]
    /// Per entity, the table each of its to-one foreign keys references.
    private let foreignKeyTables: [[Int]]
    /// Per table, the tables a join table's two foreign keys reference.
    private let joinTables: [(source: Int, destination: Int)?]

    /// `SQLITE_CONSTRAINT_PRIMARYKEY`, a macro Swift does not import.
    private static let primaryKeyConstraint: Int32 = 1555

    init(connection: SQLiteConnection, schema: RelationalSchema, onWarning: @escaping WarningHandler) {
        self.connection = connection
        self.schema = schema
        self.onWarning = onWarning
        let model = schema.model
        rowBatches = Array(repeating: [], count: model.entities.count)
        joinBatches = Array(repeating: nil, count: schema.tables.count)
        entityNames = model.entities.map(\.name)
        isJSONColumn = model.entities.indices.map { entity in
            model.attributes(of: entity).map { $0.type == .transformable }
        }
        keys = ReferencedKeys(tableCount: schema.tables.count)
        hierarchyTables = model.entities.indices.map { schema.mapping(of: $0).table }
        foreignKeyTables = model.entities.indices.map { entity in
            let mapping = schema.mapping(of: entity)
            return mapping.foreignKeyColumns.map {
                schema.tables[mapping.table].columns[$0].references ?? mapping.table
            }
        }
        joinTables = schema.tables.map { table in
            guard case .join = table.kind, let source = table.columns[0].references,
                let destination = table.columns[1].references
            else { return nil }
            return (source, destination)
        }
    }

    /// Whether every foreign key written names a row written, as far as the keys tell: `false`
    /// also when they cannot tell (``ReferencedKeys``).
    var everyForeignKeyNamesARow: Bool {
        keys.everyNamedKeyIsInserted
    }

    /// Inserts the rows every batch still holds.
    func flush() throws {
        for (entity, batches) in rowBatches.enumerated() {
            for batch in batches {
                guard let batch else { continue }
                try insertingRows(of: batch, entity: entity) { try batch.flush() }
            }
        }
        for batch in joinBatches { try batch?.flush() }
    }

    /// Finalizes every statement; rows not flushed are left out.
    mutating func close() {
        rowBatches = []
        joinBatches = []
        sqlite3_finalize(tombstoneStatement)
        tombstoneStatement = nil
    }

    mutating func beginRow(_ row: ObjectRow, key: Int64, level: Int) throws {
        if row.changedProperties != nil { isDelta = true }
        let batch = rowBatch(entity: row.entity, level: level)
        keys.insert(key, into: hierarchyTables[row.entity])
        batch.append(integer: key)
        batch.appendText { Self.appendText(of: row.id, to: &$0) }
        let isJSON = isJSONColumn[row.entity]
        for (index, value) in row.values.enumerated() {
            if isJSON[index] {
                stageJSON(value, into: batch, entity: row.entity, attribute: index)
            } else {
                stage(value, into: batch, entity: row.entity, attribute: index, level: level)
            }
        }
    }

    mutating func endRow(entity: Int, key: Int64, id: ObjectID, level: Int, foreignKeys: [Int64?]) throws {
        let batch = rowBatch(entity: entity, level: level)
        for (slot, key) in foreignKeys.enumerated() {
            if let key {
                keys.name(key, in: foreignKeyTables[entity][slot])
                batch.append(integer: key)
            } else {
                batch.appendNull()
            }
        }
        let files = pendingFiles.isEmpty ? nil : pendingFiles.removeValue(forKey: level)
        // A row with files is inserted now, to write them into; a nested row too, so that a
        // batch below the top level holds one row at most.
        try insertingRows(of: batch, entity: entity) { try batch.endRow(flushingNow: files != nil || level > 0) }
        if let files {
            try writeFiles(files, entity: entity, rowid: sqlite3_last_insert_rowid(connection.handle))
        }
    }

    mutating func writeJoinRow(table: Int, source: Int64, destination: Int64, position: Int64?) throws {
        let batch = joinBatch(table: table)
        if let tables = joinTables[table] {
            keys.name(source, in: tables.source)
            keys.name(destination, in: tables.destination)
        }
        batch.append(integer: source)
        batch.append(integer: destination)
        if let position { batch.append(integer: position) }
        try batch.endRow()
    }

    mutating func writeTombstone(entity: Int, key: Int64, id: ObjectID) throws {
        isDelta = true
        if tombstoneStatement == nil {
            tombstoneStatement = try connection.prepare(
                "INSERT OR REPLACE INTO \(SQLText.identifier(schema.deletedTable)) (_id, _entity, _pk) VALUES (?, ?, ?)"
            )
        }
        guard let statement = tombstoneStatement else { return }
        sqlite3_bind_text(statement, 1, id.text, -1, gx_sqlite_transient())
        sqlite3_bind_text(statement, 2, entityNames[entity], -1, gx_sqlite_transient())
        sqlite3_bind_int64(statement, 3, key)
        let status = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard status == SQLITE_DONE else {
            throw connection.failure(status, sql: String(cString: sqlite3_sql(statement)))
        }
    }

    /// The batch of `entity`'s rows at `level`: `_pk`, `_id`, `_entity` (a literal), its
    /// attributes, its to-ones, in that order.
    private mutating func rowBatch(entity: Int, level: Int) -> SQLiteRowBatch {
        if level < rowBatches[entity].count, let batch = rowBatches[entity][level] { return batch }
        let mapping = schema.mapping(of: entity)
        let table = schema.tables[mapping.table]
        let columns =
            [RelationalSchema.keyColumn, RelationalSchema.idColumn, RelationalSchema.entityColumn]
            + mapping.attributeColumns + mapping.foreignKeyColumns
        let values = ["?", "?", SQLText.literal(entityNames[entity])] + repeatElement("?", count: columns.count - 3)
        let batch = SQLiteRowBatch(
            connection: connection, table: table.name, columns: columns.map { table.columns[$0].name },
            tuple: "(\(values.joined(separator: ", ")))", parametersPerRow: columns.count - 1)
        while rowBatches[entity].count <= level { rowBatches[entity].append(nil) }
        rowBatches[entity][level] = batch
        return batch
    }

    private mutating func joinBatch(table: Int) -> SQLiteRowBatch {
        if let batch = joinBatches[table] { return batch }
        let info = schema.tables[table]
        let batch = SQLiteRowBatch(
            connection: connection, table: info.name, columns: info.columns.map(\.name),
            tuple: "(\(Array(repeating: "?", count: info.columns.count).joined(separator: ", ")))",
            parametersPerRow: info.columns.count)
        joinBatches[table] = batch
        return batch
    }

    /// Runs `insert`, which inserts rows of `batch`, a batch of `entity`'s rows; a key that its
    /// table already holds is said as ``SQLiteWriterError/duplicateKey(table:key:id:)``.
    private func insertingRows(of batch: SQLiteRowBatch, entity: Int, _ insert: () throws -> Void) throws {
        do {
            try insert()
        } catch SQLiteWriterError.sqliteFailed(let code, let message, let sql) where code == Self.primaryKeyConstraint {
            throw try duplicateKey(in: batch, entity: entity)
                ?? SQLiteWriterError.sqliteFailed(code: code, message: message, sql: sql)
        }
    }

    /// The row of `batch` whose key another object of its table has: the first whose key came
    /// before in the batch or names a row of another identifier. The rows before it may be
    /// inserted (there is no journal to take them back), each under its own identifier.
    private func duplicateKey(in batch: SQLiteRowBatch, entity: Int) throws -> SQLiteWriterError? {
        let table = schema.tables[schema.mapping(of: entity).table]
        let key = table.columns[RelationalSchema.keyColumn].name
        let id = table.columns[RelationalSchema.idColumn].name
        let lookup = try connection.prepare(
            "SELECT \(SQLText.identifier(id)) FROM \(SQLText.identifier(table.name)) WHERE \(SQLText.identifier(key)) = ?"
        )
        defer { sqlite3_finalize(lookup) }
        var seen: Set<Int64> = []
        for row in 0..<batch.rowCount {
            guard let key = batch.stagedInteger(row: row, parameter: 0),
                let id = batch.stagedText(row: row, parameter: 1)
            else { continue }
            var isTaken = !seen.insert(key).inserted
            if !isTaken {
                sqlite3_bind_int64(lookup, 1, key)
                if sqlite3_step(lookup) == SQLITE_ROW, let text = sqlite3_column_text(lookup, 0) {
                    isTaken = String(cString: text) != id
                }
                sqlite3_reset(lookup)
            }
            if isTaken { return .duplicateKey(table: table.name, key: key, id: id) }
        }
        return nil
    }

    /// Appends the identifier's text, made without a `String`.
    private static func appendText(of id: ObjectID, to bytes: inout [UInt8]) {
        let prefix = id.textPrefix.utf8
        if prefix.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += prefix }
        guard let number = id.numericSuffix else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerDigits.maximumCount) { digits in
            let count = IntegerDigits.write(number, into: digits, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// Stages one value by what it is.
    private mutating func stage(
        _ value: RowValue, into batch: SQLiteRowBatch, entity: Int, attribute: Int, level: Int
    ) {
        switch value {
        case .null:
            batch.appendNull()
        case .integer(let integer):
            batch.append(integer: integer)
        case .double(let double):
            if double.isNaN { warn(entity, attribute, "NaN written as NULL (SQLite stores no NaN)") }
            batch.append(double: double)
        case .boolean(let boolean):
            batch.append(integer: boolean ? 1 : 0)
        case .date(let date):
            if !batch.appendTextIfWritten({ date.appendISO8601(to: &$0) }) {
                warn(entity, attribute, "dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z")
                batch.append(double: date.secondsSinceReferenceDate)
            }
        case .text(let bytes):
            batch.append(text: bytes)
        case .bytes(let bytes):
            batch.append(blob: bytes)
        case .other(let other):
            switch other {
            case .decimal(let text), .string(let text), .uri(let text):
                batch.appendText { $0 += text.utf8 }
            case .uuid(let uuid):
                batch.appendText { $0 += uuid.description.utf8 }
            case .binary(let bytes):
                bytes.withUnsafeBytes { batch.append(blob: $0) }
            case .binaryFile(let file):
                batch.appendZeroBlob(count: Int64(file.count))
                let column = schema.mapping(of: entity).attributeColumns[attribute]
                pendingFiles[level, default: []].append((column, file))
            case .array, .map:
                stageJSON(value, into: batch, entity: entity, attribute: attribute)
            case .null, .integer, .double, .boolean, .date:
                stage(RowValue(other), into: batch, entity: entity, attribute: attribute, level: level)
            }
        }
    }

    /// Stages a value's JSON text, as the JSON format writes it; NULL stays NULL.
    private mutating func stageJSON(_ value: RowValue, into batch: SQLiteRowBatch, entity: Int, attribute: Int) {
        if case .null = value {
            batch.appendNull()
            return
        }
        var splices = FileSplices()
        let owned = value.value
        var isLossy = false
        batch.appendText { text in
            if case .binaryFile(let file) = owned, let bytes = try? file.readAll() {
                JSONText.appendValue(.binary(bytes), to: &text)
            } else if JSONText.appendValue(owned, to: &text, splicing: &splices) != nil {
                isLossy = true
            }
        }
        if isLossy { warn(entity, attribute, "values JSON cannot hold written as JSON strings") }
    }

    /// Streams the bytes of files into the row just inserted.
    private func writeFiles(_ files: [(column: Int, file: FileBytes)], entity: Int, rowid: Int64) throws {
        let table = schema.tables[schema.mapping(of: entity).table]
        for (column, file) in files where file.count > 0 {
            var blob: OpaquePointer?
            let status = sqlite3_blob_open(
                connection.handle, "main", table.name, table.columns[column].name, rowid, 1, &blob)
            guard status == SQLITE_OK, let blob else { throw connection.failure(status, sql: "blob_open") }
            defer { sqlite3_blob_close(blob) }
            var offset: Int32 = 0
            try file.forEachChunk { chunk in
                let status = sqlite3_blob_write(blob, chunk.baseAddress, Int32(chunk.count), offset)
                guard status == SQLITE_OK else { throw connection.failure(status, sql: "blob_write") }
                offset += Int32(chunk.count)
            }
        }
    }

    /// Warns once per attribute.
    private mutating func warn(_ entity: Int, _ attribute: Int, _ text: String) {
        let name = entityNames[entity] + "." + schema.model.attributes(of: entity)[attribute].name
        guard warned.insert(name + text).inserted else { return }
        onWarning(Warning("\(name): \(text)"))
    }
}
