import CSQLite
import GraphExport
import GraphExportJSONText
import GraphExportRelational

/// Inserts the rows of a ``RelationalStream`` into the database: one prepared `INSERT` per entity
/// and nesting level (so that an object nested in another of its entity has a statement of its
/// own), one per join table, each value bound as docs/RELATIONAL.md, *Columns and types*, says.
struct SQLiteRowInserter: RelationalTarget {
    let connection: SQLiteConnection
    let schema: RelationalSchema
    let onWarning: WarningHandler
    /// Per entity, per level, its `INSERT`, prepared at first use.
    private var rowStatements: [[OpaquePointer?]]
    /// Per table, the `INSERT` of a join table's pair.
    private var joinStatements: [OpaquePointer?]
    private var tombstoneStatement: OpaquePointer?
    /// Per entity, its name as text bound to `_entity`.
    private let entityNames: [String]
    /// Per entity, whether each attribute is stored as JSON text.
    private let isJSONColumn: [[Bool]]
    /// Per level (where one row is open at a time), the files whose bytes go into its row once it
    /// is inserted.
    private var pendingFiles: [Int: [(column: Int, file: FileBytes)]] = [:]
    /// Text made for a value, bound as a copy.
    private var scratch: [UInt8] = []
    /// Attributes warned about, as `Entity.attribute`.
    private var warned: Set<String> = []
    /// Whether an object of the stream was a delta's (changed or deleted).
    private(set) var isDelta = false

    /// `SQLITE_CONSTRAINT_PRIMARYKEY`, a macro Swift does not import.
    private static let primaryKeyConstraint: Int32 = 1555

    init(connection: SQLiteConnection, schema: RelationalSchema, onWarning: @escaping WarningHandler) {
        self.connection = connection
        self.schema = schema
        self.onWarning = onWarning
        let model = schema.model
        rowStatements = Array(repeating: [], count: model.entities.count)
        joinStatements = Array(repeating: nil, count: schema.tables.count)
        entityNames = model.entities.map(\.name)
        isJSONColumn = model.entities.indices.map { entity in
            model.attributes(of: entity).map { $0.type == .transformable }
        }
    }

    /// Finalizes every statement.
    func close() {
        for statement in rowStatements.joined() { sqlite3_finalize(statement) }
        for statement in joinStatements { sqlite3_finalize(statement) }
        sqlite3_finalize(tombstoneStatement)
    }

    mutating func beginRow(_ row: ObjectRow, key: Int64, level: Int) throws {
        if row.changedProperties != nil { isDelta = true }
        let statement = try rowStatement(entity: row.entity, level: level)
        sqlite3_bind_int64(statement, 1, key)
        bindID(row.id, to: statement, at: 2)
        sqlite3_bind_text(statement, 3, entityNames[row.entity], -1, gx_sqlite_transient())
        for (index, value) in row.values.enumerated() {
            let parameter = Int32(index + 4)
            if isJSONColumn[row.entity][index] {
                bindJSON(value, to: statement, at: parameter, entity: row.entity, attribute: index)
            } else {
                try bind(value, to: statement, at: parameter, entity: row.entity, attribute: index, level: level)
            }
        }
    }

    mutating func endRow(entity: Int, key: Int64, id: ObjectID, level: Int, foreignKeys: [Int64?]) throws {
        let statement = try rowStatement(entity: entity, level: level)
        let first = Int32(schema.model.attributes(of: entity).count + 4)
        for (slot, key) in foreignKeys.enumerated() {
            if let key {
                sqlite3_bind_int64(statement, first + Int32(slot), key)
            } else {
                sqlite3_bind_null(statement, first + Int32(slot))
            }
        }
        let status = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard status == SQLITE_DONE else {
            if sqlite3_extended_errcode(connection.handle) == Self.primaryKeyConstraint {
                let table = schema.tables[schema.mapping(of: entity).table].name
                throw SQLiteWriterError.duplicateKey(table: table, key: key, id: id.text)
            }
            throw connection.failure(status, sql: String(cString: sqlite3_sql(statement)))
        }
        if let files = pendingFiles.removeValue(forKey: level) {
            try writeFiles(files, entity: entity, rowid: sqlite3_last_insert_rowid(connection.handle))
        }
    }

    mutating func writeJoinRow(table: Int, source: Int64, destination: Int64, position: Int64?) throws {
        let statement = try joinStatement(table: table)
        sqlite3_bind_int64(statement, 1, source)
        sqlite3_bind_int64(statement, 2, destination)
        if let position { sqlite3_bind_int64(statement, 3, position) }
        try step(statement)
    }

    mutating func writeTombstone(entity: Int, key: Int64, id: ObjectID) throws {
        isDelta = true
        if tombstoneStatement == nil {
            tombstoneStatement = try connection.prepare(
                "INSERT OR REPLACE INTO \(SQLText.identifier(schema.deletedTable)) (_id, _entity, _pk) VALUES (?, ?, ?)"
            )
        }
        guard let statement = tombstoneStatement else { return }
        bindID(id, to: statement, at: 1)
        sqlite3_bind_text(statement, 2, entityNames[entity], -1, gx_sqlite_transient())
        sqlite3_bind_int64(statement, 3, key)
        try step(statement)
    }

    private func step(_ statement: OpaquePointer) throws {
        let status = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard status == SQLITE_DONE else {
            throw connection.failure(status, sql: String(cString: sqlite3_sql(statement)))
        }
    }

