import Foundation
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// A destination window serves the objects of one page from one range query when their keys are
/// near each other, and stops reading once keys come scattered (objects numbered in creation
/// order), leaving each object to its own indexed query.
final class CoreDataDestinationWindowTests: XCTestCase {
    /// 20 000 sources, each with two destination rows.
    private func window() throws -> DestinationWindow {
        let scratch = try ScratchFolder(for: self)
        let path = scratch.path("links.sqlite")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(
            Data(
                """
                CREATE TABLE L (S INTEGER, D INTEGER);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                INSERT INTO L SELECT i, i * 10 FROM n UNION ALL SELECT i, i * 10 + 1 FROM n;
                CREATE INDEX L_S ON L (S, D);
                """.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let database = try SQLiteDatabase(readOnly: path, displayPath: "links.sqlite")
        return DestinationWindow(
            statement: try database.prepare(
                "SELECT S, D FROM L WHERE S >= ? AND S < ? ORDER BY S, D LIMIT \(DestinationWindow.rowLimit + 1)"))
    }

    func testNearbyKeysAreAnsweredFromTheWindowEveryTime() throws {
        let window = try window()
        for source in Int64(1)...20_000 {
            let rows = try window.rows(of: source)
            XCTAssertEqual(rows, [source * 10, source * 10 + 1], "source \(source)")
            if rows == nil { break }
        }
    }

    func testScatteredKeysStopTheWindowAfterItsTrial() throws {
        let window = try window()
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        var declined = 0
        for _ in 0..<2_000 {
            let source = Int64.random(in: 1...20_000, using: &generator)
            if let rows = try window.rows(of: source) {
                XCTAssertEqual(rows, [source * 10, source * 10 + 1], "source \(source)")
                answered += 1
            } else {
                declined += 1
            }
        }
        XCTAssertGreaterThan(declined, 1_900, "scattered keys are left to the one-source query")
        XCTAssertLessThan(answered, 100, "only the trial's lookups are answered")
    }
}
