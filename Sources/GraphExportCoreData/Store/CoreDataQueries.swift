public import GraphExport
public import GraphExportSQLite

/// The prepared statements that read a Core Data store: one scan, one top-level scan and one
/// lookup per entity, one destination query per to-many relationship (read in windows of source
/// keys, ``DestinationWindow``, or merged with a scan, ``destinationsInScanOrder(of:through:)``),
/// each prepared once and reused; the queries that read a parent's children in one go are
/// pooled, one statement per level of nesting in use. Whether a destination row exists, and
/// which entity it is, comes from a ``RowDirectory`` per table, read once.
///
/// A relationship whose one-object query SQLite could answer only by scanning a table (its key
/// column without Core Data's `Z<TABLE>_Z<COLUMN>_INDEX`) is read object by object from a
/// ``KeyCopy`` instead, made the first time one object's destinations are asked for: no read
/// costs a table per object, whatever indexes the store has.
@usableFromInline
package final class CoreDataQueries: StoreQueries {
    /// How many statements of one child query may be live (one per nesting level) before the
    /// deeper levels read their children into memory instead.
    private static let poolLimit = 16

    private let layout: CoreDataLayout
    private let database: SQLiteDatabase
    private let decoder: ValueDecoder
    private let externalData: ExternalDataFolder
    private var selections: [Int: RowSelection] = [:]
    private var scans: [Int: SQLiteStatement] = [:]
    private var topLevelScans: [Int: SQLiteStatement] = [:]
    private var lookups: [Int: SQLiteStatement] = [:]
    private var counts: [Int: SQLiteStatement] = [:]
    private var destinationQueries: [Int: [Int: SQLiteStatement]] = [:]
    /// Destination windows by `entity << 16 | relationship` (`nil` for a relationship read from a
    /// key copy), and by their query.
    private var destinationWindows: [Int: DestinationWindow?] = [:]
    private var destinationWindowsBySQL: [String: DestinationWindow] = [:]
    private var childPools: [Int: [Int: StatementPool]] = [:]
    /// By `entity << 16 | relationship`, and by the one-object query (the same for every entity
    /// that inherits the relationship): the key copy that answers the relationship object by
    /// object, `nil` when SQLite reads one object's destinations without scanning a table.
    private var keyCopies: [Int: KeyCopy?] = [:]
    private var keyCopiesBySQL: [String: KeyCopy?] = [:]
    /// Row directories, one per table, built when first needed.
    /// Read for every destination key: not checked for exclusive access at run time (the
    /// queries are used from one thread, and no access to it overlaps another).
    @exclusivity(unchecked) private var directories: [RowDirectory] = []
    /// For each entity, the index in `directories` of its table's directory, once built.
    @exclusivity(unchecked) private var directorySlots: [Int?]

    init(layout: CoreDataLayout, database: SQLiteDatabase, decoder: ValueDecoder, externalData: ExternalDataFolder) {
        self.layout = layout
        self.externalData = externalData
        self.database = database
        self.decoder = decoder
        self.directorySlots = Array(repeating: nil, count: layout.entities.count)
    }

    /// Every object of `entity`, in `Z_PK` order.
    @usableFromInline
    package func scan(_ entity: Int) throws -> any ObjectCursor {
        let statement = try scans.cached(entity) { try database.prepare(selectSQL(entity) + " ORDER BY Z_PK") }
        statement.reset()
        return StatementCursor(statement: statement, selection: selection(entity), queries: self)
    }

    /// The objects of `entity` ordered by the columns of `attributes`, compared by their bytes
    /// (`COLLATE BINARY`), then by `Z_PK`; not cached (a diff asks once per entity and side).
    func scan(_ entity: Int, orderedBy attributes: [Int]) throws -> any ObjectCursor {
        let columns = layout.entities[entity].attributeColumns
        let names = layout.model.attributes(of: entity).map(\.name)
        let order =
            try attributes.map { attribute in
                guard let column = columns[attribute] else {
                    throw CoreDataError.propertyNotRead(path: database.path, property: names[attribute])
                }
                return SQLiteDatabase.quote(column.name) + " COLLATE BINARY"
            } + ["Z_PK"]
        let statement = try database.prepare(selectSQL(entity) + " ORDER BY " + order.joined(separator: ", "))
        return StatementCursor(statement: statement, selection: selection(entity), queries: self)
    }

    /// The objects of `entity` whose owner keys (the foreign keys of `relationships`) are all
    /// null, selected in SQL, in `Z_PK` order.
    @usableFromInline
    package func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        let statement = try topLevelScans.cached(entity) {
            var sql = selectSQL(entity)
            for index in relationships {
                guard case .foreignKey(let column)? = layout.entities[entity].relationships[index] else { continue }
                sql += " AND \(SQLiteDatabase.quote(column)) IS NULL"
            }
            return try database.prepare(sql + " ORDER BY Z_PK")
        }
        statement.reset()
        return StatementCursor(statement: statement, selection: selection(entity), queries: self)
    }

    /// `SELECT count(*)` of the entity's rows.
    @usableFromInline
    package func count(_ entity: Int) throws -> Int {
        let entityLayout = layout.entities[entity]
        let statement = try counts.cached(entity) {
            try database.prepare(
                "SELECT count(*) FROM \(SQLiteDatabase.quote(entityLayout.table)) WHERE Z_ENT = \(entityLayout.number)")
        }
        statement.reset()
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// The object with this key, or `nil`.
    @usableFromInline
    package func record(_ key: ObjectKey) throws -> ObjectRecord? {
        let statement = try lookups.cached(key.entity) {
            try database.prepare(selectSQL(key.entity) + " AND Z_PK = ?")
        }
        statement.reset()
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        return try statement.step() ? decodeRow(statement, selection(key.entity)) : nil
    }

    /// The children of a one-to-many relationship as records, read with one query; `nil` for
    /// relationships stored otherwise.
    @usableFromInline
    package func destinationRecords(of key: ObjectKey, through index: Int) throws -> (any ObjectCursor)? {
        guard
            case .inverseForeignKey(let table, let column, let orderColumn, let numbers)? =
                layout.entities[key.entity].relationships[index]
        else { return nil }
        var pools = childPools[key.entity] ?? [:]
        let pool =
            try pools[index]
            ?? childPool(key.entity, index, table: table, column: column, orderColumn: orderColumn, numbers: numbers)
        pools[index] = pool
        childPools[key.entity] = pools
        let statement = try pool.take(from: database)
        try statement.bind(key.row, at: 1)
        guard pool.live > Self.poolLimit else {
            return StatementCursor(statement: statement, selection: pool.selection, queries: self, pool: pool)
        }
        defer { pool.give(back: statement) }
        var records: [ObjectRecord] = []
        while try statement.step() { records.append(try decodeRow(statement, pool.selection)) }
        return RecordListCursor(records)
    }

    /// The pool of the query of one parent's children through relationship `index` of `entity`,
    /// stored as the key `column` of the children's `table` (ordered by `orderColumn`): the table's
    /// rows that hold the parent's key, or, when the column has no index, its key copy's rows for
    /// the parent joined to the table (one seek of the copy per parent, one of the table per child).
    private func childPool(
        _ entity: Int, _ index: Int, table: String, column: String, orderColumn: String?, numbers: [Int64]
    ) throws -> StatementPool {
        let destination = layout.model.relationships(of: entity)[index].destination
        let kinds = layout.model.concreteEntities.filter { layout.model.entity($0, isKindOf: destination) }
        let selection = RowSelection(entities: kinds, layout: layout)
        guard let copy = try keyCopy(entity, index) else {
            let order = orderColumn.map { SQLiteDatabase.quote($0) + ", " } ?? ""
            let sql =
                selection.sql(table: table, numbers: numbers)
                + " AND \(SQLiteDatabase.quote(column)) = ? ORDER BY \(order)Z_PK"
            return StatementPool(sql: sql, selection: selection)
        }
        try copy.make(in: database)
        let quoted = SQLiteDatabase.quote(table)
        let from = "temp.\(copy.table) AS k CROSS JOIN \(quoted) ON \(quoted).Z_PK = k.destination"
        return StatementPool(
            sql: selection.sql(from: from, numbers: numbers) + " AND k.source = ?1 ORDER BY k.position",
            selection: selection)
    }

    /// The destinations of a to-many relationship, in stored order for an ordered one, else by
    /// `Z_PK`: from a window of sources, else with one seek of an index, or of the relationship's
    /// key copy when its key column has none.
    @usableFromInline
    package func destinations(of key: ObjectKey, through index: Int) throws -> [ObjectKey] {
        try checkRead(key.entity, index)
        let window = try destinationWindows[key.entity << 16 | index] ?? destinationWindow(key.entity, index)
        if let window, let rows = try window.rows(of: key.row) {
            return try resolve(rows, of: key, through: index)
        }
        var statements = destinationQueries[key.entity] ?? [:]
        let statement = try statements.cached(index) {
            guard let copy = try keyCopy(key.entity, index) else {
                return try database.prepare(destinationsSQL(key.entity, index, .one))
            }
            try copy.make(in: database)
            return try database.prepare(copy.destinationsSQL)
        }
        destinationQueries[key.entity] = statements
        statement.reset()
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        var rows: [Int64] = []
        while try statement.step() { rows.append(statement.int64(at: 0)) }
        return try resolve(rows, of: key, through: index)
    }

    /// The window of a relationship, shared by every entity that inherits the relationship (the
    /// same query): the sub-entities of one table read each window once, not once each. `nil` for
    /// a relationship read from a key copy: without an index each window would scan the table.
    private func destinationWindow(_ entity: Int, _ index: Int) throws -> DestinationWindow? {
        guard try keyCopy(entity, index) == nil else {
            destinationWindows[entity << 16 | index] = .some(nil)
            return nil
        }
        let sql = destinationsSQL(entity, index, .window)
        let window = try destinationWindowsBySQL[sql] ?? DestinationWindow(statement: database.prepare(sql))
        destinationWindowsBySQL[sql] = window
        destinationWindows[entity << 16 | index] = window
        return window
    }

    /// The key copy that answers relationship `index` of `entity` object by object when SQLite
    /// would scan a table for one object's destinations (``KeyCopy/scansTable(_:database:)``), not
    /// yet made; else `nil`. Decided from the query plan on first use and kept; one copy for every
    /// entity that inherits the relationship.
    private func keyCopy(_ entity: Int, _ index: Int) throws -> KeyCopy? {
        let slot = entity << 16 | index
        if let known = keyCopies[slot] { return known }
        let one = destinationsSQL(entity, index, .one)
        let copy: KeyCopy?
        if let known = keyCopiesBySQL[one] {
            copy = known
        } else {
            copy =
                try KeyCopy.scansTable(one, database: database)
                ? KeyCopy(name: "gx_rel_\(keyCopiesBySQL.count)", rows: keyCopyRows(entity, index)) : nil
            keyCopiesBySQL[one] = copy
        }
        keyCopies[slot] = copy
        return copy
    }

    /// The rows of a relationship's key copy: (source, position, destination `Z_PK`), the position
    /// numbering every row in the order of ``destinationsSQL(_:_:_:)``'s one-object query (by
    /// source, then the relationship's order column, then destination), in one sorted pass.
    private func keyCopyRows(_ entity: Int, _ index: Int) -> String {
        let quote = SQLiteDatabase.quote
        let table: String
        let source: String
        let destination: String
        var order: String?
        switch layout.entities[entity].relationships[index] {
        case .foreignKey?, nil:
            preconditionFailure("to-one relationships are read from the row; those not read are refused before")
        case .inverseForeignKey(let childTable, let column, let orderColumn, _)?:
            (table, source, destination, order) = (quote(childTable), quote(column), "Z_PK", orderColumn.map(quote))
        case .joinTable(let joinTable, let sourceColumn, let destinationColumn, let orderColumn, _)?:
            (table, source, destination, order) = (
                quote(joinTable), quote(sourceColumn), quote(destinationColumn), orderColumn.map(quote)
            )
        case .reflexiveJoinTable(let joinTable, (let first, let second), _)?:
            // A pair stored both ways is one row, as in the one-object query's `UNION`.
            (table, source, destination) = (
                "(SELECT \(quote(first)) AS s, \(quote(second)) AS d FROM \(quote(joinTable)) UNION "
                    + "SELECT \(quote(second)), \(quote(first)) FROM \(quote(joinTable)))",
                "s", "d"
            )
        }
        let ordering = [source] + (order.map { [$0] } ?? []) + [destination]
        return "SELECT \(source), row_number() OVER (ORDER BY \(ordering.joined(separator: ", "))), \(destination) "
            + "FROM \(table) WHERE \(source) IS NOT NULL"
    }

    /// The keys of destination rows, each entity from the row directory: a row of a join table
    /// that does not exist is left out with a warning; a row of the destination's table that is
    /// no kind of the destination does not belong to the relationship (``belongsByKind(_:_:)``).
    private func resolve(
        _ rows: [Int64], of key: ObjectKey, through index: Int
    ) throws -> [ObjectKey] {
        let destination = layout.model.relationships(of: key.entity)[index].destination
        let skipsOtherKinds = belongsByKind(key.entity, index)
        return try rows.compactMap { row in
            try self.destination(
                row: row, kindOf: destination, of: key, through: index, skipsOtherKinds: skipsOtherKinds)
        }
    }

    /// The key of destination row `row` of relationship `index` of `source`, its entity from the
    /// row directory: `nil` for a row that does not belong to the relationship (`skipsOtherKinds`,
    /// ``belongsByKind(_:_:)``) and, with a warning, for a row of a join table that does not exist.
    fileprivate func destination(
        row: Int64, kindOf destination: Int, of source: ObjectKey, through index: Int, skipsOtherKinds: Bool
    ) throws -> ObjectKey? {
        if let entity = try concreteEntity(of: row, kindOf: destination) { return ObjectKey(entity: entity, row: row) }
        if !skipsOtherKinds {
            decoder.onWarning(
                Warning(
                    "\(relationshipName(source.entity, index)) of Z_PK \(source.row) points at Z_PK \(row), "
                        + "which does not exist; left out"))
        }
        return nil
    }

    /// The destinations of a to-many relationship for every object of `entity`, read with one
    /// query ordered by `Z_PK` alongside the scan (``MergedDestinations``).
    @usableFromInline
    package func destinationsInScanOrder(of entity: Int, through index: Int) throws -> any DestinationCursor {
        try checkRead(entity, index)
        return MergedDestinations(
            rows: MergeJoinRows(
                statement: try database.prepare(destinationsSQL(entity, index, .all)), skipsNonIntegerSources: false),
            queries: self, relationship: index, destination: layout.model.relationships(of: entity)[index].destination,
            skipsOtherKinds: belongsByKind(entity, index))
    }

    /// Nothing: a Core Data store's warnings are each about one object.
    @usableFromInline
    package func didFinishRun() {}

    /// Whether the destinations of relationship `index` of `entity` are the rows of the
    /// destination's table that hold the source's key (a one-to-many): the rows of that table
    /// that are no kind of the destination do not belong to it, and are passed over in silence,
    /// as the store's own `Z_ENT IN (…)` condition would. A join table's rows all belong.
    private func belongsByKind(_ entity: Int, _ index: Int) -> Bool {
        if case .inverseForeignKey? = layout.entities[entity].relationships[index] { return true }
        return false
    }

    /// Throws ``CoreDataError/propertyNotRead(path:property:)`` for a relationship outside the
    /// store's ``ReadScope``, whose storage was never looked for.
    private func checkRead(_ entity: Int, _ index: Int) throws {
        guard layout.entities[entity].relationships[index] == nil else { return }
        throw CoreDataError.propertyNotRead(path: database.path, property: relationshipName(entity, index))
    }

    /// `Entity.relationship`, in a warning or an error.
    private func relationshipName(_ entity: Int, _ index: Int) -> String {
        "\(layout.model.entities[entity].name).\(layout.model.relationships(of: entity)[index].name)"
    }

    /// Which source keys a destination query reads.
    private enum SourceKeys {
        /// The one bound as `?1`; the rows have no source column.
        case one
        /// Those in `[?1, ?2)`, ``DestinationWindow/rowLimit`` + 1 rows at most, source first.
        case window
        /// All of them, source first.
        case all
    }

    /// The query for the destinations of a to-many relationship: `[source,] destination Z_PK`,
    /// ordered by source, then by the relationship's order column, then by destination. The
    /// destination's `Z_ENT` comes from the row directory, not the query: reading or testing it
    /// there would cost a table lookup per row of what is otherwise a covering index (the key
    /// column's, whose entries hold the `Z_PK`), and SQLite would plan `… AND Z_ENT IN (…)
    /// ORDER BY <key>` as a search of the `Z_ENT` index and a sort.
    private func destinationsSQL(_ entity: Int, _ index: Int, _ sources: SourceKeys) -> String {
        let quote = SQLiteDatabase.quote
        var columns: [String]
        var conditions: [String] = []
        let table: String
        let source: String
        let destination: String
        let order: String?
        switch layout.entities[entity].relationships[index] {
        case .foreignKey?, nil:
            preconditionFailure("to-one relationships are read from the row; those not read are refused before")
        case .reflexiveJoinTable(let joinTable, (let first, let second), _)?:
            return Self.reflexiveSQL(table: quote(joinTable), quote(first), quote(second), sources)
        case .inverseForeignKey(let childTable, let column, let orderColumn, _)?:
            (table, source, destination, order) = (childTable, quote(column), "Z_PK", orderColumn)
            columns = [destination]
            if sources == .all { conditions.append("\(source) IS NOT NULL") }
        case .joinTable(let joinTable, let sourceColumn, let destinationColumn, let orderColumn, _)?:
            (table, source, destination, order) = (
                joinTable, quote(sourceColumn), quote(destinationColumn), orderColumn
            )
            columns = [destination]
        }
        var ordering = [destination]
        if let order { ordering.insert(quote(order), at: 0) }
        switch sources {
        case .one:
            conditions.insert("\(source) = ?", at: 0)
        case .window:
            conditions.insert("\(source) >= ? AND \(source) < ?", at: 0)
            fallthrough
        case .all:
            columns.insert(source, at: 0)
            ordering.insert(source, at: 0)
        }
        var sql = "SELECT \(columns.joined(separator: ", ")) FROM \(quote(table))"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + ordering.joined(separator: ", ")
        if sources == .window { sql += " LIMIT \(DestinationWindow.rowLimit + 1)" }
        return sql
    }

    /// The query of a reflexive join table's pairs in both orders, the same rows as
    /// ``destinationsSQL(_:_:_:)``'s: `UNION` drops a pair stored both ways, and its `ORDER BY`
    /// makes SQLite merge the two ordered halves (`MERGE (UNION)`, each half read from the index
    /// that starts with its source column) rather than collect them, so it streams.
    private static func reflexiveSQL(table: String, _ first: String, _ second: String, _ sources: SourceKeys) -> String
    {
        func half(_ source: String, _ destination: String) -> String {
            let columns = sources == .one ? destination : "\(source), \(destination)"
            let condition: String =
                switch sources {
                case .one: " WHERE \(source) = ?1"
                case .window: " WHERE \(source) >= ?1 AND \(source) < ?2"
                case .all: ""
                }
            return "SELECT \(columns) FROM \(table)\(condition)"
        }
        let order = sources == .one ? "1" : "1, 2"
        let limit = sources == .window ? " LIMIT \(DestinationWindow.rowLimit + 1)" : ""
        return half(first, second) + " UNION " + half(second, first) + " ORDER BY \(order)\(limit)"
    }

    /// `SELECT <the entity's columns> FROM <table> WHERE Z_ENT IN (<n>)`.
    private func selectSQL(_ entity: Int) -> String {
        selection(entity).sql(table: layout.entities[entity].table, numbers: [layout.entities[entity].number])
    }

    /// The columns read for objects of one entity.
    private func selection(_ entity: Int) -> RowSelection {
        if let known = selections[entity] { return known }
        let made = RowSelection(entities: [entity], layout: layout)
        selections[entity] = made
        return made
    }

    /// Decodes the current row of a statement made from a ``RowSelection``.
    fileprivate func decodeRow(_ statement: SQLiteStatement, _ selection: RowSelection) throws -> ObjectRecord {
        var values: [RowValue] = []
        var toOne: [ObjectKey?] = []
        let key = try decodeRow(statement, selection, values: &values, toOne: &toOne)
        return ObjectRecord(key: key, values: values.map(\.value), toOne: toOne)
    }

    /// Decodes the current row of a statement made from a ``RowSelection`` into `values`, lent
    /// from the statement, and `toOne`, both emptied first; returns the row's key.
    fileprivate func decodeRow(
        _ statement: SQLiteStatement, _ selection: RowSelection, values: inout [RowValue], toOne: inout [ObjectKey?]
    ) throws -> ObjectKey {
        values.removeAll(keepingCapacity: true)
        toOne.removeAll(keepingCapacity: true)
        let row = statement.int64(at: 0)
        guard let entity = layout.entity(numbered: statement.int64(at: 1)) else {
            throw CoreDataError.malformedStore(path: database.path, reason: "row Z_PK \(row) has an unknown Z_ENT")
        }
        guard let shape = selection.shape(of: entity) else {
            throw CoreDataError.malformedStore(path: database.path, reason: "row Z_PK \(row) has an unexpected Z_ENT")
        }
        values.reserveCapacity(shape.attributes.count)
        for position in shape.attributes.indices {
            guard shape.attributes[position] != RowShape.notRead else {
                values.append(.null)
                continue
            }
            var value = decoder.decode(
                statement, at: shape.attributes[position], as: shape.attributeTypes[position],
                context: attributeContext(entity, row, position))
            if shape.isExternal[position], case .bytes(let bytes) = value {
                if let inline = ExternalDataFolder.inlineBytes(of: bytes) {
                    values.append(.bytes(inline))
                    continue
                }
                value = RowValue(
                    externalData.resolve(
                        Array(bytes), context: attributeContext(entity, row, position), onWarning: decoder.onWarning))
            }
            values.append(value)
        }
        toOne.reserveCapacity(shape.foreignKeys.count)
        for position in shape.foreignKeys.indices {
            guard let key = shape.foreignKeys[position], statement.storage(at: key) != .null else {
                toOne.append(nil)
                continue
            }
            let destinationRow = statement.int64(at: key)
            let destination = shape.destinations[position]
            guard let destinationEntity = try concreteEntity(of: destinationRow, kindOf: destination) else {
                let relationship = layout.model.relationships(of: entity)[position].name
                decoder.onWarning(
                    Warning(
                        "\(layout.model.entities[entity].name) p\(row) \(relationship) points at Z_PK \(destinationRow), which is no \(layout.model.entities[destination].name); left out"
                    ))
                toOne.append(nil)
                continue
            }
            toOne.append(ObjectKey(entity: destinationEntity, row: destinationRow))
        }
        return ObjectKey(entity: entity, row: row)
    }

    /// Names attribute `position` of row `row` of `entity` in a warning: `Entity p12 name`. A
    /// method rather than a local function, so that a row's decoding captures nothing to make it.
    private func attributeContext(_ entity: Int, _ row: Int64, _ position: Int) -> String {
        "\(layout.model.entities[entity].name) p\(row) \(layout.model.attributes(of: entity)[position].name)"
    }

    /// The concrete entity of a destination row, from its own `Z_ENT`; `nil` when the row does
    /// not exist, or is not of a concrete entity of the destination's kind (a row marked with an
    /// abstract entity's number holds no object).
    private func concreteEntity(of row: Int64, kindOf destination: Int) throws -> Int? {
        let slot = try directorySlots[destination] ?? directorySlot(for: destination)
        guard let number = directories[slot].entityNumber(of: row), let entity = layout.entity(numbered: number),
            layout.model.entity(entity, isKindOf: destination), !layout.model.entities[entity].isAbstract
        else { return nil }
        return entity
    }

    /// Finds or builds the row directory of the destination's table.
    private func directorySlot(for destination: Int) throws -> Int {
        let table = layout.entities[destination].table
        let slot: Int
        if let built = directories.firstIndex(where: { $0.table == table }) {
            slot = built
        } else {
            let numbers = layout.model.concreteEntities.filter { layout.entities[$0].table == table }.map {
                layout.entities[$0].number
            }
            directories.append(try RowDirectory(table: table, entityNumbers: numbers, database: database))
            slot = directories.count - 1
        }
        directorySlots[destination] = slot
        return slot
    }
}

