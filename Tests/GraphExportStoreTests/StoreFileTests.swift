import Foundation
import GraphExport
import XCTest

@testable import GraphExportStore

/// The private folder a copy lives in.
final class StoreFileTests: XCTestCase {
    func testPrivateFolderIsTheOwnersOnlyAndGoesWithTheLastConnection() throws {
        let folder = try PlainScratchFolder(for: self)
        let database = try PlainDatabase(
            folder,
            sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t(id INTEGER PRIMARY KEY);")
        let temporary = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary, 1)
        defer {
            if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
        }
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
