public import GraphExport
public import GraphExportSQLite

/// The statements that read a plain database: one scan and one lookup per entity, one query per
/// to-many relationship, one key lookup per entity whose ids need its key values; each prepared
/// once and reused.
///
/// It keeps private tables in the connection's `temp` schema (never in the file): at creation,
/// one per WITHOUT ROWID table keyed by position in key order; and, the first time one object's
/// destinations are asked for, one per to-many relationship that SQLite could only answer by
/// scanning a whole table for every object (a foreign key without an index: ``KeyCopy``), so that
/// no walk costs more than a seek per object and opening reads no row of such a relationship.
@usableFromInline
package final class PlainQueries: StoreQueries {
    private let layout: PlainLayout
    private let database: SQLiteDatabase
    private let onWarning: WarningHandler
    /// Reads each value by its column's typing.
    private let values: PlainValueReader
    /// The buffers of the typed text of ``record(_:)``'s rows, per entity.
    private var lookupBuffers: [Int: TypedTextBuffer] = [:]
    /// `<escaped table name>/`, per entity.
    private let idPrefixes: [String]
    /// `<escaped table name>/#`, per entity: the prefix of an identifier made of the row.
    private let rowIDPrefixes: [String]
    /// The identifiers of rows read lately whose identifier is their key's text.
    private let recentIDs = RecentObjectIDs()
    /// Per entity, the bytes of the last identifier made from a key's text: ``idPrefixes``, which
    /// stays, then the key's text, replaced by the next; not checked for exclusive access at run
    /// time (the queries are used from one thread, one call at a time).
    @exclusivity(unchecked) private var idBytes: [[UInt8]]
    /// How each entity's rows are read, worked out once.
    private let plans: [RowPlan]
    /// Per entity, per relationship: the queries of a to-many's destinations, `nil` for a to-one.
    private let destinationSQL: [[DestinationSQL?]]
    /// Per entity, per relationship: whether ``destinationSQL`` reads one object's destinations
    /// through a key copy (the foreign key has no index), looked up without copying the queries.
    private let readsKeyCopy: [[Bool]]
    private var scans: [Int: RowStatement] = [:]
    private var lookups: [Int: RowStatement] = [:]
    private var keyLookups: [Int: SQLiteStatement] = [:]
    private var destinationQueries: [Int: [Int: SQLiteStatement]] = [:]
    private var counts: [Int: SQLiteStatement] = [:]
    private var topLevelScans: [[Int]: RowStatement] = [:]
    /// Per entity and relationship (`entity << 16 | index`), the query of one object's children,
    /// rows and all (``destinationRecords(of:through:)``), and whether a cursor has it open.
    private var childQueries: [Int: (statement: RowStatement, isOpen: Bool)] = [:]
    /// Per entity and relationship (`entity << 16 | index`), the query of the children whose rows
    /// are in a range, for the children a merge in visit order answers
    /// (``mergedChildren(of:through:merge:)``), whether it reads whole ranges (else one row at a
    /// time), and whether a cursor has it open.
    private var childLookups: [Int: (statement: RowStatement, readsRanges: Bool, isOpen: Bool)] = [:]
    /// Per entity and relationship (`entity << 16 | index`) read through a key copy, the merge of
    /// its destinations in the order the tree shape visits the objects, made on first use; `nil`
    /// for an entity without a ``VisitOrder``.
    private var visitOrdered: [Int: (any OrderedMerge)?] = [:]
    /// The dangling keys already reported (the object and the to-one's index), so that reading an
    /// object again does not repeat them.
    private var reportedKeys: Set<DanglingKey> = []

    /// A to-one of one object whose key points at no row.
    private struct DanglingKey: Hashable {
        let object: ObjectKey
        let relationship: Int
    }

    /// The queries of one to-many relationship's destinations.
    private struct DestinationSQL {
        /// The destinations of one object, `?1` its row: `SELECT <destination row> …`, straight
        /// from the tables; not used when ``keyCopy`` is set.
        let one: String
        /// The result columns of ``one`` that hold the destination's key, when its identifier is
        /// that key's text (``keyTextColumns(of:alias:)``); else empty.
        var oneKeyColumns: [Int32] = []
        /// The destinations of every object, ordered by object as the scan reads them:
        /// `SELECT <source row>, <destination row> …`, one pass through an index or SQLite's sorter.
        let all: String
        /// The result column of ``all`` that orders each object's destinations (a link table's
        /// rowid), when the query's order does not.
        var allOrderColumn: Int32?
        /// The result columns of ``all`` that hold the destination's key, as ``oneKeyColumns``.
        var allKeyColumns: [Int32] = []
        /// Set when SQLite could answer ``one`` only by scanning a whole table for every object (a
        /// foreign key without an index): each object's destinations are then read from a private
        /// copy of the relationship's keys, made on first use.
        var keyCopy: KeyCopy?
    }

    /// What reading one entity's rows needs.
    private struct RowPlan {
        let keying: RowKeying
        /// The result column of the row's key: the integer key column itself when the table has
        /// one, else 0, a column of its own before the table's; `nil` for a table keyed by position.
        let keyColumn: Int32?
        /// The result column of the table's first column.
        let firstColumn: Int32
        let columnCount: Int
        /// Per relationship: a to-one's destination entity, its foreign key's index and the result
        /// columns of the destination's key when its identifier is that key's text (else empty);
        /// `nil` for a to-many.
        let toOne: [(destination: Int, foreignKey: Int, keyColumns: [Int32])?]
        /// The result columns of the row's own key when its identifier is that key's text; else
        /// empty.
        let keyColumns: [Int32]
    }

    init(
        layout: PlainLayout, database: SQLiteDatabase, options: SQLiteSourceOptions,
        onWarning: @escaping WarningHandler
    ) throws {
        self.layout = layout
        self.database = database
        self.values = PlainValueReader(layout: layout, options: options, path: database.path, onWarning: onWarning)
        self.onWarning = onWarning
        idPrefixes = layout.entityTables.map { ObjectIDText.escaped(Array(layout.tables[$0].name.utf8)) + "/" }
        rowIDPrefixes = idPrefixes.map { $0 + "#" }
        idBytes = idPrefixes.map { Array($0.utf8) }
        plans = layout.entityTables.indices.map { entity in
            let relationships = layout.model.relationships(of: entity)
            let table = layout.table(of: entity)
            let keyColumn: Int32?
            switch table.keying {
            case .integerKey(let name): keyColumn = table.columns.firstIndex { $0.name == name }.map(Int32.init)
            case .rowid, .ordinal: keyColumn = 0
            case .position: keyColumn = nil
            }
            let firstColumn: Int32 = Self.hasRowColumn(table) ? 1 : 0
            // The parents' key columns follow the to-ones' rows (``rowStatement(_:_:)``).
            var next =
                firstColumn + Int32(table.columns.count)
                + Int32(layout.relationships[entity].filter { if case .toOne = $0 { true } else { false } }.count)
            let toOne = layout.relationships[entity].indices.map { index -> (Int, Int, [Int32])? in
                guard case .toOne(let key) = layout.relationships[entity][index] else { return nil }
                let count = Int32(Self.keyTextNames(of: layout.tables[table.foreignKeys[key].parent]).count)
                defer { next += count }
                return (relationships[index].destination, key, Array(next..<next + count))
            }
            return RowPlan(
                keying: table.keying, keyColumn: keyColumn, firstColumn: firstColumn,
                columnCount: table.columns.count, toOne: toOne,
                keyColumns: Self.keyTextNames(of: table).map { name in
                    firstColumn + Int32(table.columns.firstIndex { $0.name == name }!)
                })
        }
        for table in layout.entityTables {
            try Self.reading(layout.tables[table]) { try Self.fillKeyTable(layout.tables[table], database: database) }
        }
        destinationSQL = try layout.relationships.indices.map { entity in
            try layout.relationships[entity].indices.map { index in
                try Self.reading(layout.table(of: entity), relationship: layout.model.relationships(of: entity)[index])
                {
                    try Self.destinationSQL(entity, index, layout: layout, database: database)
                }
            }
        }
        readsKeyCopy = destinationSQL.map { list in list.map { $0?.keyCopy != nil } }
    }

    // MARK: - GraphSource

    /// Every object of `entity`, in key order (rowid, integer key or primary-key order; a view in
    /// the order SQLite returns it).
    @usableFromInline
    package func scan(_ entity: Int) throws -> any ObjectCursor {
        let table = layout.table(of: entity)
        let statement = try Self.reading(table) {
            try scans.cached(entity) {
                let order = PlainSQL.order(table, alias: "t").map { " ORDER BY " + $0 } ?? ""
                return try rowStatement(entity, order)
            }
        }
        statement.reset()
        let isPositional = plans[entity].keying == .position
        var position: Int64 = 0
        let buffer = values.textBuffer(for: entity)
        return Cursor(statement: statement, table: table) { [unowned self] values, toOne in
            // Counted only when it is the row (a captured variable is checked for exclusive access
            // at each use).
            var row: Int64?
            if isPositional {
                position += 1
                row = position
            }
            return self.decodeRow(statement, entity: entity, row: row, buffer: buffer, values: &values, toOne: &toOne)
        }
    }

    /// The objects of `entity` ordered by the columns `attributes`, compared by their bytes
    /// (`COLLATE BINARY`), then in scan order; not cached (a diff asks once per entity and side).
    /// A table keyed by position has no such order: its positions are the scan's.
    func scan(_ entity: Int, orderedBy attributes: [Int]) throws -> any ObjectCursor {
        let table = layout.table(of: entity)
        precondition(plans[entity].keying != .position, "rows keyed by position are read in scan order only")
        let statement = try Self.reading(table) {
            let order =
                attributes.map { PlainSQL.column("t", table.columns[$0].name) + " COLLATE BINARY" }
                + [PlainSQL.order(table, alias: "t")!]
            return try rowStatement(entity, " ORDER BY " + order.joined(separator: ", "))
        }
        let buffer = values.textBuffer(for: entity)
        return Cursor(statement: statement, table: table) { [unowned self] values, toOne in
            self.decodeRow(statement, entity: entity, row: nil, buffer: buffer, values: &values, toOne: &toOne)
        }
    }

    /// The objects of `entity` whose to-ones `relationships` are all empty, in scan order: the
    /// same rows as ``scan(_:)`` filtered, with the filter in SQL; a to-one whose key points at no
    /// row counts as empty.
    @usableFromInline
    package func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        guard !relationships.isEmpty else { return try scan(entity) }
        let table = layout.table(of: entity)
        let statement = try Self.reading(table) {
            try topLevelScans.cached([entity] + relationships) {
                let destinations = relationships.map { index in
                    let foreignKey = table.foreignKeys[plans[entity].toOne[index]!.foreignKey]
                    return PlainSQL.rowReach(layout.tables[foreignKey.parent], alias: "p\(index)", isOuter: true)!.row
                }
                let order = PlainSQL.order(table, alias: "t").map { " ORDER BY " + $0 } ?? ""
                return try rowStatement(
                    entity, " WHERE " + destinations.map { $0 + " IS NULL" }.joined(separator: " AND ") + order)
            }
        }
        statement.reset()
        let buffer = values.textBuffer(for: entity)
        return Cursor(statement: statement, table: table) { [unowned self] values, toOne in
            self.decodeRow(statement, entity: entity, row: nil, buffer: buffer, values: &values, toOne: &toOne)
        }
    }

    /// The number of objects of `entity`: the rows of its table or view.
    @usableFromInline
    package func count(_ entity: Int) throws -> Int {
        try Self.reading(layout.table(of: entity)) {
            let statement = try counts.cached(entity) {
                try database.prepare("SELECT count(*) FROM \(PlainSQL.table(layout.table(of: entity)))")
            }
            statement.reset()
            defer { statement.reset() }
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        }
    }

    /// The object with this key, or `nil`.
    @usableFromInline
    package func record(_ key: ObjectKey) throws -> ObjectRecord? {
        try Self.reading(layout.table(of: key.entity)) {
            let statement = try lookups.cached(key.entity) {
                guard let reach = PlainSQL.rowReach(layout.table(of: key.entity), alias: "t", isOuter: false) else {
                    return try rowStatement(key.entity, " LIMIT 1 OFFSET ?1")
                }
                return try rowStatement(key.entity, " WHERE \(reach.row) = ?1")
            }
            statement.reset()
            let isPositional = plans[key.entity].keying == .position
            guard !isPositional || key.row >= 1 else { return nil }
            try statement.bind(isPositional ? key.row - 1 : key.row, at: 1)
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            let buffer = lookupBuffers.cached(key.entity) { values.textBuffer(for: key.entity) }
            return decodeRow(statement, entity: key.entity, row: isPositional ? key.row : nil, buffer: buffer)
        }
    }

    /// The destinations of a to-many: a parent's children in the child table's key order, a
    /// many-to-many's in the link table's order (its rowid, or its primary key when it has none).
    /// One seek of an index; when the foreign key has none, the next rows of the merge in visit
    /// order (``visitOrdered(_:_:)``), or for an object visited out of that order (or of an
    /// entity without one), one seek of the relationship's key copy.
    @usableFromInline
    package func destinations(of key: ObjectKey, through index: Int) throws -> [ObjectKey] {
        let relationship = layout.model.relationships(of: key.entity)[index]
        let readsCopy = readsKeyCopy[key.entity][index]
        return try Self.reading(layout.table(of: key.entity), relationship: relationship) {
            if readsCopy, let merge = try visitOrdered(key.entity, index),
                let keys = try merge.destinations(inVisitOrder: key)
            {
                return keys
            }
            var statements = destinationQueries[key.entity] ?? [:]
            let statement = try statements.cached(index) {
                guard let sql = destinationSQL[key.entity][index] else {
                    preconditionFailure("to-one relationships are read from the row")
                }
                guard let copy = sql.keyCopy else { return try database.prepare(sql.one) }
                try copy.make(in: database)
                return try database.prepare(copy.destinationsSQL)
            }
            destinationQueries[key.entity] = statements
            statement.reset()
            try statement.bind(key.row, at: 1)
            defer { statement.reset() }
            // Read where it is, not copied with the other queries.
            let keyColumns = readsCopy ? [] : destinationSQL[key.entity][index]!.oneKeyColumns
            var keys: [ObjectKey] = []
            while try statement.step() {
                let destination = ObjectKey(entity: relationship.destination, row: statement.int64(at: 0))
                if !keyColumns.isEmpty { rememberID(of: destination, from: statement, columns: keyColumns) }
                keys.append(destination)
            }
            return keys
        }
    }

    /// The children of `key` through a to-many inverse as full records, in the order of
    /// ``destinations(of:through:)`` (the child's key order), read with one query: when the
    /// child's foreign key is one INTEGER column holding the parent's integer key, so that its
    /// value is the parent's row, and, when that key has no index, the child is keyed by an
    /// integer (its rows then found through the relationship's key copy, one seek each). `nil`
    /// otherwise, while the merge in visit order answers the relationship (``visitOrdered(_:_:)``),
    /// or while the query is open for another object (a relationship that nests objects of its own
    /// entity): the traversal then looks each child up.
    @usableFromInline
    package func destinationRecords(of key: ObjectKey, through index: Int) throws -> (any ObjectCursor)? {
        guard case .inverse(let child, let foreignKey) = layout.relationships[key.entity][index] else { return nil }
        let childTable = layout.tables[child]
        let relationship = layout.model.relationships(of: key.entity)[index]
        let entity = relationship.destination
        let slot = key.entity << 16 | index
        if readsKeyCopy[key.entity][index],
            let merge = try Self.reading(
                childTable, relationship: relationship, { try visitOrdered(key.entity, index) }),
            !merge.hasStopped
        {
            return try mergedChildren(of: key, through: index, merge: merge)
        }
        let statement: RowStatement
        if let query = childQueries[slot] {
            if query.isOpen { return nil }
            statement = query.statement
        } else {
            // The query's text is made once per relationship, on its first use.
            guard
                let column = Self.integerKeyColumn(
                    childTable.foreignKeys[foreignKey], of: childTable, alias: "t", tables: layout.tables),
                let order = PlainSQL.order(childTable, alias: "t")
            else { return nil }
            let made: RowStatement? = try Self.reading(childTable, relationship: relationship) {
                guard let copy = destinationSQL[key.entity][index]?.keyCopy else {
                    return try rowStatement(entity, " WHERE \(column) = ?1 ORDER BY \(order)")
                }
                // The copy's destination is the child's row: its integer key or rowid.
                switch childTable.keying {
                case .integerKey, .rowid: break
                case .ordinal, .position: return nil
                }
                try copy.make(in: database)
                return try rowStatement(
                    entity, " WHERE k.source = ?1 ORDER BY k.source, k.position",
                    from:
                        "temp.\(copy.table) AS k CROSS JOIN \(PlainSQL.table(childTable)) AS t ON \(order) = k.destination"
                )
            }
            guard let made else { return nil }
            statement = made
        }
        statement.reset()
        try statement.bind(key.row, at: 1)
        childQueries[slot] = (statement, true)
        let buffer = values.textBuffer(for: entity)
        return Cursor(
            statement: statement, table: childTable,
            decode: { [unowned self] values, toOne in
                self.decodeRow(statement, entity: entity, row: nil, buffer: buffer, values: &values, toOne: &toOne)
            },
            onEnd: { [unowned self] in self.childQueries[slot]?.isOpen = false })
    }

    /// The children of `key` whose keys the merge in visit order answers, read by their rows: one
    /// seek for each run of consecutive rows (children added together usually are), then the next
    /// rows; `nil` when the merge does not answer `key`, or while the query is open for another
    /// object (the traversal then looks each child up).
    private func mergedChildren(
        of key: ObjectKey, through index: Int, merge: any OrderedMerge
    ) throws -> (any ObjectCursor)? {
        let relationship = layout.model.relationships(of: key.entity)[index]
        let entity = relationship.destination
        let table = layout.table(of: entity)
        let slot = key.entity << 16 | index
        let lookup = try Self.reading(table, relationship: relationship) {
            try childLookups.cached(slot) {
                // A foreign key never points from a table keyed by position (a view has none).
                let reach = PlainSQL.rowReach(table, alias: "t", isOuter: false)!
                switch table.keying {
                case .integerKey, .rowid:
                    // The row is the rowid or the key of a WITHOUT ROWID table: a range is one seek.
                    let statement = try rowStatement(
                        entity, " WHERE \(reach.row) >= ?1 AND \(reach.row) <= ?2 ORDER BY \(reach.row)")
                    return (statement, true, false)
                case .ordinal, .position:
                    return (try rowStatement(entity, " WHERE \(reach.row) = ?1"), false, false)
                }
            }
        }
        guard !lookup.isOpen,
            let keys = try Self.reading(
                table, relationship: relationship, { try merge.destinations(inVisitOrder: key) })
        else { return nil }
        let buffer = values.textBuffer(for: entity)
        let statement = lookup.statement
        childLookups[slot]?.isOpen = true
        return LookupCursor(
            keys: keys, statement: statement, readsRanges: lookup.readsRanges, table: table,
            decode: { [unowned self] values, toOne in
                self.decodeRow(statement, entity: entity, row: nil, buffer: buffer, values: &values, toOne: &toOne)
            },
            onEnd: { [unowned self] in self.childLookups[slot]?.isOpen = false })
    }

    /// The merge of relationship `index` of `entity` in visit order, prepared on first use: for an
    /// entity without owners, whose objects the tree shape writes at the top level in key order,
    /// the flat shape's merge (``destinationsInScanOrder(of:through:)``), one sorted pass over the
    /// relationship alone; else the query sorted by ``VisitOrder``; `nil` for an entity without
    /// one.
    private func visitOrdered(_ entity: Int, _ index: Int) throws -> (any OrderedMerge)? {
        let slot = entity << 16 | index
        if let known = visitOrdered[slot] { return known }
        if layout.model.ownerRelationships(of: entity).isEmpty {
            let merge = try mergedDestinations(of: entity, through: index)
            visitOrdered[slot] = merge
            return merge
        }
        let merge = try Self.visitOrderedSQL(entity, index, layout: layout, database: database).map { query in
            VisitOrderedDestinations(
                statement: try database.prepare(query.sql),
                destination: layout.model.relationships(of: entity)[index].destination, keyColumns: query.keyColumns,
                remember: { [unowned self] key, row, columns in self.rememberID(of: key, from: row, columns: columns) })
        }
        visitOrdered[slot] = merge
        return merge
    }

    /// Reports, in one warning, the columns that ``SQLiteSourceOptions/jsonColumns`` read whose
    /// text was not all JSON and that no earlier run reported.
    @usableFromInline
    package func didFinishRun() {
        values.reportColumnsWithoutJSON()
    }

    /// A to-many's destinations for every object of `entity`, read with one query ordered by
    /// object alongside the scan (a merge join, ``MergeJoinRows``) instead of one query per object.
    @usableFromInline
    package func destinationsInScanOrder(of entity: Int, through index: Int) throws -> any DestinationCursor {
        try mergedDestinations(of: entity, through: index)
    }

    /// ``destinationsInScanOrder(of:through:)``.
    private func mergedDestinations(of entity: Int, through index: Int) throws -> MergedDestinations {
        guard let sql = destinationSQL[entity][index] else {
            preconditionFailure("to-one relationships are read from the row")
        }
        let relationship = layout.model.relationships(of: entity)[index]
        let table = layout.table(of: entity)
        let statement = try Self.reading(table, relationship: relationship) { try database.prepare(sql.all) }
        let keyColumns = sql.allKeyColumns
        return MergedDestinations(
            rows: MergeJoinRows(statement: statement, skipsNonIntegerSources: true),
            destination: relationship.destination, orderColumn: sql.allOrderColumn,
            subject: Self.subject(table, relationship: relationship),
            remember: keyColumns.isEmpty
                ? nil : { [unowned self] key in self.rememberID(of: key, from: statement, columns: keyColumns) })
    }

    /// `<Table>/<key>`; see ``SQLiteDatabaseSource`` for the rules. An identifier of a number
    /// keeps the number as a number (``GraphExport/ObjectID/init(prefix:number:)``): no text is
    /// made for it until a writer writes it.
    func id(of key: ObjectKey) -> ObjectID {
        if let prefix = numberedIDPrefix(of: key.entity) { return ObjectID(prefix: prefix, number: key.row) }
        if let id = recentIDs.id(of: key) { return id }
        let table = layout.table(of: key.entity)
        do {
            let id =
                try keyText(of: key, in: table).map { ObjectID(idPrefixes[key.entity] + $0) }
                ?? ObjectID(prefix: rowIDPrefixes[key.entity], number: key.row)
            recentIDs.remember(id, of: key)
            return id
        } catch {
            onWarning(Warning("\(database.path): cannot read the key of \(table.name) row \(key.row): \(error)"))
            return ObjectID(prefix: rowIDPrefixes[key.entity], number: key.row)
        }
    }

    /// The prefix of every identifier of `entity` when each is it and the row's digits (the
    /// integer key, the rowid of a table without a declared key, a position); `nil` for a key's
    /// text (``id(of:)``).
    func numberedIDPrefix(of entity: Int) -> String? {
        switch plans[entity].keying {
        case .integerKey: return idPrefixes[entity]
        case .rowid(_, let columns) where columns.isEmpty: return rowIDPrefixes[entity]
        case .position: return rowIDPrefixes[entity]
        case .rowid, .ordinal: return nil
        }
    }

    /// Remembers the identifier of `key`, whose key is in result columns `columns` of `row`'s
    /// current row (``RecentObjectIDs``).
    private func rememberID(of key: ObjectKey, from row: some SQLiteColumns, columns: [Int32]) {
        // The same key has the same identifier, however often its row is read.
        guard recentIDs.id(of: key) == nil else { return }
        let prefixLength = idPrefixes[key.entity].utf8.count
        idBytes[key.entity].removeLast(idBytes[key.entity].count - prefixLength)
        let id =
            ObjectIDText.appendKey(row, columns: columns, to: &idBytes[key.entity])
            ? ObjectID(String(decoding: idBytes[key.entity], as: UTF8.self))
            : ObjectID(prefix: rowIDPrefixes[key.entity], number: key.row)
        recentIDs.remember(id, of: key)
    }

    /// The names of the key columns whose values make the identifier of a row of `table`: its
    /// declared primary key when that is not the integer key; else empty.
    private static func keyTextNames(of table: TableSchema) -> [String] {
        switch table.keying {
        case .rowid(_, let key), .ordinal(let key, _, _): return key
        case .integerKey, .position: return []
        }
    }

    /// ``keyTextNames(of:)`` as result columns of the table aliased `alias`.
    private static func keyTextColumns(of table: TableSchema, alias: String) -> [String] {
        keyTextNames(of: table).map { PlainSQL.column(alias, $0) }
    }

    // MARK: - Rows

    /// Whether the row's key is a result column of its own before the table's columns: for a
    /// rowid or ordinal key, not for an integer key column (read where it is) or a position.
    private static func hasRowColumn(_ table: TableSchema) -> Bool {
        switch table.keying {
        case .rowid, .ordinal: return true
        case .integerKey, .position: return false
        }
    }

    /// `SELECT <row>, <every column>, <each to-one's destination row>, <the key columns of each
    /// to-one's destination identified by its key's text> FROM <table> AS t <joins>` followed by
    /// `tail`, the row left out when it is a column (``RowPlan/keyColumn``); `from`, when given,
    /// stands for `<table> AS t` (the table joined to what chooses its rows).
    private func rowStatement(_ entity: Int, _ tail: String, from: String? = nil) throws -> RowStatement {
        let table = layout.table(of: entity)
        var columns: [String] = []
        var parentKeys: [String] = []
        var joins = ""
        if let reach = PlainSQL.rowReach(table, alias: "t", isOuter: false) {
            if Self.hasRowColumn(table) { columns.append(reach.row) }
            joins += reach.joins
        }
        columns += table.columns.map { PlainSQL.column("t", $0.name) }
        for (index, relationship) in layout.relationships[entity].enumerated() {
            guard case .toOne(let key) = relationship else { continue }
            let foreignKey = table.foreignKeys[key]
            let parent = layout.tables[foreignKey.parent]
            let alias = "p\(index)"
            let condition = PlainSQL.joinCondition(
                foreignKey, parent: parent, parentAlias: alias, child: table, childAlias: "t")
            joins += " LEFT JOIN \(PlainSQL.table(parent)) AS \(alias) ON \(condition)"
            // A foreign key never points at a table keyed by position (the schema reader drops it).
            let reach = PlainSQL.rowReach(parent, alias: alias, isOuter: true)!
            joins += reach.joins
            columns.append(reach.row)
            parentKeys += Self.keyTextColumns(of: parent, alias: alias)
        }
        columns += parentKeys
        return try RowStatement(
            columns: columns, clause: " FROM \(from ?? PlainSQL.table(table) + " AS t")\(joins)" + tail,
            database: database)
    }

    /// One row of ``rowStatement(_:_:)``, its values copied; `row` is given for a table keyed by
    /// position.
    private func decodeRow(
        _ statement: RowStatement, entity: Int, row given: Int64?, buffer: TypedTextBuffer
    ) -> ObjectRecord {
        var values: [RowValue] = []
        var toOne: [ObjectKey?] = []
        let key = decodeRow(statement, entity: entity, row: given, buffer: buffer, values: &values, toOne: &toOne)
        return ObjectRecord(key: key, values: values.map(\.value), toOne: toOne)
    }

    /// One row of ``rowStatement(_:_:)`` into `values`, lent from the statement and `buffer`, and
    /// `toOne`: appended to them the first time, then each value overwritten in its place row
    /// after row, with no emptying or appending; returns the row's key. `row` is given for a table
    /// keyed by position.
    private func decodeRow(
        _ statement: RowStatement, entity: Int, row given: Int64?, buffer: TypedTextBuffer, values: inout [RowValue],
        toOne: inout [ObjectKey?]
    ) -> ObjectKey {
        let plan = plans[entity]
        // A cursor's first row fills its arrays (a tree shape's cursor often reads one or two).
        let isFilled = values.count == plan.columnCount && toOne.count == plan.toOne.count
        if !isFilled {
            values.removeAll(keepingCapacity: true)
            values.reserveCapacity(plan.columnCount)
            toOne.removeAll(keepingCapacity: true)
            toOne.reserveCapacity(plan.toOne.count)
        }
        func set(_ key: ObjectKey?, at index: Int) {
            if isFilled { toOne[index] = key } else { toOne.append(key) }
        }
        var column = plan.firstColumn
        let key = ObjectKey(entity: entity, row: given ?? statement.int64(at: plan.keyColumn ?? 0))
        if !plan.keyColumns.isEmpty { rememberID(of: key, from: statement, columns: plan.keyColumns) }
        func value(_ attribute: Int) -> RowValue {
            self.values.value(
                statement, at: plan.firstColumn + Int32(attribute), attribute: attribute, key: key, buffer: buffer,
                object: id(of: key))
        }
        // Two loops, so that the many rows after the first test nothing per value.
        if isFilled {
            for attribute in 0..<plan.columnCount { values[attribute] = value(attribute) }
        } else {
            for attribute in 0..<plan.columnCount { values.append(value(attribute)) }
        }
        column += Int32(plan.columnCount)
        for (index, relationship) in plan.toOne.enumerated() {
            guard let relationship else {
                set(nil, at: index)
                continue
            }
            defer { column += 1 }
            guard statement.storage(at: column) == .null else {
                let destination = ObjectKey(entity: relationship.destination, row: statement.int64(at: column))
                if !relationship.keyColumns.isEmpty {
                    rememberID(of: destination, from: statement, columns: relationship.keyColumns)
                }
                set(destination, at: index)
                continue
            }
            set(nil, at: index)
            reportDanglingKey(of: key, relationship: index, foreignKey: relationship.foreignKey, values: values)
        }
        return key
    }

    /// Reports a to-one whose key columns all have a value but match no row, once per object.
    private func reportDanglingKey(of key: ObjectKey, relationship: Int, foreignKey index: Int, values all: [RowValue])
    {
        let table = layout.table(of: key.entity)
        let foreignKey = table.foreignKeys[index]
        // A key with a null column points at nothing: nothing to report, and nothing to copy.
        for column in foreignKey.columns {
            if case .null = all[column] { return }
        }
        let values = foreignKey.columns.map { all[$0].value }
        guard !values.contains(.null),
            reportedKeys.insert(DanglingKey(object: key, relationship: relationship)).inserted
        else { return }
        let parent = layout.tables[foreignKey.parent]
        let columns = foreignKey.columns.map { table.columns[$0].name }.joined(separator: ", ")
        let parentColumns = foreignKey.parentColumns.map { parent.columns[$0].name }.joined(separator: ", ")
        let shown = values.map(Self.describe).joined(separator: ", ")
        let name = layout.model.relationships(of: key.entity)[relationship].name
        onWarning(
            Warning(
                "\(database.path): \(id(of: key)): \(columns) = \(shown) points at no \(parent.name) row "
                    + "(\(parentColumns)); the raw value is kept and '\(name)' is empty"))
    }

    private static func describe(_ value: Value) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return "'" + text + "'"
        case .binary(let bytes): return "\(bytes.count) bytes"
        default: return "\(value)"
        }
    }

    /// The key text of a row of a table with a declared, non-integer key: `nil` when a key
    /// column is NULL (a rowid table allows that), so the id falls back to the rowid.
    private func keyText(of key: ObjectKey, in table: TableSchema) throws -> String? {
        let statement = try keyLookups.cached(key.entity) {
            switch table.keying {
            case .ordinal(let columns, _, let keyTable):
                let names = columns.indices.map { SQLiteDatabase.quote("c\($0)") }.joined(separator: ", ")
                return try database.prepare(
                    "SELECT \(names) FROM temp.\(SQLiteDatabase.quote(keyTable)) WHERE ordinal = ?1")
            case .rowid(let rowid, let columns):
                let names = columns.map { SQLiteDatabase.quote($0) }.joined(separator: ", ")
                return try database.prepare("SELECT \(names) FROM \(PlainSQL.table(table)) WHERE \(rowid) = ?1")
            case .integerKey, .position:
                preconditionFailure("ids of \(table.keying) tables need no lookup")
            }
        }
        statement.reset()
        try statement.bind(key.row, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return ObjectIDText.key(statement, columns: Array(0..<Int32(table.primaryKey.count)))
    }

    // MARK: - Private tables

    /// For a table keyed by position in key order: `temp.<keyTable>(ordinal, c0, c1, …)` numbering
    /// the keys from 1 in `ORDER BY <key>` order, indexed by key, the columns with the key columns'
    /// affinities and collations so that SQLite can join through the indexes either way.
    private static func fillKeyTable(_ table: TableSchema, database: SQLiteDatabase) throws {
        guard case .ordinal(let key, let declarations, let keyTable) = table.keying else { return }
        let quoted = SQLiteDatabase.quote(keyTable)
        let columns = key.indices.map { SQLiteDatabase.quote("c\($0)") }
        let definitions = zip(columns, declarations).map { "\($0) \($1)" }.joined(separator: ", ")
        try database.execute("CREATE TEMP TABLE \(quoted)(ordinal INTEGER PRIMARY KEY, \(definitions))")
        try database.execute(
            "INSERT INTO temp.\(quoted)(\(columns.joined(separator: ", "))) SELECT "
                + key.map(SQLiteDatabase.quote).joined(separator: ", ") + " FROM \(PlainSQL.table(table)) AS t"
                + " ORDER BY \(PlainSQL.order(table, alias: "t")!)")
        try database.execute(
            "CREATE INDEX temp.\(SQLiteDatabase.quote(keyTable + "_key")) ON \(quoted)("
                + columns.joined(separator: ", ") + ")"
        )
    }

    /// The queries of a to-many's destinations: straight SQL, except that when SQLite could
    /// answer one object's destinations only by scanning a table (no index on the foreign key),
    /// one object's come from a private copy of the relationship's keys (``KeyCopy``), made on
    /// first use. Reads the schema only (`EXPLAIN QUERY PLAN`), no row.
    private static func destinationSQL(
        _ entity: Int, _ index: Int, layout: PlainLayout, database: SQLiteDatabase
    ) throws -> DestinationSQL? {
        guard let parts = toManyParts(entity, index, layout: layout) else { return nil }
        let indexed = indexedDestinationSQL(entity, index, layout: layout)
        let keys = parts.destinationKey.map { ", " + $0 }.joined()
        let keyCount = Int32(parts.destinationKey.count)
        let direct =
            "SELECT \(parts.destination)\(keys) FROM \(parts.from) WHERE \(parts.source) = ?1 ORDER BY \(parts.order)"
        var sql = DestinationSQL(
            one: direct, oneKeyColumns: Array(1..<1 + keyCount),
            all: indexed?.sql
                ?? "SELECT \(parts.source), \(parts.destination)\(keys) FROM \(parts.from) ORDER BY "
                + "\(parts.source), \(parts.order)",
            allOrderColumn: indexed?.orderColumn, allKeyColumns: indexed?.keyColumns ?? Array(2..<2 + keyCount))
        guard try KeyCopy.scansTable(direct, database: database) else { return sql }
        // A child's position among its parent's children is its own row (its table's key order);
        // a link's, its rowid, or its number in the link table's order of several columns.
        let position: String
        switch layout.relationships[entity][index] {
        case .inverse: position = parts.destination
        case .link, .toOne:
            position =
                parts.orderTerms.count == 1 ? parts.orderTerms[0] : "row_number() OVER (ORDER BY \(parts.order))"
        }
        sql.keyCopy = KeyCopy(
            name: "gx_rel_\(entity)_\(index)",
            rows: "SELECT \(parts.source), \(position), \(parts.destination) FROM \(parts.from) ORDER BY 1, 2")
        return sql
    }

    /// The query of a to-many's destinations for every object of `entity` in the order the tree
    /// shape visits the objects (``VisitOrderedDestinations``): a marker row per object and a row
    /// per destination, sorted by the objects' ``VisitOrder`` (SQLite's sorter), then marker first,
    /// then the relationship's order; and the result columns of the destination's key when its
    /// identifier is that key's text. `nil` when the entity has no visit order.
    private static func visitOrderedSQL(
        _ entity: Int, _ index: Int, layout: PlainLayout, database: SQLiteDatabase
    ) throws -> (sql: String, keyColumns: [Int32])? {
        guard let parts = toManyParts(entity, index, layout: layout),
            var order = try VisitOrder(of: entity, alias: parts.sourceAlias, layout: layout, database: database)
        else { return nil }
        try order.pack(database: database)
        let keys = parts.destinationKey
        func nulls(_ count: Int) -> [String] { Array(repeating: "NULL", count: count) }
        let marker = ["0", parts.source, "NULL"] + nulls(keys.count) + order.terms + nulls(parts.orderTerms.count)
        let row = ["1", parts.source, parts.destination] + keys + order.terms + parts.orderTerms
        // Result columns from 1: the kind of row, the object, the destination, its key columns,
        // the object's visit order, the destination's order.
        let visit = 4 + keys.count
        let within = visit + order.terms.count
        let sort =
            (visit..<within).map(String.init) + ["1"] + (within..<within + parts.orderTerms.count).map(String.init)
        let table = PlainSQL.table(layout.table(of: entity))
        return (
            "SELECT \(marker.joined(separator: ", ")) FROM \(table) AS \(parts.sourceAlias)\(order.joins) "
                + "UNION ALL SELECT \(row.joined(separator: ", ")) FROM \(parts.from)\(order.joins) "
                + "ORDER BY \(sort.joined(separator: ", "))",
            Array(3..<3 + Int32(keys.count))
        )
    }

    /// The query of every object's destinations, ordered by object, that reads the child's (or
    /// the link's) key column alone, with no join: when that key is one column of INTEGER affinity
    /// holding the integer key of a parent numbered by it, its integer values are the parents'
    /// rows, and the merge asks only for parents that exist. Its rows are (source, destination),
    /// each object's in the relationship's order, or for a link table (source, destination, link
    /// rowid), each object's to be put in the order of the third (`orderColumn`); then the columns
    /// of the destination's key when its identifier is that key's text (`keyColumns`); `nil` for a
    /// relationship stored otherwise. (A link table's rows all point at existing rows: else it is
    /// an entity.)
    private static func indexedDestinationSQL(
        _ entity: Int, _ index: Int, layout: PlainLayout
    ) -> (sql: String, orderColumn: Int32?, keyColumns: [Int32])? {
        let tables = layout.tables
        func integerKeyColumn(_ key: ForeignKeySchema, of table: TableSchema, alias: String) -> String? {
            Self.integerKeyColumn(key, of: table, alias: alias, tables: tables)
        }
        switch layout.relationships[entity][index] {
        case .toOne:
            return nil
        case .inverse(let child, let key):
            let childTable = tables[child]
            let row: String
            switch childTable.keying {
            case .integerKey(let name): row = PlainSQL.column("c", name)
            case .rowid(let name, _): row = "c." + name
            case .ordinal, .position: return nil
            }
            guard let column = integerKeyColumn(childTable.foreignKeys[key], of: childTable, alias: "c") else {
                return nil
            }
            // `IS NOT NULL` skips a sparse key's nulls by the index; values of other storage
            // classes (a real, text) reach no parent and are passed over as they are read.
            let keys = keyTextColumns(of: childTable, alias: "c")
            return (
                "SELECT \(column), \(row)\(keys.map { ", " + $0 }.joined()) FROM \(PlainSQL.table(childTable)) AS c "
                    + "WHERE \(column) IS NOT NULL ORDER BY \(column), \(row)",
                nil, Array(2..<2 + Int32(keys.count))
            )
        case .link(let link, let fromKey, let toKey):
            let linkTable = tables[link]
            guard case .rowid(let rowid, _) = linkTable.keying,
                let source = integerKeyColumn(linkTable.foreignKeys[fromKey], of: linkTable, alias: "l"),
                let destination = integerKeyColumn(linkTable.foreignKeys[toKey], of: linkTable, alias: "l")
            else { return nil }
            // Both keys are integer keys (``integerKeyColumn``): no key text to read.
            return (
                "SELECT \(source), \(destination), l.\(rowid) FROM \(PlainSQL.table(linkTable)) AS l ORDER BY \(source)",
                2, []
            )
        }
    }

    /// The column of `key`, a foreign key of `table` (aliased `alias`), when it is one INTEGER
    /// column holding its parent's integer key: its integer values are the parents' rows.
    private static func integerKeyColumn(
        _ key: ForeignKeySchema, of table: TableSchema, alias: String, tables: [TableSchema]
    ) -> String? {
        guard key.columns.count == 1, table.columns[key.columns[0]].affinity == .integer,
            case .integerKey(let parentKey) = tables[key.parent].keying,
            tables[key.parent].columns[key.parentColumns[0]].name == parentKey
        else { return nil }
        return PlainSQL.column(alias, table.columns[key.columns[0]].name)
    }

    /// The FROM clause joining an object's table (aliased `sourceAlias`) to its destinations, the
    /// expressions of both rows, the destinations' order (the child's key order; a link table's
    /// own order) as one clause and term by term, and the destination's key columns when its
    /// identifier is that key's text.
    private static func toManyParts(
        _ entity: Int, _ index: Int, layout: PlainLayout
    ) -> (
        from: String, sourceAlias: String, source: String, destination: String, order: String, orderTerms: [String],
        destinationKey: [String]
    )? {
        let tables = layout.tables
        let table = layout.table(of: entity)
        switch layout.relationships[entity][index] {
        case .toOne:
            return nil
        case .inverse(let child, let key):
            let childTable = tables[child]
            let childReach = PlainSQL.rowReach(childTable, alias: "c", isOuter: false)!
            let parentReach = PlainSQL.rowReach(table, alias: "p", isOuter: false)!
            let condition = PlainSQL.joinCondition(
                childTable.foreignKeys[key], parent: table, parentAlias: "p", child: childTable, childAlias: "c")
            let from =
                "\(PlainSQL.table(childTable)) AS c\(childReach.joins) JOIN \(PlainSQL.table(table)) AS p"
                + " ON \(condition)\(parentReach.joins)"
            return (
                from, "p", parentReach.row, childReach.row, PlainSQL.order(childTable, alias: "c")!,
                PlainSQL.orderTerms(childTable, alias: "c")!, keyTextColumns(of: childTable, alias: "c")
            )
        case .link(let link, let fromKey, let toKey):
            let linkTable = tables[link]
            let source = tables[linkTable.foreignKeys[fromKey].parent]
            let destination = tables[linkTable.foreignKeys[toKey].parent]
            let sourceReach = PlainSQL.rowReach(source, alias: "a", isOuter: false)!
            let destinationReach = PlainSQL.rowReach(destination, alias: "b", isOuter: false)!
            let sourceCondition = PlainSQL.joinCondition(
                linkTable.foreignKeys[fromKey], parent: source, parentAlias: "a", child: linkTable, childAlias: "l")
            let destinationCondition = PlainSQL.joinCondition(
                linkTable.foreignKeys[toKey], parent: destination, parentAlias: "b", child: linkTable, childAlias: "l")
            let from =
                "\(PlainSQL.table(linkTable)) AS l JOIN \(PlainSQL.table(source)) AS a ON \(sourceCondition)"
                + sourceReach.joins + " JOIN \(PlainSQL.table(destination)) AS b ON \(destinationCondition)"
                + destinationReach.joins
            return (
                from, "a", sourceReach.row, destinationReach.row, PlainSQL.order(linkTable, alias: "l")!,
                PlainSQL.orderTerms(linkTable, alias: "l")!, keyTextColumns(of: destination, alias: "b")
            )
        }
    }

    /// Runs `body`, and names the table (and the relationship) in a SQLite error it throws.
    private static func reading<Result>(
        _ table: TableSchema, relationship: ResolvedRelationship? = nil, _ body: () throws -> Result
    ) throws -> Result {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error.reading(Self.subject(table, relationship: relationship))
        }
    }

    /// `table 'Track'`, `view 'Top'`, `table 'Track', relationship 'playlists'`.
    fileprivate static func subject(_ table: TableSchema, relationship: ResolvedRelationship? = nil) -> String {
        let kind = table.isView ? "view" : "table"
        return "\(kind) '\(table.name)'" + (relationship.map { ", relationship '\($0.name)'" } ?? "")
    }

    private final class Cursor: ObjectCursor {
        /// Decodes the current row into its values (lent from the statement) and to-one keys.
        typealias Decode = (_ values: inout [RowValue], _ toOne: inout [ObjectKey?]) -> ObjectKey

        private let statement: RowStatement
        /// What a SQLite error names: the table (``PlainQueries/subject(_:relationship:)``).
        private let subject: String
        private let decode: Decode
        /// Called once when the rows are done or the cursor goes (a query it had to itself).
        private var onEnd: (() -> Void)?
        /// The arrays the borrowed records are read into, reused from row to row; not checked for
        /// exclusive access at run time (a cursor is used from one thread, one call at a time).
        @exclusivity(unchecked) private var values: [RowValue] = []
        @exclusivity(unchecked) private var toOne: [ObjectKey?] = []

        init(statement: RowStatement, table: TableSchema, decode: @escaping Decode, onEnd: (() -> Void)? = nil) {
            self.statement = statement
            self.subject = PlainQueries.subject(table)
            self.decode = decode
            self.onEnd = onEnd
        }

        deinit {
            end()
        }

        func nextBorrowed() throws -> BorrowedRecord? {
            let hasRow: Bool
            do {
                hasRow = try statement.step()
            } catch let error as SQLiteError {
                throw error.reading(subject)
            }
            guard hasRow else {
                statement.reset()
                end()
                return nil
            }
            let key = decode(&values, &toOne)
            return BorrowedRecord(key: key, values: values, toOne: toOne)
        }

        private func end() {
            guard let onEnd else { return }
            self.onEnd = nil
            statement.reset()
            onEnd()
        }
    }
}

