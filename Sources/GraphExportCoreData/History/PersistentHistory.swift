public import GraphExport
import GraphExportSQLite

/// A Core Data store's persistent history (`ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING`), read
/// in the store's snapshot: the token of where it stands, what changed since a token, and its
/// transactions (`docs/HISTORY.md`).
///
/// History is what Core Data recorded while the app had history tracking on; a change made while
/// it was off (or by a program that bypasses Core Data) is in the store but not in the history.
public final class PersistentHistory {
    private let store: CoreDataStore
    private let position: HistoryPosition
    private let path: String

    /// The token of the store's last transaction, which the header of its exports carries.
    public var token: HistoryToken { HistoryToken(storeUUID: store.storeUUID, transaction: position.lastTransaction) }
    /// The number of the oldest transaction the store still keeps; one more than the last when
    /// it keeps none.
    public var oldestKept: Int64 { position.oldestKept }
    /// The header of the store's exports: its ``GraphExport/DocumentInfo/source`` names the store.
    public var document: DocumentInfo { store.document }

    /// The history of `store`; throws ``HistoryError/noHistory(path:)`` for a store that keeps none.
    public init(_ store: CoreDataStore) throws {
        let path = store.document.source ?? store.database.path
        guard let position = store.historyPosition else { throw HistoryError.noHistory(path: path) }
        self.store = store
        self.position = position
        self.path = path
    }

    /// Throws the ``HistoryError`` that makes `token` unusable with this store: of another store
    /// (UUIDs compared without regard to case), older than the history kept, newer than the last
    /// transaction, or with transactions after it missing from the history kept.
    public func check(_ token: HistoryToken) throws(HistoryError) {
        guard token.storeUUID.uppercased() == store.storeUUID.uppercased() else {
            throw .otherStore(path: path, token: token.description, storeUUID: store.storeUUID)
        }
        try check(transaction: token.transaction, token: token.description)
    }

    /// Throws the ``HistoryError`` that makes transaction number `transaction` (a bare `--since
    /// N`) unusable: older than the history kept, newer than the last transaction, or with
    /// transactions after it missing from the history kept.
    public func check(transaction: Int64) throws(HistoryError) {
        try check(transaction: transaction, token: String(transaction))
    }

    private func check(transaction: Int64, token: String) throws(HistoryError) {
        if transaction > position.lastTransaction {
            throw .newerThanStore(path: path, token: token, lastTransaction: position.lastTransaction)
        }
        if transaction < position.oldestKept - 1 {
            throw .pruned(path: path, token: token, oldestKept: position.oldestKept)
        }
        if let missing = position.newestMissing, missing > transaction {
            throw .historyHole(path: path, token: token, missing: missing)
        }
    }

    /// Warns of damage that does not make an export since `transaction` incomplete: transactions
    /// missing from the history before it, `ATRANSACTION` rows without a transaction number.
    private func warnOfDamage(before transaction: Int64, onWarning: WarningHandler) {
        if position.missingCount > 0 {
            onWarning(
                Warning(
                    "\(path): \(position.missingCount) transaction number\(position.missingCount == 1 ? "" : "s") "
                        + "between \(position.oldestKept) and \(position.lastTransaction) "
                        + "\(position.missingCount == 1 ? "has" : "have") no ATRANSACTION row, though pruning deletes "
                        + "only the oldest: the history is damaged (none after transaction \(transaction))"))
        }
        if position.unnumbered > 0 {
            onWarning(
                Warning(
                    "\(path): \(position.unnumbered) ATRANSACTION row\(position.unnumbered == 1 ? " has" : "s have") a "
                        + "Z_PK that is not an integer, so no transaction number: left out"))
        }
    }

