import GraphExport
import GraphExportRelational
import GraphExportSQL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run into a PostgreSQL schema (docs/SYNC.md): one transaction that first takes an advisory
/// lock named by the schema (waiting `--busy-timeout` for another sync's, as `lock_timeout`),
/// then reads the record, and runs `-f sql`'s script: into the schema itself for a first run or a
/// rebuild (its `COPY` blocks loading the tables), else into a staging schema of the transaction
/// whose rows are applied by ``SyncStatements`` and which is dropped before the commit.
struct PostgreSQLSync {
    let store: SyncedStore
    let uri: String
    /// `--target-schema`, or `nil` for the connection's current schema.
    let schemaName: String?
    /// The target as messages name it.
    let target: String
    let options: SyncOptions
    let onWarning: WarningHandler

    func run() throws -> SyncReport {
        let schema = try store.relationalSchema()
        let current = SyncRecord(store: store, schema: schema, dialect: .postgresql)
        let connection = try PostgreSQLConnection(
            uri: uri, target: target, busyTimeout: options.busyTimeoutMilliseconds)
        let place = try schemaName ?? connection.rows("SELECT current_schema()").first?.first.flatMap { $0 } ?? "public"
        let catalog = TargetCatalog(connection: connection, target: target, place: place)
        try connection.execute("BEGIN")
        do {
            // lock_timeout 0 waits for ever: a timeout of 0 waits a millisecond.
            try connection.execute([
                "SET LOCAL lock_timeout = \(max(1, options.busyTimeoutMilliseconds))",
                "SELECT pg_advisory_xact_lock(hashtext(\(SQLText.literal("graphexport sync " + place))))",
                "CREATE SCHEMA IF NOT EXISTS \(SQLText.identifier(place))",
            ])
            let recorded = try catalog.record()
            let plan = try SyncPlan(
                recorded: recorded, current: current, store: store, options: options, onWarning: onWarning)
            guard plan.mode != .unchanged else {
                try connection.execute("ROLLBACK")
                return report(plan, counts: (0, 0, 0), record: current)
            }
            let counts =
                plan.mode == .first || plan.mode == .rebuild
                ? try load(schema, catalog: catalog, recorded: recorded, on: connection)
                : try apply(schema, plan: plan, catalog: catalog, on: connection)
            if options.dryRun {
                try connection.execute("ROLLBACK")
            } else {
                try connection.execute(current.statements(in: catalog.qualifier, dialect: .postgresql) + ["COMMIT"])
            }
            return report(plan, counts: counts, record: current)
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// A first run or a rebuild: drops what the last sync made, then runs the whole script in the
    /// schema. Returns the counts of the report.
    private func load(
        _ schema: RelationalSchema, catalog: TargetCatalog, recorded: SyncRecord?, on connection: PostgreSQLConnection
    ) throws -> (Int64, Int64, Int64) {
        try catalog.checkNothingInTheWay(of: schema, recorded: recorded)
        try connection.execute(try catalog.dropStatements(recorded: recorded))
        try runScript(changes: nil, in: catalog.qualifier, on: connection)
        let counts = schema.tables.compactMap { table -> String? in
            guard case .hierarchy = table.kind else { return nil }
            return "(SELECT count(*) FROM \(catalog.qualifier).\(SQLText.identifier(table.name)))"
        }
        let inserted = try connection.integers("SELECT \(counts.isEmpty ? "0" : counts.joined(separator: " + "))")
        return (inserted.first ?? 0, 0, 0)
    }

    /// A delta or a comparison: checks the copy's tables, stages the rows in a schema of the
    /// transaction, fills the work table, counts, and (unless a dry run) applies.
    private func apply(
        _ schema: RelationalSchema, plan: SyncPlan, catalog: TargetCatalog, on connection: PostgreSQLConnection
    ) throws -> (Int64, Int64, Int64) {
        try catalog.checkTables(of: schema)
        let staging = SQLText.identifier("graphexport_staging_\(getpid())")
        try connection.execute("CREATE SCHEMA \(staging)")
        try runScript(changes: plan.mode == .delta ? plan.changes : nil, in: staging, on: connection)
        let statements = SyncStatements(
            schema: schema, dialect: .postgresql, target: catalog.qualifier, staging: staging,
            work: "\(staging).graphexport_work")
        try connection.execute([statements.createWork])
        try connection.execute(plan.mode == .delta ? statements.fillFromDelta : statements.fillFromComparison)
        let counts = try connection.integers(statements.counts)
        if !options.dryRun { try connection.execute(statements.apply) }
        try connection.execute("DROP SCHEMA \(staging) CASCADE")
        guard counts.count == 3 else { return (0, 0, 0) }
        return (counts[0], counts[1] - counts[0], counts[2])
    }

    /// Runs the `-f sql` script of the rows the run needs (every object, or `changes`) with
    /// `qualifier` (a quoted schema name) first in the transaction's `search_path`.
    private func runScript(changes: ChangeSet?, in qualifier: String, on connection: PostgreSQLConnection) throws {
        try connection.execute("SET LOCAL search_path TO \(qualifier)")
        let script = PostgreSQLScript(connection: connection)
        try store.stage(
            changes: changes,
            into: SQLGraphWriter(
                sink: script, dialect: .postgresql, selectionText: store.selectionText, onWarning: onWarning),
            onWarning: onWarning)
        try script.finish()
    }

    private func report(_ plan: SyncPlan, counts: (Int64, Int64, Int64), record: SyncRecord) -> SyncReport {
        SyncReport(
            target: target, mode: plan.mode, reason: plan.reason, dryRun: options.dryRun, inserted: counts.0,
            updated: counts.1, deleted: counts.2, historyToken: record.historyToken, storeUUID: record.storeUUID)
    }
}
