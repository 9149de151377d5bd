import Foundation
import GraphExportSync
import XCTest

/// A sync into the private PostgreSQL server `make test` starts (``PostgreSQLServer``): the first
/// run loads with `COPY`, every save of the SwiftData sample is synced as a delta and Chinook's
/// changes by comparison, and after each run the schema holds what loading a fresh `-f sql`
/// export makes; two stores in two schemas of one database; a schema edited by hand; a server that
/// refuses the connection or the password: nothing written, and the error says libpq's reason.
final class PostgreSQLSyncTests: XCTestCase {
    func testEverySaveSyncedIntoPostgreSQLGivesTheExport() throws {
        let server = try PostgreSQLServer(for: self)
        let fixture = try SyncFixture(
            shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
        let target = SyncTarget.postgresql(uri: server.uri, schema: nil)
        let first = try fixture.sync(into: target)
        XCTAssertEqual(first.mode, .first)
        XCTAssertEqual(first.inserted, 16)
        try server.assertSchema("public", equalsExportOf: fixture, "first sync")
        for (index, save) in SaveBySaveSyncTests.saves.enumerated() {
            try fixture.change(save.sql(number: index))
            XCTAssertEqual(try fixture.sync(into: target, options: SyncOptions(dryRun: true)).mode, .delta)
            let report = try fixture.sync(into: target)
            XCTAssertEqual(report.mode, .delta, "save \(index + 1)")
            XCTAssertEqual(report.historyToken, "1D070E6D-145B-4367-8928-974368B60AC7:\(39 + index)")
            try server.assertSchema("public", equalsExportOf: fixture, "after save \(index + 1)")
        }
        XCTAssertEqual(try fixture.sync(into: target).mode, .unchanged)
        XCTAssertEqual(
            try server.psql("SELECT value FROM public.graphexport_sync WHERE key = 'historyToken'"),
            ["1D070E6D-145B-4367-8928-974368B60AC7:\(38 + SaveBySaveSyncTests.saves.count)"])
    }

    func testChinookChangedWithSQLite3IsComparedIntoItsOwnSchema() throws {
        let server = try PostgreSQLServer(for: self)
        let fixture = try SyncFixture(shared: "data/chinook/Chinook.sqlite", plain: true, for: self)
        let swiftData = try SyncFixture(
            shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
        let target = SyncTarget.postgresql(uri: server.uri, schema: "chinook")
        XCTAssertEqual(try fixture.sync(into: target).mode, .first)
        // Another store beside it, in a schema of its own.
        XCTAssertEqual(try swiftData.sync(into: .postgresql(uri: server.uri, schema: "phone")).mode, .first)
        try fixture.change(
            "INSERT INTO Artist (ArtistId, Name) VALUES (276, 'Sync Quartet');"
                + "UPDATE Track SET Name = 'Renamed' WHERE TrackId = 2;"
                + "DELETE FROM InvoiceLine WHERE TrackId = 1; DELETE FROM PlaylistTrack WHERE TrackId = 1;"
                + "DELETE FROM Track WHERE TrackId = 1;")
        let report = try fixture.sync(into: target)
        XCTAssertEqual(report.mode, .comparison)
        XCTAssertEqual(report.reason, "the store keeps no persistent history")
        XCTAssertEqual([report.inserted, report.updated], [1, 1])
        try server.assertSchema("chinook", equalsExportOf: fixture, "Chinook after the change")
        try server.assertSchema("phone", equalsExportOf: swiftData, "the other store's schema")
    }

    func testASchemaEditedByHandStopsTheRunNamingTheTable() throws {
        let server = try PostgreSQLServer(for: self)
        let fixture = try SyncFixture(
            shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
        let target = SyncTarget.postgresql(uri: server.uri, schema: "copy")
        try fixture.sync(into: target)
        try server.psql("ALTER TABLE copy.\"Item\" DROP COLUMN name")
        try fixture.change(SaveBySaveSyncTests.saves[0].sql(number: 0))
        XCTAssertThrowsError(try fixture.sync(into: target)) { error in
            guard case SyncError.tableChanged(_, let table, let detail) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(table, "Item")
            XCTAssertEqual(detail, "its column \"name\" is missing")
        }
        XCTAssertEqual(
            try server.psql("SELECT value FROM copy.graphexport_sync WHERE key = 'historyToken'"),
            ["1D070E6D-145B-4367-8928-974368B60AC7:38"], "the record moved on")
        XCTAssertEqual(try fixture.sync(into: target, options: SyncOptions(full: true)).mode, .rebuild)
        try server.assertSchema("copy", equalsExportOf: fixture, "rebuilt")
    }

    func testAConnectionLostDuringARunWritesNothingAndTheNextRunConverges() throws {
        let server = try PostgreSQLServer(for: self)
        let fixture = try SyncFixture(shared: "data/chinook/Chinook.sqlite", plain: true, for: self)
        let target = SyncTarget.postgresql(uri: server.uri, schema: "copy")
        let outcome = RunOutcome(StoreSync(store: try fixture.opened(), target: target))
        let finished = DispatchSemaphore(value: 0)
        Thread {
            outcome.run()
            finished.signal()
        }.start()
        // The server ends the run's connection once its transaction has begun, as a server that
        // stops or restarts does.
        var terminated = false
        for _ in 0..<2000 where !terminated {
            terminated =
                try server.psql(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND "
                        + "pid <> pg_backend_pid() AND xact_start IS NOT NULL") == ["t"]
            if finished.wait(timeout: .now()) == .success {
                finished.signal()
                break
            }
        }
        finished.wait()
        XCTAssertTrue(terminated, "the run ended before its connection could be ended")
        guard let error = outcome.error as? SyncError, case .connectionLost(_, _, let duringCommit) = error else {
            return XCTFail(
                "not a lost connection: \(String(describing: outcome.error)) \(String(describing: outcome.report))")
        }
        XCTAssertEqual(error.exitStatus, .unavailable)
        XCTAssertFalse(duringCommit)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'copy'"), ["0"])
        XCTAssertEqual(try fixture.sync(into: target).mode, .first)
        try server.assertSchema("copy", equalsExportOf: fixture, "the run after the lost one")
    }

    func testAServerThatRefusesTheConnectionOrThePasswordIsTargetUnavailableWithLibpqsReason() throws {
        let server = try PostgreSQLServer(for: self)
        let fixture = try SyncFixture(
            shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
        let nowhere = fixture.folder.path("no-server")
        try FileManager.default.createDirectory(atPath: nowhere, withIntermediateDirectories: true)
        let refusals = [
            ("postgresql://postgres@/\(server.database)?host=\(nowhere)", "No such file or directory"),
            (
                "postgresql://postgres@/no_such_database?host=\(server.folder)",
                "database \"no_such_database\" does not exist"
            ),
            (
                "postgresql://postgres:secret@/\(server.database)?host=\(server.folder)&user=no_such_role",
                "no_such_role"
            ),
        ]
        for (uri, reason) in refusals {
            XCTAssertThrowsError(try fixture.sync(into: .postgresql(uri: uri, schema: nil))) { error in
                guard let error = error as? SyncError, case .cannotConnect(let target, let message) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(error.exitStatus, .unavailable)
                XCTAssertTrue(message.contains(reason), message)
                XCTAssertFalse(message.contains("\n"), message)
                XCTAssertFalse(target.contains("secret"), target)
            }
        }
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"), ["0"])
    }
}

/// A run on another thread, and what it ended with, read once the thread has signalled.
private final class RunOutcome: @unchecked Sendable {
    private let sync: StoreSync
    private(set) var report: SyncReport?
    private(set) var error: (any Error)?

    init(_ sync: StoreSync) {
        self.sync = sync
    }

    func run() {
        do {
            report = try sync.run()
        } catch {
            self.error = error
        }
    }
}