    /// What changed in the transactions after number `transaction`, each object once:
    ///
    /// - an object inserted or updated there that still exists is in ``ChangeSet/objects``, an
    ///   updated one (not inserted there) with the properties its updates touched, decoded from
    ///   `ZCOLUMNS` (``ChangedColumns``);
    /// - an object deleted there (and not inserted there) is a tombstone, with the values Core
    ///   Data kept of it (`ZTOMBSTONE<n>`) under the names of the attributes they hold, when the
    ///   model says which those are;
    /// - an object inserted and deleted there is left out.
    ///
    /// Check the token first (``check(_:)``). What cannot be decoded is left out with a warning
    /// to `onWarning`, once per entity: a `ZCOLUMNS` whose length does not fit the entity's
    /// properties, bits of to-many relationships whose order is not known, tombstone values whose
    /// attributes the model does not say, a change of an entity the model does not have, an object
    /// the history says exists but the store does not have.
    public func changes(after transaction: Int64, onWarning: @escaping WarningHandler) throws -> ChangeSet {
        let database = store.database
        let layout = store.layout
        let model = layout.model
        warnOfDamage(before: transaction, onWarning: onWarning)
        guard try database.tableExists("ACHANGE") else { return ChangeSet() }
        try warnOfChangesWithoutTransaction(after: transaction, onWarning: onWarning)
        let columns = try ChangedColumns(layout: layout, database: database)
        let tombstoneColumns = try Self.tombstoneColumns(database)
        let statement = try database.prepare(
            "SELECT ZENTITY, ZENTITYPK, ZCHANGETYPE, ZCOLUMNS"
                + tombstoneColumns.map { ", " + SQLiteDatabase.quote($0.column) }.joined()
                + " FROM ACHANGE c WHERE ZTRANSACTIONID > ? AND " + Self.transactionExists
                + " ORDER BY ZENTITY, ZENTITYPK, ZTRANSACTIONID, Z_PK")
        try statement.bind(transaction, at: 1)
        var changes = ChangeSet()
        var warned: Set<String> = []
        func warnOnce(_ subject: String, _ message: @autoclosure () -> String) {
            if warned.insert(subject).inserted { onWarning(Warning(message())) }
        }
        let tombstones = TombstoneNames(layout: layout)
        let decoder = ValueDecoder(onWarning: onWarning)
        let existence = ExistenceCheck(layout: layout, database: database)
        var current: (number: Int64, row: Int64)?
        var object = ObjectHistory()

        func finish() throws {
            guard let (number, row) = current else { return }
            guard let entity = layout.entity(numbered: number), !model.entities[entity].isAbstract else {
                return warnOnce(
                    "entity \(number)",
                    "\(path): the history records changes of entity number \(number), which the model does not "
                        + "have: they are left out")
            }
            let key = ObjectKey(entity: entity, row: row)
            let name = model.entities[entity].name
            if object.isDeleted {
                if !object.isInserted { changes.tombstones.append(ChangeSet.Tombstone(key: key, values: object.kept)) }
                return
            }
            guard try existence.exists(key) else {
                return warnOnce(
                    "missing \(name)",
                    "\(store.id(of: key)): the history records a change but the object is not in the store, and no "
                        + "deletion (it was deleted while history tracking was off): left out, as are other such "
                        + "\(name) objects")
            }
            changes.objects.insert(key)
            guard !object.isInserted else { return }
            let decoded = columns.names(of: entity, in: object.bitmap)
            if decoded.doesNotFit {
                warnOnce(
                    "columns \(name)",
                    "\(store.id(of: key)): its ZCOLUMNS of \(object.bitmap.count) bytes does not fit the "
                        + "\(columns.count(of: entity)) properties the model gives \(name) "
                        + "(\((columns.count(of: entity) + 7) / 8) bytes): @changed names none of its properties, nor "
                        + "of other such \(name) objects")
            }
            if decoded.unnamed > 0 {
                warnOnce(
                    "to-many \(name)",
                    "\(store.id(of: key)): updates touched a to-many relationship of \(name), which has several "
                        + "one-to-many or several many-to-many ones, and Core Data's order of them in ZCOLUMNS is not "
                        + "known: @changed leaves it out (also for other \(name) objects)")
            }
            changes.changedProperties[key] = decoded.names
        }

        while try statement.step() {
            let number = statement.int64(at: 0)
            let row = statement.int64(at: 1)
            if current.map({ $0.number != number || $0.row != row }) ?? true {
                try finish()
                current = (number, row)
                object = ObjectHistory()
            }
            switch statement.int64(at: 2) {
            case 0:
                object = ObjectHistory(isInserted: true)
            case 1:
                if statement.storage(at: 3) == .blob { object.add(statement.bytes(at: 3)) }
            case 2:
                object.isDeleted = true
                object.kept = ValueMap()
                guard let entity = layout.entity(numbered: number) else { continue }
                for (index, tombstone) in tombstoneColumns.enumerated()
                where statement.storage(at: Int32(4 + index)) != .null {
                    let column = tombstone.number
                    guard let attribute = tombstones.attribute(of: entity, at: column) else {
                        warnOnce(
                            "tombstone \(entity)",
                            "\(path): deleted \(model.entities[entity].name) objects keep values in ZTOMBSTONE "
                                + "columns, but \(tombstones.reason(for: entity, at: column)): they are left out")
                        continue
                    }
                    let value = decoder.decode(
                        statement, at: Int32(4 + index), as: attribute.type,
                        context: "\(model.entities[entity].name).\(attribute.name) (tombstone)")
                    object.kept.entries.append(ValueMap.Entry(key: attribute.name, value: value.value))
                }
            default:
                warnOnce(
                    "change type",
                    "\(path): ACHANGE holds a ZCHANGETYPE other than 0, 1 and 2: such changes are ignored")
            }
        }
        try finish()
        changes.tombstones.sort { ($0.key.entity, $0.key.row) < ($1.key.entity, $1.key.row) }
        return changes
    }

