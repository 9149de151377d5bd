import GraphExport

/// The prepared statements that read a Core Data store: one scan and one lookup per entity, one
/// destination query per to-many relationship, each prepared once and reused.
final class CoreDataQueries {
    private let layout: CoreDataLayout
    private let database: SQLiteDatabase
    private let decoder: ValueDecoder
    private let externalData: ExternalDataFolder
    private var scans: [Int: SQLiteStatement] = [:]
    private var lookups: [Int: SQLiteStatement] = [:]
    private var destinationQueries: [Int: [Int: SQLiteStatement]] = [:]
    private var entityLookups: [String: SQLiteStatement] = [:]

    init(layout: CoreDataLayout, database: SQLiteDatabase, decoder: ValueDecoder, externalData: ExternalDataFolder) {
        self.layout = layout
        self.externalData = externalData
        self.database = database
        self.decoder = decoder
    }

    func scan(_ entity: Int) throws -> any ObjectCursor {
        let statement = try cached(&scans, entity) { try database.prepare(selectSQL(entity) + " ORDER BY Z_PK") }
        statement.reset()
        return Cursor(statement: statement) { [unowned self] in try self.decodeRow(statement, entity: entity) }
    }

    func record(_ key: ObjectKey) throws -> ObjectRecord? {
        let statement = try cached(&lookups, key.entity) { try database.prepare(selectSQL(key.entity) + " AND Z_PK = ?") }
        statement.reset()
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        return try statement.step() ? decodeRow(statement, entity: key.entity) : nil
    }

    func destinations(of key: ObjectKey, through index: Int) throws -> [ObjectKey] {
        var statements = destinationQueries[key.entity] ?? [:]
        let statement = try cached(&statements, index) { try database.prepare(destinationsSQL(key.entity, index)) }
        destinationQueries[key.entity] = statements
        statement.reset()
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        var keys: [ObjectKey] = []
        while try statement.step() {
            let row = statement.int64(at: 0)
            guard statement.storage(at: 1) != .null, let entity = layout.indexByNumber[statement.int64(at: 1)] else {
                let name = "\(layout.model.entities[key.entity].name).\(layout.model.relationships(of: key.entity)[index].name)"
                decoder.onWarning(Warning("\(name) of Z_PK \(key.row) points at Z_PK \(row), which does not exist; left out"))
                continue
            }
            keys.append(ObjectKey(entity: entity, row: row))
        }
        return keys
    }

    /// `SELECT Z_PK, <attributes>, <to-one keys> FROM <table> WHERE Z_ENT = <n>`.
    private func selectSQL(_ entity: Int) -> String {
        let entityLayout = layout.entities[entity]
        let quote = SQLiteDatabase.quote
        var columns = ["Z_PK"] + entityLayout.attributeColumns.map { quote($0.name) }
        for case .foreignKey(let column, let entityColumn) in entityLayout.relationships {
            columns.append(quote(column))
            columns.append(entityColumn.map(quote) ?? "NULL")
        }
        return "SELECT \(columns.joined(separator: ", ")) FROM \(quote(entityLayout.table)) WHERE Z_ENT = \(entityLayout.number)"
    }

    private func destinationsSQL(_ entity: Int, _ index: Int) -> String {
        let quote = SQLiteDatabase.quote
        switch layout.entities[entity].relationships[index] {
        case .foreignKey:
            preconditionFailure("to-one relationships are read from the row")
        case .inverseForeignKey(let table, let column, let orderColumn, let entities):
            let order = orderColumn.map { quote($0) + ", " } ?? ""
            return "SELECT Z_PK, Z_ENT FROM \(quote(table)) WHERE \(quote(column)) = ? AND Z_ENT IN (\(entities.map(String.init).joined(separator: ", "))) ORDER BY \(order)Z_PK"
        case .joinTable(let table, let sourceColumn, let destinationColumn, let orderColumn, let destinationTable):
            let order = orderColumn.map { "j." + quote($0) + ", " } ?? ""
            return "SELECT j.\(quote(destinationColumn)), d.Z_ENT FROM \(quote(table)) AS j LEFT JOIN \(quote(destinationTable)) AS d ON d.Z_PK = j.\(quote(destinationColumn)) WHERE j.\(quote(sourceColumn)) = ? ORDER BY \(order)j.\(quote(destinationColumn))"
        }
    }

