import Foundation
import GraphExportSync
import XCTest

/// The real stores with history of `../shared/coredata-samples/` (Apple Notes and both Photos
/// libraries; SwiftData's is ``SaveBySaveSyncTests``'), changed save by save the way Core Data saves
/// (rows, then history rows in Core Data's layout), synced into SQLite after every save: after each
/// run the copy equals a fresh `-f sqlite` export. And Chinook, a plain database without history,
/// changed with `sqlite3`: every later run compares, and the copy equals the export all the same.
final class SharedStoreSyncTests: XCTestCase {
    func testNotesChangedSaveBySave() throws {
        let fixture = try SyncFixture(
            shared: "coredata-samples/apple-notes-macos12", store: "NoteStore.sqlite", for: self)
        // Notes keeps every synced object in ZICCLOUDSYNCINGOBJECT; ICFolder is entity 14. Folder 14
        // (Folder2) holds folder 15, which holds folder 17.
        let folder = 14
        let saves = [
            HistorySave(
                "UPDATE ZICCLOUDSYNCINGOBJECT SET ZTITLE2 = 'Recipes', Z_OPT = Z_OPT + 1 WHERE Z_PK = 14;",
                [(1, folder, 14)]),
            HistorySave(
                """
                INSERT INTO ZICCLOUDSYNCINGOBJECT (Z_PK, Z_ENT, Z_OPT, ZTITLE2, ZOWNER, ZPARENT)
                    VALUES (20, 14, 1, 'Summer', 3, 14);
                UPDATE Z_PRIMARYKEY SET Z_MAX = 20 WHERE Z_NAME = 'ICCloudSyncingObject';
                """, [(0, folder, 20), (1, folder, 14)]),
            // A folder moves under the new one: both parents' children change.
            HistorySave(
                "UPDATE ZICCLOUDSYNCINGOBJECT SET ZPARENT = 20, Z_OPT = Z_OPT + 1 WHERE Z_PK = 17;",
                [(1, folder, 17), (1, folder, 15), (1, folder, 20)]),
            // The new folder is deleted: the folder it held loses its parent (nullify).
            HistorySave(
                "UPDATE ZICCLOUDSYNCINGOBJECT SET ZPARENT = NULL, Z_OPT = Z_OPT + 1 WHERE Z_PK = 17;"
                    + "DELETE FROM ZICCLOUDSYNCINGOBJECT WHERE Z_PK = 20;",
                [(2, folder, 20), (1, folder, 17), (1, folder, 14)]),
        ]
        try syncSaveBySave(fixture, saves)
    }

    func testPhotosChangedSaveBySave() throws {
        for library in ["apple-photos-10.15.7", "apple-photos-10.15.7-osxphotos"] {
            let fixture = try SyncFixture(shared: "coredata-samples/" + library, store: "Photos.sqlite", for: self)
            // Keyword is entity 37 (ZKEYWORD), Album 26 (in ZGENERICALBUM) in both libraries.
            let keyword = try XCTUnwrap(
                Int(try SyncFixture.rows("SELECT Z_MAX + 1 FROM Z_PRIMARYKEY WHERE Z_ENT = 37", in: fixture.store)[0]))
            let album = try XCTUnwrap(
                Int(try SyncFixture.rows("SELECT min(Z_PK) FROM ZGENERICALBUM WHERE Z_ENT = 26", in: fixture.store)[0]))
            let saves = [
                HistorySave(
                    """
                    INSERT INTO ZKEYWORD (Z_PK, Z_ENT, Z_OPT, ZTITLE, ZUUID)
                        VALUES (\(keyword), 37, 1, 'Harvest', '5B1C0A34-6C1E-4D51-9B57-2B7E4C2F0A11');
                    UPDATE Z_PRIMARYKEY SET Z_MAX = \(keyword) WHERE Z_ENT = 37;
                    """, [(0, 37, keyword)]),
                HistorySave(
                    "UPDATE ZKEYWORD SET ZTITLE = 'Autumn', Z_OPT = Z_OPT + 1 WHERE Z_PK = \(keyword);"
                        + "UPDATE ZGENERICALBUM SET ZTITLE = 'Renamed', Z_OPT = Z_OPT + 1 WHERE Z_PK = \(album);",
                    [(1, 37, keyword), (1, 26, album)]),
                HistorySave("DELETE FROM ZKEYWORD WHERE Z_PK = \(keyword);", [(2, 37, keyword)]),
            ]
            try syncSaveBySave(fixture, saves, library)
        }
    }

    func testChinookChangedWithSQLite3IsCompared() throws {
        let fixture = try SyncFixture(shared: "data/chinook/Chinook.sqlite", plain: true, for: self)
        let target = fixture.folder.path("copy.db")
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: target)).mode, .first)
        let changes = [
            "INSERT INTO Artist (ArtistId, Name) VALUES (276, 'Sync Quartet');"
                + "INSERT INTO Album (AlbumId, Title, ArtistId) VALUES (348, 'First Light', 276);",
            "UPDATE Track SET Name = 'Renamed', AlbumId = 348 WHERE TrackId = 1;",
            // A playlist loses a track (a join row), an invoice loses a line.
            "DELETE FROM PlaylistTrack WHERE PlaylistId = 1 AND TrackId = 3;"
                + "DELETE FROM InvoiceLine WHERE InvoiceLineId = 1;",
            // A track deleted with the rows that name it.
            "DELETE FROM InvoiceLine WHERE TrackId = 1; DELETE FROM PlaylistTrack WHERE TrackId = 1;"
                + "DELETE FROM Track WHERE TrackId = 1;",
        ]
        for (index, sql) in changes.enumerated() {
            try fixture.change(sql)
            let report = try fixture.sync(into: .sqlite(path: target))
            XCTAssertEqual(report.mode, .comparison, "change \(index + 1)")
            XCTAssertNotEqual(report.inserted + report.updated + report.deleted, 0, "change \(index + 1)")
            try fixture.assertCopyEqualsExport(target, "Chinook after change \(index + 1)")
        }
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: target)).inserted, 0)
    }

    /// Syncs the store into a new copy, then after each of `saves`; after each run the copy is the
    /// export. Then a copy of the first state, synced once after the last save, is too.
    private func syncSaveBySave(
        _ fixture: SyncFixture, _ saves: [HistorySave], _ name: String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let target = fixture.folder.path("copy.db")
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: target)).mode, .first, file: file, line: line)
        try fixture.assertCopyEqualsExport(target, "\(name) first sync", file: file, line: line)
        let old = fixture.folder.path("old.db")
        try FileManager.default.copyItem(atPath: target, toPath: old)
        for (index, save) in saves.enumerated() {
            try fixture.change(save.sql(number: index))
            let report = try fixture.sync(into: .sqlite(path: target))
            XCTAssertEqual(report.mode, .delta, "\(name) save \(index + 1)", file: file, line: line)
            try fixture.assertCopyEqualsExport(target, "\(name) after save \(index + 1)", file: file, line: line)
        }
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: old)).mode, .delta, file: file, line: line)
        try fixture.assertCopyEqualsExport(
            old, "\(name) a first copy synced after the last save", file: file, line: line)
    }
}