/// The records of a list of keys, in its order, read with one statement and lent from it: the
/// children a merge in visit order answers. Each run of consecutive rows is read as one range
/// when the statement takes ranges (`… WHERE <row> >= ?1 AND <row> <= ?2 ORDER BY <row>`: one
/// seek, then the next rows), else each key by its row (`… WHERE <row> = ?1`). A key without a row
/// is passed over.
private final class LookupCursor: ObjectCursor {
    private let keys: [ObjectKey]
    /// The first key not yet bound.
    private var next = 0
    /// Whether the statement is bound to a range (or a row) whose rows are not all read.
    private var isReading = false
    private let statement: RowStatement
    private let readsRanges: Bool
    /// What a SQLite error names: the table.
    private let subject: String
    /// Decodes the current row into its values (lent from the statement) and to-one keys.
    private let decode: (_ values: inout [RowValue], _ toOne: inout [ObjectKey?]) -> ObjectKey
    /// Called once when the keys are done or the cursor goes (the statement is free again).
    private var onEnd: (() -> Void)?
    /// The arrays the borrowed records are read into, reused from row to row; not checked for
    /// exclusive access at run time (a cursor is used from one thread, one call at a time).
    @exclusivity(unchecked) private var values: [RowValue] = []
    @exclusivity(unchecked) private var toOne: [ObjectKey?] = []