    /// The `INSERT` of `entity`'s rows at `level`: `_pk`, `_id`, `_entity`, its attributes, its
    /// to-ones, in that order.
    private mutating func rowStatement(entity: Int, level: Int) throws -> OpaquePointer {
        if level < rowStatements[entity].count, let statement = rowStatements[entity][level] { return statement }
        let mapping = schema.mapping(of: entity)
        let table = schema.tables[mapping.table]
        let columns =
            [RelationalSchema.keyColumn, RelationalSchema.idColumn, RelationalSchema.entityColumn]
            + mapping.attributeColumns + mapping.foreignKeyColumns
        let sql =
            "INSERT INTO \(SQLText.identifier(table.name)) (\(SQLText.identifiers(columns.map { table.columns[$0].name }))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        let statement = try connection.prepare(sql)
        while rowStatements[entity].count <= level { rowStatements[entity].append(nil) }
        rowStatements[entity][level] = statement
        return statement
    }

    private mutating func joinStatement(table: Int) throws -> OpaquePointer {
        if let statement = joinStatements[table] { return statement }
        let info = schema.tables[table]
        let sql =
            "INSERT INTO \(SQLText.identifier(info.name)) (\(SQLText.identifiers(info.columns.map(\.name)))) "
            + "VALUES (\(Array(repeating: "?", count: info.columns.count).joined(separator: ", ")))"
        let statement = try connection.prepare(sql)
        joinStatements[table] = statement
        return statement
    }

    /// Binds the identifier's text, made without a `String`.
    private mutating func bindID(_ id: ObjectID, to statement: OpaquePointer, at parameter: Int32) {
        scratch.removeAll(keepingCapacity: true)
        scratch += id.textPrefix.utf8
        if let number = id.numericSuffix {
            let start = scratch.count
            scratch += repeatElement(0, count: IntegerDigits.maximumCount)
            let count = scratch.withUnsafeMutableBufferPointer { IntegerDigits.write(number, into: $0, at: start) }
            scratch.removeLast(IntegerDigits.maximumCount - count)
        }
        bindScratchText(to: statement, at: parameter)
    }

    private func bindScratchText(to statement: OpaquePointer, at parameter: Int32) {
        scratch.withUnsafeBytes { bindText($0, to: statement, at: parameter) }
    }

    /// Binds UTF-8 bytes as text, copied; empty bytes as the empty text, not NULL.
    private func bindText(_ bytes: UnsafeRawBufferPointer, to statement: OpaquePointer, at parameter: Int32) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            sqlite3_bind_text(statement, parameter, "", 0, gx_sqlite_transient())
            return
        }
        sqlite3_bind_text(
            statement, parameter, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), gx_sqlite_transient())
    }

    private func bindBytes(_ bytes: UnsafeRawBufferPointer, to statement: OpaquePointer, at parameter: Int32) {
        if bytes.isEmpty {
            sqlite3_bind_zeroblob(statement, parameter, 0)
        } else {
            sqlite3_bind_blob(statement, parameter, bytes.baseAddress, Int32(bytes.count), gx_sqlite_transient())
        }
    }

    /// Binds one value by what it is.
    private mutating func bind(
        _ value: RowValue, to statement: OpaquePointer, at parameter: Int32, entity: Int, attribute: Int, level: Int
    ) throws {
        switch value {
        case .null:
            sqlite3_bind_null(statement, parameter)
        case .integer(let integer):
            sqlite3_bind_int64(statement, parameter, integer)
        case .double(let double):
            if double.isNaN { warn(entity, attribute, "NaN written as NULL (SQLite stores no NaN)") }
            sqlite3_bind_double(statement, parameter, double)
        case .boolean(let boolean):
            sqlite3_bind_int64(statement, parameter, boolean ? 1 : 0)
        case .date(let date):
            scratch.removeAll(keepingCapacity: true)
            if date.appendISO8601(to: &scratch) {
                bindScratchText(to: statement, at: parameter)
            } else {
                warn(entity, attribute, "dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z")
                sqlite3_bind_double(statement, parameter, date.secondsSinceReferenceDate)
            }
        case .text(let bytes):
            bindText(bytes, to: statement, at: parameter)
        case .bytes(let bytes):
            bindBytes(bytes, to: statement, at: parameter)
        case .other(let other):
            switch other {
            case .decimal(let text), .string(let text), .uri(let text):
                sqlite3_bind_text(statement, parameter, text, -1, gx_sqlite_transient())
            case .uuid(let uuid):
                sqlite3_bind_text(statement, parameter, uuid.description, -1, gx_sqlite_transient())
            case .binary(let bytes):
                bytes.withUnsafeBytes { bindBytes($0, to: statement, at: parameter) }
            case .binaryFile(let file):
                sqlite3_bind_zeroblob64(statement, parameter, sqlite3_uint64(file.count))
                let column = schema.mapping(of: entity).attributeColumns[attribute]
                pendingFiles[level, default: []].append((column, file))
            case .array, .map:
                bindJSON(value, to: statement, at: parameter, entity: entity, attribute: attribute)
            case .null, .integer, .double, .boolean, .date:
                try bind(
                    RowValue(other), to: statement, at: parameter, entity: entity, attribute: attribute, level: level)
            }
        }
    }

    /// Binds a value's JSON text, as the JSON format writes it; NULL stays NULL.
    private mutating func bindJSON(
        _ value: RowValue, to statement: OpaquePointer, at parameter: Int32, entity: Int, attribute: Int
    ) {
        if case .null = value {
            sqlite3_bind_null(statement, parameter)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        var splices = FileSplices()
        let owned = value.value
        if case .binaryFile(let file) = owned, let bytes = try? file.readAll() {
            JSONText.appendValue(.binary(bytes), to: &scratch)
        } else if JSONText.appendValue(owned, to: &scratch, splicing: &splices) != nil {
            warn(entity, attribute, "values JSON cannot hold written as JSON strings")
        }
        bindScratchText(to: statement, at: parameter)
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
