public import GraphExport
public import GraphExportSQLite

/// A Core Data store with its persistent-history tables (`ATRANSACTION`, `ACHANGE`,
/// `ATRANSACTIONSTRING`) as entities of their own, after the model's: `TRANSACTION` (its
/// `changes` nest under it; its `…String` to-ones point at `TRANSACTIONSTRING` rows), `CHANGE`
/// and `TRANSACTIONSTRING`, read by `Z_PK` from the store's snapshot, identified as Core Data
/// identifies objects (`x-coredata://<store UUID>/TRANSACTION/p1`). Only the tables the store
/// has are added; values are written by their storage class, a timestamp as a date.
public final class HistorySource: GraphSource, RowFilteringSource {
    private let store: CoreDataStore
    /// The model's entities, then the history entities.
    public let model: GraphModel
    /// The store's header.
    public var document: DocumentInfo { store.document }
    /// The history tables the store has, in the order their entities follow the model's.
    private let tables: [Table]
    private let firstHistoryEntity: Int
    private var statements: [String: SQLiteStatement] = [:]

    /// One history table as read: its columns in `SELECT` order after `Z_PK`.
    private struct Table {
        let history: HistoryTable
        /// The attribute columns (known ones, then the others), then the key columns.
        let attributeColumns: [HistoryTable.Column]
        let keyColumns: [String]
        /// Per relationship, in model order: the destination entity's index, and for a to-many
        /// the query of its rows.
        var destinations: [(entity: Int, sql: String?)] = []
    }

    /// `store` with its history tables. A store that has none is read as it is, and
    /// `onWarning` says so.
    public init(_ store: CoreDataStore, onWarning: WarningHandler) throws {
        self.store = store
        let database = store.database
        var found: [Table] = []
        for history in HistoryTable.all where try database.tableExists(history.table) {
            let present = try database.columns(of: history.table)
            let keyColumns = history.keys.map(\.column).filter(present.contains)
            let known = history.columns.filter { present.contains($0.column) }
            let others = present.filter { column in
                !["Z_PK", "Z_ENT", "Z_OPT"].contains(column) && !keyColumns.contains(column)
                    && !history.columns.contains { $0.column == column }
            }
            found.append(
                Table(
                    history: history,
                    attributeColumns: known + others.map { HistoryTable.Column(column: $0, name: $0, type: .binary) },
                    keyColumns: keyColumns))
        }
        if found.isEmpty {
            onWarning(
                Warning("\(store.document.source ?? ""): the store keeps no persistent history (no ATRANSACTION table)")
            )
        }
        let names = Set(found.map(\.history.entity))
        var entities = store.model.entities
        for table in found {
            let history = table.history
            let attributes = table.attributeColumns.map { AttributeInfo(name: $0.name, type: $0.type) }
            let toOne = history.keys.filter { table.keyColumns.contains($0.column) && names.contains($0.destination) }
                .map {
                    RelationshipInfo(name: $0.name, destination: $0.destination, isToMany: false, inverse: $0.inverse)
                }
            let toMany = history.rows.filter { names.contains($0.destination) }.map {
                RelationshipInfo(name: $0.name, destination: $0.destination, isToMany: true, inverse: $0.inverse)
            }
            entities.append(EntityInfo(name: history.entity, attributes: attributes, relationships: toOne + toMany))
        }
        let model = try GraphModel(entities: entities)
        let firstHistoryEntity = store.model.entities.count
        self.firstHistoryEntity = firstHistoryEntity
        for index in found.indices {
            let entity = firstHistoryEntity + index
            found[index].destinations = model.relationships(of: entity).map { relationship in
                let rows = found[index].history.rows.first { $0.name == relationship.name }
                let table = found[relationship.destination - firstHistoryEntity].history.table
                return (
                    relationship.destination,
                    rows.map { "SELECT Z_PK FROM \(table) WHERE \($0.column) = ? ORDER BY Z_PK" }
                )
            }
        }
        self.tables = found
        self.model = model
    }

    private func table(_ entity: Int) -> Table? {
        entity >= firstHistoryEntity ? tables[entity - firstHistoryEntity] : nil
    }

    /// `SELECT Z_PK, <attribute columns>, <key columns> FROM <table>` and `clause`.
    private func select(_ table: Table, _ clause: String) throws -> SQLiteStatement {
        let columns = ["Z_PK"] + table.attributeColumns.map(\.column) + table.keyColumns
        let sql =
            "SELECT " + columns.map(SQLiteDatabase.quote).joined(separator: ", ") + " FROM "
            + SQLiteDatabase.quote(table.history.table) + clause
        return try prepared(sql)
    }