    init(
        keys: [ObjectKey], statement: RowStatement, readsRanges: Bool, table: TableSchema,
        decode: @escaping (_ values: inout [RowValue], _ toOne: inout [ObjectKey?]) -> ObjectKey,
        onEnd: @escaping () -> Void
    ) {
        self.keys = keys
        self.statement = statement
        self.readsRanges = readsRanges
        self.subject = PlainQueries.subject(table)
        self.decode = decode
        self.onEnd = onEnd
    }

    deinit {
        end()
    }

    func nextBorrowed() throws -> BorrowedRecord? {
        do {
            while true {
                if isReading, try statement.step() {
                    let key = decode(&values, &toOne)
                    return BorrowedRecord(key: key, values: values, toOne: toOne)
                }
                guard next < keys.count else { break }
                statement.reset()
                let first = keys[next].row
                var last = first
                next += 1
                if readsRanges {
                    while next < keys.count, last < Int64.max, keys[next].row == last + 1 {
                        last += 1
                        next += 1
                    }
                }
                try statement.bind(first, at: 1)
                if readsRanges { try statement.bind(last, at: 2) }
                isReading = true
            }
            end()
            return nil
        } catch let error as SQLiteError {
            throw error.reading(subject)
        }
    }

    private func end() {
        isReading = false
        next = keys.count
        guard let onEnd else { return }
        self.onEnd = nil
        statement.reset()
        onEnd()
    }
}