    private func decodeRow(_ statement: SQLiteStatement, entity: Int) throws -> ObjectRecord {
        let model = layout.model
        let row = statement.int64(at: 0)
        let entityName = model.entities[entity].name
        var column: Int32 = 1
        var values: [Value] = []
        values.reserveCapacity(model.attributes(of: entity).count)
        for (attribute, storage) in zip(model.attributes(of: entity), layout.entities[entity].attributeColumns) {
            let context = "\(entityName) p\(row) \(attribute.name)"
            var value = decoder.decode(statement, at: column, as: attribute.type, context: context)
            if storage.isExternal, case .binary(let bytes) = value {
                value = externalData.resolve(bytes, context: context, onWarning: decoder.onWarning)
            }
            values.append(value)
            column += 1
        }
        var toOne: [ObjectKey?] = []
        for (index, relationship) in model.relationships(of: entity).enumerated() {
            guard case .foreignKey = layout.entities[entity].relationships[index] else {
                toOne.append(nil)
                continue
            }
            defer { column += 2 }
            guard statement.storage(at: column) != .null else {
                toOne.append(nil)
                continue
            }
            let destinationRow = statement.int64(at: column)
            let destinationEntity: Int?
            if statement.storage(at: column + 1) != .null {
                destinationEntity = layout.indexByNumber[statement.int64(at: column + 1)]
            } else {
                destinationEntity = try concreteEntity(of: destinationRow, kindOf: relationship.destination)
            }
            guard let destinationEntity else {
                decoder.onWarning(Warning("\(entityName) p\(row) \(relationship.name) points at Z_PK \(destinationRow), which does not exist; left out"))
                toOne.append(nil)
                continue
            }
            toOne.append(ObjectKey(entity: destinationEntity, row: destinationRow))
        }
        return ObjectRecord(key: ObjectKey(entity: entity, row: row), values: values, toOne: toOne)
    }

    /// The concrete entity of a destination row: the destination itself when it has no
    /// sub-entities, else the row's `Z_ENT`, read from its table.
    private func concreteEntity(of row: Int64, kindOf destination: Int) throws -> Int? {
        let model = layout.model
        let kinds = model.concreteEntities.filter { model.entity($0, isKindOf: destination) }
        if kinds == [destination] { return destination }
        let table = layout.entities[destination].table
        let statement = try cached(&entityLookups, table) {
            try database.prepare("SELECT Z_ENT FROM \(SQLiteDatabase.quote(table)) WHERE Z_PK = ?")
        }
        statement.reset()
        try statement.bind(row, at: 1)
        defer { statement.reset() }
        guard try statement.step(), let entity = layout.indexByNumber[statement.int64(at: 0)] else { return nil }
        return kinds.contains(entity) ? entity : nil
    }

    private func cached<Key: Hashable>(
        _ cache: inout [Key: SQLiteStatement], _ key: Key, _ make: () throws -> SQLiteStatement
    ) rethrows -> SQLiteStatement {
        if let statement = cache[key] { return statement }
        let statement = try make()
        cache[key] = statement
        return statement
    }

    private final class Cursor: ObjectCursor {
        private let statement: SQLiteStatement
        private let decode: () throws -> ObjectRecord

        init(statement: SQLiteStatement, decode: @escaping () throws -> ObjectRecord) {
            self.statement = statement
            self.decode = decode
        }

        func next() throws -> ObjectRecord? {
            guard try statement.step() else {
                statement.reset()
                return nil
            }
            return try decode()
        }
    }
}