    /// The condition on an `ACHANGE` row (`c`) that its transaction is in `ATRANSACTION`.
    private static let transactionExists = "EXISTS (SELECT 1 FROM ATRANSACTION t WHERE t.Z_PK = c.ZTRANSACTIONID)"

    /// Warns of the `ACHANGE` rows after `transaction` whose transaction `ATRANSACTION` does not
    /// have (a damaged history), which every delta leaves out.
    private func warnOfChangesWithoutTransaction(after transaction: Int64, onWarning: WarningHandler) throws {
        let orphans = try store.database.prepare(
            "SELECT count(*), min(ZTRANSACTIONID), max(ZTRANSACTIONID) FROM ACHANGE c WHERE ZTRANSACTIONID > ? AND NOT "
                + Self.transactionExists)
        try orphans.bind(transaction, at: 1)
        guard try orphans.step(), orphans.int64(at: 0) > 0 else { return }
        let count = orphans.int64(at: 0)
        let numbers =
            orphans.int64(at: 1) == orphans.int64(at: 2)
            ? "\(orphans.int64(at: 1))" : "\(orphans.int64(at: 1))–\(orphans.int64(at: 2))"
        onWarning(
            Warning(
                "\(path): \(count) ACHANGE row\(count == 1 ? " names a transaction" : "s name transactions") "
                    + "(\(numbers)) that ATRANSACTION does not have: the history is damaged, and "
                    + "\(count == 1 ? "it is" : "they are") left out"))
    }

    /// Whether objects exist, by one prepared `SELECT` per table.
    private final class ExistenceCheck {
        private let layout: CoreDataLayout
        private let database: SQLiteDatabase
        private var statements: [String: SQLiteStatement] = [:]

        init(layout: CoreDataLayout, database: SQLiteDatabase) {
            self.layout = layout
            self.database = database
        }

        /// Whether the store has a row of `key`'s entity with its `Z_PK`.
        func exists(_ key: ObjectKey) throws -> Bool {
            let entity = layout.entities[key.entity]
            let statement: SQLiteStatement
            if let known = statements[entity.table] {
                known.reset()
                statement = known
            } else {
                statement = try database.prepare(
                    "SELECT 1 FROM \(SQLiteDatabase.quote(entity.table)) WHERE Z_PK = ? AND Z_ENT = ?")
                statements[entity.table] = statement
            }
            try statement.bind(key.row, at: 1)
            try statement.bind(entity.number, at: 2)
            defer { statement.reset() }
            return try statement.step()
        }
    }

