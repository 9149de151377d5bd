import Foundation
import GraphExport
import XCTest

@testable import GraphExportSQLite

/// The private folder a copy lives in, and the errors a connection reports for other processes' files.
final class StoreFileTests: XCTestCase {
    func testPrivateFolderIsTheOwnersOnlyAndGoesWithTheLastConnection() throws {
        let folder = try ScratchFolder(for: self)
        let database = try PlainDatabase(walIn: folder, sql: "CREATE TABLE t(id INTEGER PRIMARY KEY);")
        try folder.withTemporaryFolder { temporary in
            var connection: SQLiteDatabase?
            do {
                let file = try StoreFile(storePath: database.path)
                let made = try FileManager.default.contentsOfDirectory(atPath: temporary)
                XCTAssertEqual(made.count, 1)
                let attributes = try FileManager.default.attributesOfItem(atPath: temporary + "/" + made[0])
                XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
                connection = try file.open()
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary).count, 1, "still read")
            XCTAssertTrue(try connection?.tableExists("t") ?? false)
            connection = nil
            XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: temporary), [])
        }
    }

    /// A journal that turns hot after ``StoreFile`` looked (its writer dies in between) fails with
    /// an error that says so, not SQLite's "attempt to write a readonly database".
    func testHotJournalSeenOnlyByTheConnectionIsAnErrorSayingWhatHappened() throws {
        let folder = try ScratchFolder(for: self)
        let writer = try PlainDatabase(
            folder,
            sql: """
                CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO t(v) SELECT printf('%0200d', i) FROM n;
                PRAGMA cache_size = 5;
                BEGIN;
                UPDATE t SET v = 'after';
                """)
        let store = folder.path("hot.sqlite")
        try FileManager.default.copyItem(atPath: writer.path, toPath: store)
        try FileManager.default.copyItem(atPath: writer.path + "-journal", toPath: store + "-journal")
        let database = try SQLiteDatabase(readOnly: store, displayPath: store)
        XCTAssertThrowsError(try database.beginSnapshot()) { error in
            XCTAssertEqual(error as? SQLiteError, .journalBecameHot(path: store))
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(),
            [
                "hot.sqlite", "hot.sqlite-journal", "test.sqlite", "test.sqlite-journal",
            ])
    }
}
