import Foundation
import GraphExportSync
import XCTest

/// A sync into a SQLite file, run by run, on a copy of the SwiftData sample store: the first run
/// loads everything and records what it synced, a later one applies only what changed, the same
/// token writes nothing, and a dry run writes nothing (docs/SYNC.md).
final class SQLiteSyncTests: XCTestCase {
    private static let storeUUID = "1D070E6D-145B-4367-8928-974368B60AC7"

    private func fixture() throws -> SyncFixture {
        try SyncFixture(shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
    }

    /// A save that inserts an item, renames another, and deletes a component.
    private let save = HistorySave(
        """
        INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (13, 3, 1, 'Iron Ore');
        UPDATE Z_PRIMARYKEY SET Z_MAX = 13 WHERE Z_NAME = 'Item';
        UPDATE ZITEM SET ZNAME = 'Copper', Z_OPT = Z_OPT + 1 WHERE Z_PK = 12;
        DELETE FROM ZCOMPONENT WHERE Z_PK = 7;
        """, [(0, 3, 13), (1, 3, 12), (2, 1, 7)])

    func testAFirstRunLoadsEverythingAndRecordsWhatItSynced() throws {
        let fixture = try fixture()
        let target = fixture.folder.path("copy.db")
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .first)
        let objects = try SyncFixture.rows(
            "SELECT (SELECT count(*) FROM Item) + (SELECT count(*) FROM Component) + (SELECT count(*) FROM CraftingRecipe)",
            in: target)
        XCTAssertEqual(objects, [String(report.inserted)])
        XCTAssertGreaterThan(report.inserted, 0)
        XCTAssertEqual(report.historyToken, "\(Self.storeUUID):38")
        try fixture.assertCopyEqualsExport(target, "after the first run")
        let record = try SyncFixture.rows(
            "SELECT key, value FROM graphexport_sync WHERE key NOT IN ('table', 'view', 'syncedAt', 'source') ORDER BY key",
            in: target)
        XCTAssertEqual(record.count, 5, "\(record)")
        XCTAssertEqual(record.filter { $0.hasPrefix("historyToken|") }, ["historyToken|\(Self.storeUUID):38"])
        XCTAssertEqual(record.filter { $0.hasPrefix("storeUUID|") }, ["storeUUID|\(Self.storeUUID)"])
        XCTAssertEqual(record.filter { $0.hasPrefix("selection|") }, ["selection|"])
        XCTAssertEqual(record.filter { $0.hasPrefix("modelHash|") }.first?.count, "modelHash|".count + 16)
        XCTAssertEqual(
            try SyncFixture.rows(
                "SELECT value FROM graphexport_sync WHERE key = 'table' AND value = 'Item'", in: target),
            ["Item"], "the tables it made are recorded")
    }

    func testALaterRunAppliesOnlyWhatChanged() throws {
        let fixture = try fixture()
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        try fixture.change(save.sql(number: 0))
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .delta)
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [1, 1, 1])
        XCTAssertEqual(report.historyToken, "\(Self.storeUUID):39")
        XCTAssertEqual(
            report.line, "\(target): 1 inserted, 1 updated, 1 deleted (delta); token \(Self.storeUUID):39")
        try fixture.assertCopyEqualsExport(target, "after the delta")
        XCTAssertEqual(
            try SyncFixture.rows("SELECT value FROM graphexport_sync WHERE key = 'historyToken'", in: target),
            ["\(Self.storeUUID):39"])
    }

    func testTheSameTokenWritesNothing() throws {
        let fixture = try fixture()
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .unchanged)
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [0, 0, 0])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), before, "the file is not written")
    }

    func testADryRunSaysWhatItWouldDoAndWritesNothing() throws {
        let fixture = try fixture()
        let target = fixture.folder.path("copy.db")
        let first = try fixture.sync(into: .sqlite(path: target), options: SyncOptions(dryRun: true))
        XCTAssertEqual(first.mode, .first)
        XCTAssertGreaterThan(first.inserted, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "a dry first run leaves no file")
        try fixture.sync(into: .sqlite(path: target))
        let before = try DatabaseContents(path: target)
        try fixture.change(save.sql(number: 0))
        let report = try fixture.sync(into: .sqlite(path: target), options: SyncOptions(dryRun: true))
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [1, 1, 1])
        XCTAssertTrue(report.line.contains("would insert 1, update 1, delete 1"), report.line)
        XCTAssertNil(try DatabaseContents(path: target).difference(from: before), "nothing written")
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: target)).mode, .delta, "the real run still applies it")
        try fixture.assertCopyEqualsExport(target, "after the real run")
    }
}