/// One to-many relationship's (source, destination) rows, ordered by source row, consumed
/// alongside a scan in the same order (``MergeJoinRows``): a merge join instead of a query per
/// object. Rows whose source is not an integer are passed over (no object has such a row).
/// Another column, when the query has one, orders each object's destinations (a link table's
/// rowid).
private final class MergedDestinations: DestinationCursor, OrderedMerge {
    /// The pairs; not checked for exclusive access at run time (a cursor is used from one thread,
    /// one call at a time).
    @exclusivity(unchecked) private var rows: MergeJoinRows
    private let destination: Int
    /// The column each object's rows are put in the order of, if any.
    private let orderColumn: Int32?
    /// What a SQLite error names: the table and the relationship.
    private let subject: String
    /// Called with each destination while its row is current (to remember its identifier).
    private let remember: ((ObjectKey) -> Void)?
    /// An object's destinations with their value of `orderColumn`, before they are put in that
    /// order: one array for every object; not checked for exclusive access at run time (as
    /// ``rows``).
    @exclusivity(unchecked) private var ordered: [(order: Int64, key: ObjectKey)] = []
    /// The row of the object asked for last through ``destinations(inVisitOrder:)``.
    private var lastAsked: Int64?
    /// Whether an object was asked for out of key order (``destinations(inVisitOrder:)``).
    private(set) var hasStopped = false