    /// The changes of one object in the transactions read, in order.
    private struct ObjectHistory {
        /// Whether its latest insertion is among them (then what came before does not matter).
        var isInserted = false
        /// Whether its last change is a deletion.
        var isDeleted = false
        /// The `ZCOLUMNS` of its updates since its latest insertion, or-ed together.
        var bitmap: [UInt8] = []
        /// The values its deletion kept.
        var kept = ValueMap()

        mutating func add(_ columns: [UInt8]) {
            if bitmap.count < columns.count { bitmap += repeatElement(0, count: columns.count - bitmap.count) }
            for (index, byte) in columns.enumerated() { bitmap[index] |= byte }
        }
    }

    /// The `ZTOMBSTONE<n>` columns of `ACHANGE` and their `n`, by `n`.
    private static func tombstoneColumns(_ database: SQLiteDatabase) throws -> [(number: Int, column: String)] {
        let prefix = "ZTOMBSTONE"
        return try database.columns(of: "ACHANGE").compactMap { column -> (number: Int, column: String)? in
            guard column.hasPrefix(prefix), let number = Int(column.dropFirst(prefix.count)) else { return nil }
            return (number, column)
        }.sorted { $0.number < $1.number }
    }

    /// The store's transactions, oldest first, each with its changes counted per entity; one
    /// at a time to `body`, so that memory does not grow with the history. A field the store
    /// recorded empty is `nil`, as one it did not record. What the history cannot say is left out
    /// with a warning to `onWarning`: a row whose `Z_PK` is no transaction number, a
    /// `ZTIMESTAMP` that is not a number (once), changes of transactions `ATRANSACTION` lacks,
    /// transactions missing from the middle of the history.
    public func forEachTransaction(
        onWarning: WarningHandler, _ body: (HistoryTransaction) throws -> Void
    ) throws {
        let database = store.database
        warnOfDamage(before: position.lastTransaction, onWarning: onWarning)
        let present = Set(try database.columns(of: "ATRANSACTION"))
        let strings = try database.tableExists("ATRANSACTIONSTRING")
        var selected = ["t.Z_PK", present.contains("ZTIMESTAMP") ? "t.ZTIMESTAMP" : "NULL"]
        var joins = ""
        for (index, field) in ["AUTHOR", "BUNDLEID", "PROCESSID", "CONTEXTNAME"].enumerated() {
            let direct = present.contains("Z" + field) ? "t.Z\(field)" : "NULL"
            guard strings, present.contains("Z\(field)TS") else {
                selected.append(direct)
                continue
            }
            joins += " LEFT JOIN ATRANSACTIONSTRING s\(index) ON s\(index).Z_PK = t.Z\(field)TS"
            selected.append("coalesce(s\(index).ZNAME, \(direct))")
        }
        let transactions = try database.prepare(
            "SELECT " + selected.joined(separator: ", ") + " FROM ATRANSACTION t" + joins
                + " WHERE typeof(t.Z_PK) = 'integer' ORDER BY t.Z_PK")
        let hasChanges = try database.tableExists("ACHANGE")
        let counts =
            hasChanges
            ? try database.prepare(
                "SELECT ZTRANSACTIONID, ZENTITY, ZCHANGETYPE, count(*) FROM ACHANGE WHERE ZTRANSACTIONID IS NOT NULL "
                    + "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3")
            : nil
        var pending = try counts?.step() ?? false
        var unlisted: (count: Int64, first: Int64, last: Int64)?
        func skip(_ counts: SQLiteStatement) {
            let number = counts.int64(at: 0)
            let previous = unlisted ?? (0, number, number)
            unlisted = (previous.count + counts.int64(at: 3), min(previous.first, number), max(previous.last, number))
        }
        var warnedOfTimestamp = false
        let model = store.layout.model
        while try transactions.step() {
            let number = transactions.int64(at: 0)
            var timestamp: Timestamp?
            switch transactions.storage(at: 1) {
            case .integer, .real: timestamp = Timestamp(secondsSinceReferenceDate: transactions.double(at: 1))
            case .null: break
            case .text, .blob:
                if !warnedOfTimestamp {
                    warnedOfTimestamp = true
                    onWarning(
                        Warning(
                            "\(path): transaction \(number) has a ZTIMESTAMP that is not a number of seconds: its time "
                                + "is left out, as that of other such transactions"))
                }
            }
            func field(_ column: Int32) -> String? {
                transactions.text(at: column).flatMap { $0.isEmpty ? nil : $0 }
            }
            var transaction = HistoryTransaction(
                number: number, timestamp: timestamp, author: field(2), bundleID: field(3), processID: field(4),
                contextName: field(5))
            while pending, let counts, counts.int64(at: 0) <= number {
                if counts.int64(at: 0) == number {
                    let entityNumber = counts.int64(at: 1)
                    let name = store.layout.entity(numbered: entityNumber).map { model.entities[$0].name }
                    transaction.count(
                        counts.int64(at: 3), ofType: counts.int64(at: 2), entity: name ?? "#\(entityNumber)")
                } else {
                    skip(counts)
                }
                pending = try counts.step()
            }
            try body(transaction)
        }
        while pending, let counts {
            skip(counts)
            pending = try counts.step()
        }
        if let unlisted {
            let numbers = unlisted.first == unlisted.last ? "\(unlisted.first)" : "\(unlisted.first)–\(unlisted.last)"
            let rows =
                unlisted.count == 1
                ? "1 ACHANGE row names a transaction" : "\(unlisted.count) ACHANGE rows name transactions"
            onWarning(
                Warning(
                    "\(path): \(rows) (\(numbers)) that ATRANSACTION does not have: the history is damaged, and "
                        + "\(unlisted.count == 1 ? "it is" : "they are") not listed"))
        }
    }
}