/// Prepared copies of one query, one per nesting level that has it open.
final class StatementPool {
    let sql: String
    let selection: RowSelection
    private var idle: [SQLiteStatement] = []
    /// How many statements are handed out.
    private(set) var live = 0

    init(sql: String, selection: RowSelection) {
        self.sql = sql
        self.selection = selection
    }

    func take(from database: SQLiteDatabase) throws -> SQLiteStatement {
        let statement = try idle.popLast() ?? database.prepare(sql)
        live += 1
        return statement
    }

    func give(back statement: SQLiteStatement) {
        statement.reset()
        live -= 1
        idle.append(statement)
    }
}

/// Steps through a statement's rows, decoding each; gives a pooled statement back when done.
private final class StatementCursor: ObjectCursor {
    private let statement: SQLiteStatement
    private let selection: RowSelection
    private unowned let queries: CoreDataQueries
    private var pool: StatementPool?
    /// The arrays the borrowed records are read into, reused from row to row; not checked for
    /// exclusive access at run time (a cursor is used from one thread, one call at a time).
    @exclusivity(unchecked) private var values: [RowValue] = []
    @exclusivity(unchecked) private var toOne: [ObjectKey?] = []

    init(statement: SQLiteStatement, selection: RowSelection, queries: CoreDataQueries, pool: StatementPool? = nil) {
        self.statement = statement
        self.selection = selection
        self.queries = queries
        self.pool = pool
    }

