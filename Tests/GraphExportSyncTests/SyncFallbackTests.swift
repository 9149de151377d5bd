import Foundation
import GraphExportSync
import XCTest

/// When the history cannot say what changed since the recorded token, a run compares, saying why;
/// when the tables would change, it rebuilds; a table no sync made is never written over
/// (docs/SYNC.md, *What a run does*, *Guarantees*). After every run that writes, the copy equals
/// a fresh export.
final class SyncFallbackTests: XCTestCase {
    private func swiftData() throws -> SyncFixture {
        try SyncFixture(shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
    }

    func testACopyOfAnotherStoreIsCompared() throws {
        let fixture = try swiftData()
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        try fixture.change(
            "UPDATE Z_METADATA SET Z_UUID = '0F0E0D0C-0B0A-4908-8706-050403020100';"
                + SaveBySaveSyncTests.saves[0].sql(number: 0))
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .comparison)
        XCTAssertEqual(
            report.reason,
            "the copy was made from another store (UUID 1D070E6D-145B-4367-8928-974368B60AC7, this store's is "
                + "0F0E0D0C-0B0A-4908-8706-050403020100)")
        // Every object's `_id` is a URI of the store's UUID: each of the 16 changed.
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [1, 16, 0])
        try fixture.assertCopyEqualsExport(target, "after the comparison")
    }

    func testAHistoryPrunedPastTheRecordedTokenIsCompared() throws {
        let fixture = try swiftData()
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        try fixture.change(SaveBySaveSyncTests.saves[0].sql(number: 0))
        try fixture.change(SaveBySaveSyncTests.saves[1].sql(number: 1))
        // As Core Data prunes: the oldest transactions, up to and including the first new one.
        try fixture.change("DELETE FROM ACHANGE WHERE ZTRANSACTIONID <= 39; DELETE FROM ATRANSACTION WHERE Z_PK <= 39;")
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .comparison)
        let reason = try XCTUnwrap(report.reason)
        XCTAssertTrue(reason.hasPrefix("the history cannot say what changed: "), reason)
        XCTAssertTrue(reason.contains("pruned"), reason)
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [1, 0, 0])
        try fixture.assertCopyEqualsExport(target, "after the comparison")
    }

    func testATokenNewerThanTheStoreIsCompared() throws {
        let fixture = try swiftData()
        let older = fixture.folder.path("older.store")
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: fixture.store + suffix) {
            try FileManager.default.copyItem(atPath: fixture.store + suffix, toPath: older + suffix)
        }
        try fixture.change(SaveBySaveSyncTests.saves[0].sql(number: 0))
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        // The store put back from a backup older than the copy.
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: fixture.store + suffix)
            if FileManager.default.fileExists(atPath: older + suffix) {
                try FileManager.default.moveItem(atPath: older + suffix, toPath: fixture.store + suffix)
            }
        }
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .comparison)
        XCTAssertTrue(report.reason?.hasPrefix("the history cannot say what changed: ") == true, "\(report)")
        XCTAssertEqual([report.inserted, report.updated, report.deleted], [0, 0, 1])
        try fixture.assertCopyEqualsExport(target, "after the comparison")
    }

    func testAChangedModelRebuildsTheTables() throws {
        let fixture = try SyncFixture(shared: "data/chinook/Chinook.sqlite", plain: true, for: self)
        let target = fixture.folder.path("copy.db")
        try fixture.sync(into: .sqlite(path: target))
        try fixture.change(
            "ALTER TABLE Artist ADD COLUMN Country TEXT; UPDATE Artist SET Country = 'AU' WHERE ArtistId = 1;")
        let report = try fixture.sync(into: .sqlite(path: target))
        XCTAssertEqual(report.mode, .rebuild)
        XCTAssertTrue(report.reason?.hasPrefix("the model changed since the last sync") == true, "\(report)")
        try fixture.assertCopyEqualsExport(target, "after the rebuild")
        XCTAssertEqual(try SyncFixture.rows("SELECT Country FROM Artist WHERE _pk = 1", in: target), ["AU"])
    }

    func testATableNoSyncMadeIsNeverWrittenOver() throws {
        let fixture = try swiftData()
        let target = fixture.folder.path("export.db")
        // An export (-o), not a copy a sync made.
        _ = try FileManager.default.copyItem(atPath: try fixture.freshExport(), toPath: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        XCTAssertThrowsError(try fixture.sync(into: .sqlite(path: target))) { error in
            guard case SyncError.inTheWay(_, let name, let isView) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "graphexport_source")
            XCTAssertFalse(isView)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), before, "the export was written")
    }
}