/// One transaction of a store's persistent history, as `graphexport log` lists it.
public struct HistoryTransaction: Sendable, Hashable {
    /// Its number (`ATRANSACTION.Z_PK`), which a history token carries.
    public var number: Int64
    /// When it was saved.
    public var timestamp: Timestamp?
    /// The context's `transactionAuthor`, if the app set one.
    public var author: String?
    /// The bundle identifier of the app that saved it.
    public var bundleID: String?
    /// The process that saved it, as Core Data records it (a name or a process identifier).
    public var processID: String?
    /// The name of the context that saved it, if it has one.
    public var contextName: String?
    /// Its changes, per entity, in the order of the entities' numbers.
    public var changes: [EntityChanges] = []

    /// How many objects of one entity a transaction inserted, updated and deleted.
    public struct EntityChanges: Sendable, Hashable {
        /// The entity's name (`#<Z_ENT>` for a number the model does not have).
        public var entity: String
        /// How many objects it inserted.
        public var inserted = 0
        /// How many objects it updated.
        public var updated = 0
        /// How many objects it deleted.
        public var deleted = 0

        /// Creates a count of no changes.
        public init(entity: String) {
            self.entity = entity
        }
    }

    /// Creates a transaction without changes.
    public init(
        number: Int64, timestamp: Timestamp? = nil, author: String? = nil, bundleID: String? = nil,
        processID: String? = nil, contextName: String? = nil
    ) {
        self.number = number
        self.timestamp = timestamp
        self.author = author
        self.bundleID = bundleID
        self.processID = processID
        self.contextName = contextName
    }

    /// Adds `count` changes of `type` (`ZCHANGETYPE`: 0 insert, 1 update, 2 delete) of `entity`.
    mutating func count(_ count: Int64, ofType type: Int64, entity: String) {
        if changes.last?.entity != entity { changes.append(EntityChanges(entity: entity)) }
        let last = changes.count - 1
        switch type {
        case 0: changes[last].inserted += Int(count)
        case 1: changes[last].updated += Int(count)
        case 2: changes[last].deleted += Int(count)
        default: break
        }
    }
}