    deinit {
        release()
    }

    func nextBorrowed() throws -> BorrowedRecord? {
        guard try statement.step() else {
            release()
            return nil
        }
        let key = try queries.decodeRow(statement, selection, values: &values, toOne: &toOne)
        return BorrowedRecord(key: key, values: values, toOne: toOne)
    }

    private func release() {
        if let pool {
            pool.give(back: statement)
            self.pool = nil
        } else {
            statement.reset()
        }
    }
}

/// One to-many relationship's (source, destination) pairs, ordered by source key, consumed
/// alongside a scan in the same order (``MergeJoinRows``): a merge join instead of a query per
/// object. The store's row directory tells each destination's `Z_ENT`.
private final class MergedDestinations: DestinationCursor {
    /// The pairs; not checked for exclusive access at run time (a cursor is used from one thread,
    /// one call at a time).
    @exclusivity(unchecked) private var rows: MergeJoinRows
    private unowned let queries: CoreDataQueries
    /// The relationship's index, its destination entity, and whether rows of other kinds are
    /// passed over in silence (``CoreDataQueries/destination(row:kindOf:of:through:skipsOtherKinds:)``).
    private let relationship: Int
    private let destination: Int
    private let skipsOtherKinds: Bool

    init(rows: MergeJoinRows, queries: CoreDataQueries, relationship: Int, destination: Int, skipsOtherKinds: Bool) {
        self.rows = rows
        self.queries = queries
        self.relationship = relationship
        self.destination = destination
        self.skipsOtherKinds = skipsOtherKinds
    }

    func destinations(of key: ObjectKey, into keys: inout [ObjectKey]) throws {
        keys.removeAll(keepingCapacity: true)
        guard try rows.seek(key.row) else { return }
        repeat {
            let row = rows.statement.int64(at: 1)
            if let found = try queries.destination(
                row: row, kindOf: destination, of: key, through: relationship, skipsOtherKinds: skipsOtherKinds)
            {
                keys.append(found)
            }
        } while try rows.next(of: key.row)
    }
}