    init(
        rows: MergeJoinRows, destination: Int, orderColumn: Int32?, subject: String, remember: ((ObjectKey) -> Void)?
    ) {
        self.rows = rows
        self.destination = destination
        self.orderColumn = orderColumn
        self.subject = subject
        self.remember = remember
    }

    /// The destinations of `key` when it comes after every object asked for before, as the tree
    /// shape asks for the objects of an entity it writes at the top level; else `nil`, and the
    /// merge stops for good (``hasStopped``).
    func destinations(inVisitOrder key: ObjectKey) throws -> [ObjectKey]? {
        guard !hasStopped else { return nil }
        guard lastAsked.map({ $0 < key.row }) ?? true else {
            hasStopped = true
            return nil
        }
        lastAsked = key.row
        return try destinations(of: key)
    }

    func destinations(of key: ObjectKey, into keys: inout [ObjectKey]) throws {
        keys.removeAll(keepingCapacity: true)
        do {
            guard try rows.seek(key.row) else { return }
            if orderColumn != nil { ordered.removeAll(keepingCapacity: true) }
            repeat {
                let destination = ObjectKey(entity: destination, row: rows.statement.int64(at: 1))
                remember?(destination)
                if let orderColumn {
                    ordered.append((rows.statement.int64(at: orderColumn), destination))
                } else {
                    keys.append(destination)
                }
            } while try rows.next(of: key.row)
            guard orderColumn != nil else { return }
            if !ordered.indices.dropFirst().allSatisfy({ ordered[$0 - 1].order <= ordered[$0].order }) {
                ordered.sort { $0.order < $1.order }
            }
            for (_, destination) in ordered { keys.append(destination) }
        } catch let error as SQLiteError {
            throw error.reading(subject)
        }
    }
}
