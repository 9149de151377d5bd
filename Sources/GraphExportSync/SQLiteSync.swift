import GraphExport
import GraphExportRelational
import GraphExportSQLiteFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run into a SQLite file (docs/SYNC.md): the rows staged by `-f sqlite`'s writer in a private
/// file, attached to the target's connection, and applied in one transaction of the target.
///
/// The target's write lock (`BEGIN IMMEDIATE`) is taken once the rows are staged (SQLite attaches
/// no file inside a transaction); the record is then read again, and a run that finds another
/// sync committed meanwhile plans and stages again from what that one recorded.
struct SQLiteSync {
    let store: SyncedStore
    let path: String
    let options: SyncOptions
    let onWarning: WarningHandler

    /// How many times a run plans again after another sync committed under it.
    private static let attempts = 3
    /// The name the staged database is attached as.
    private static let staging = "staging"

    /// Runs the sync; a file this run made and left empty (a failure, a dry run) is removed.
    func run() throws -> SyncReport {
        let existed = access(path, F_OK) == 0
        defer {
            var info = stat()
            if !existed, stat(path, &info) == 0, info.st_size == 0 { unlink(path) }
        }
        return try runOnce()
    }

    private func runOnce() throws -> SyncReport {
        let schema = try store.relationalSchema()
        let current = SyncRecord(store: store, schema: schema, dialect: .sqlite)
        let connection = try SQLiteTargetConnection(path: path, busyTimeout: options.busyTimeoutMilliseconds)
        let catalog = TargetCatalog(connection: connection, target: path, place: "main")
        for _ in 0..<Self.attempts {
            let recorded = try readRecord(catalog, connection: connection)
            let plan = try SyncPlan(
                recorded: recorded, current: current, store: store, options: options, onWarning: onWarning)
            guard plan.mode != .unchanged else { return report(plan, counts: (0, 0, 0), record: current) }
            let staged = try StagingFile()
            try store.stage(
                changes: plan.changes,
                into: SQLiteGraphWriter(sink: staged.sink, selectionText: store.selectionText, onWarning: onWarning),
                onWarning: onWarning)
            try staged.attach(to: connection, as: Self.staging)
            defer { try? connection.execute("DETACH \(Self.staging)") }
            try connection.execute(options.dryRun ? "BEGIN" : "BEGIN IMMEDIATE")
            do {
                guard try catalog.record() == recorded else {
                    try connection.execute("ROLLBACK")
                    continue
                }
                let counts =
                    plan.mode == .first || plan.mode == .rebuild
                    ? try load(schema, catalog: catalog, recorded: recorded)
                    : try apply(schema, plan: plan, catalog: catalog)
                if options.dryRun {
                    try connection.execute("ROLLBACK")
                } else {
                    try connection.execute(current.statements(in: "main", dialect: .sqlite) + ["COMMIT"])
                }
                return report(plan, counts: counts, record: current)
            } catch {
                if connection.isInTransaction { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
        throw SyncError.busy(target: path, milliseconds: options.busyTimeoutMilliseconds)
    }

    /// The record the target holds, read in one read transaction.
    private func readRecord(_ catalog: TargetCatalog, connection: SQLiteTargetConnection) throws -> SyncRecord? {
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        return try catalog.record()
    }

    /// A first run or a rebuild: drops what the last sync made, makes the tables and indexes, copies
    /// every staged table whole (SQLite copies into an empty table and its indexes record by record,
    /// without decoding them), then makes the views. Returns the counts of the report.
    private func load(
        _ schema: RelationalSchema, catalog: TargetCatalog, recorded: SyncRecord?
    ) throws -> (Int64, Int64, Int64) {
        let connection = catalog.connection
        try catalog.checkNothingInTheWay(of: schema, recorded: recorded)
        try connection.execute(try catalog.dropStatements(recorded: recorded))
        let script = SchemaSQL(schema: schema, dialect: .sqlite)
        try connection.execute(script.tables + script.keysAndIndexes)
        for table in [schema.sourceTable, schema.deletedTable, schema.columnsTable] + schema.tables.map(\.name) {
            let name = SQLText.identifier(table)
            try connection.execute("INSERT INTO main.\(name) SELECT * FROM \(Self.staging).\(name);")
        }
        try connection.execute(script.views)
        let counts = schema.tables.compactMap { table -> String? in
            guard case .hierarchy = table.kind else { return nil }
            return "(SELECT count(*) FROM main.\(SQLText.identifier(table.name)))"
        }
        let inserted = try connection.integers("SELECT \(counts.isEmpty ? "0" : counts.joined(separator: " + "))")
        return (inserted.first ?? 0, 0, 0)
    }

    /// A delta or a comparison: checks the copy's tables, fills the work table, counts, and (unless
    /// a dry run) applies.
    private func apply(
        _ schema: RelationalSchema, plan: SyncPlan, catalog: TargetCatalog
    ) throws -> (Int64, Int64, Int64) {
        let connection = catalog.connection
        try catalog.checkTables(of: schema)
        let statements = SyncStatements(
            schema: schema, dialect: .sqlite, target: "main", staging: Self.staging, work: "temp.graphexport_work")
        try connection.execute(statements.createWork)
        defer { try? connection.execute("DROP TABLE temp.graphexport_work") }
        try connection.execute(plan.mode == .delta ? statements.fillFromDelta : statements.fillFromComparison)
        let counts = try connection.integers(statements.counts)
        guard counts.count == 3 else { return (0, 0, 0) }
        if !options.dryRun { try connection.execute(statements.apply) }
        return (counts[0], counts[1] - counts[0], counts[2])
    }

    private func report(_ plan: SyncPlan, counts: (Int64, Int64, Int64), record: SyncRecord) -> SyncReport {
        SyncReport(
            target: path, mode: plan.mode, reason: plan.reason, dryRun: options.dryRun, inserted: counts.0,
            updated: counts.1, deleted: counts.2, historyToken: record.historyToken, storeUUID: record.storeUUID)
    }
}