    private func prepared(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try store.database.prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// The current row of a ``select(_:_:)`` statement.
    private func decode(_ statement: SQLiteStatement, entity: Int, table: Table) -> ObjectRecord {
        var column: Int32 = 1
        var values: [Value] = []
        for attribute in table.attributeColumns {
            values.append(Self.value(statement, at: column, type: attribute.type))
            column += 1
        }
        var keys: [Int64?] = []
        for _ in table.keyColumns {
            keys.append(statement.storage(at: column) == .integer ? statement.int64(at: column) : nil)
            column += 1
        }
        var next = 0
        let toOne = model.relationships(of: entity).enumerated().map { index, relationship -> ObjectKey? in
            guard !relationship.isToMany else { return nil }
            defer { next += 1 }
            return keys[next].map { ObjectKey(entity: table.destinations[index].entity, row: $0) }
        }
        return ObjectRecord(key: ObjectKey(entity: entity, row: statement.int64(at: 0)), values: values, toOne: toOne)
    }

    private static func value(_ statement: SQLiteStatement, at column: Int32, type: AttributeType) -> Value {
        switch statement.storage(at: column) {
        case .null: return .null
        case .integer where type == .date, .real where type == .date:
            return .date(Timestamp(secondsSinceReferenceDate: statement.double(at: column)))
        case .integer: return .integer(statement.int64(at: column))
        case .real: return .double(statement.double(at: column))
        case .text: return statement.text(at: column).map(Value.string) ?? .binary(statement.bytes(at: column))
        case .blob: return .binary(statement.bytes(at: column))
        }
    }

    /// The model's objects from the store, the history's by `Z_PK`.
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        guard let table = table(entity) else { return try store.scan(entity) }
        let statement = try select(table, " ORDER BY Z_PK")
        var records: [ObjectRecord] = []
        while try statement.step() { records.append(decode(statement, entity: entity, table: table)) }
        return RecordListCursor(records)
    }

    /// The object with this key, or `nil`.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        guard let table = table(key.entity) else { return try store.record(key) }
        let statement = try select(table, " WHERE Z_PK = ?")
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        return try statement.step() ? decode(statement, entity: key.entity, table: table) : nil
    }

    /// The destinations of a to-many, by `Z_PK` for the history's.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        guard let table = table(key.entity) else { return try store.destinations(of: key, through: relationship) }
        let (destination, sql) = table.destinations[relationship]
        guard let sql else { preconditionFailure("to-one relationships are read from the row") }
        let statement = try prepared(sql)
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        var keys: [ObjectKey] = []
        while try statement.step() { keys.append(ObjectKey(entity: destination, row: statement.int64(at: 0))) }
        return keys
    }

    /// `x-coredata://<store UUID>/<entity>/p<Z_PK>`, as Core Data identifies objects.
    public func id(of key: ObjectKey) -> ObjectID {
        guard key.entity >= firstHistoryEntity else { return store.id(of: key) }
        return ObjectID(prefix: historyIDPrefix(of: key.entity), number: key.row)
    }

    /// `x-coredata://<store UUID>/<entity>/p`: every identifier is it and the `Z_PK`'s digits.
    public func numberedIDPrefix(of entity: Int) -> String? {
        guard entity >= firstHistoryEntity else { return store.numberedIDPrefix(of: entity) }
        return historyIDPrefix(of: entity)
    }

    /// The prefix of the identifiers of history entity `entity`.
    private func historyIDPrefix(of entity: Int) -> String {
        "x-coredata://\(store.storeUUID)/\(model.entities[entity].name)/p"
    }

    /// The store's summary of the run.
    public func didFinishRun() {
        store.didFinishRun()
    }

    /// The store's, for the model's entities.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        key.entity < firstHistoryEntity ? try store.destinationRecords(of: key, through: relationship) : nil
    }

    /// The store's, for the model's entities; the history's filtered (``ToOneFilterCursor``).
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        guard entity >= firstHistoryEntity else { return try store.scan(entity, withoutDestinationsIn: relationships) }
        return ToOneFilterCursor(try scan(entity), withoutDestinationsIn: relationships)
    }

    /// The number of rows.
    public func count(_ entity: Int) throws -> Int {
        guard let table = table(entity) else { return try store.count(entity) }
        let statement = try prepared("SELECT count(*) FROM \(SQLiteDatabase.quote(table.history.table))")
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// The store's, for the model's entities; the history's object by object
    /// (``PerObjectDestinations``).
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        entity < firstHistoryEntity
            ? try store.destinationsInScanOrder(of: entity, through: relationship)
            : PerObjectDestinations(of: self, through: relationship)
    }

    /// The store's, for the model's entities; `WHERE (<expression>)` on the history table, in its
    /// column names.
    public func keys(of entity: Int, where expression: String, namesOf root: Int) throws -> [ObjectKey] {
        guard let table = table(entity) else { return try store.keys(of: entity, where: expression, namesOf: root) }
        let statement = try ReadOnlyStatement.prepare(
            store.database, before: "SELECT Z_PK FROM \(SQLiteDatabase.quote(table.history.table)) WHERE ",
            expression: expression, after: " ORDER BY Z_PK", entity: table.history.entity)
        var keys: [ObjectKey] = []
        while try statement.step() { keys.append(ObjectKey(entity: entity, row: statement.int64(at: 0))) }
        return keys
    }
}
