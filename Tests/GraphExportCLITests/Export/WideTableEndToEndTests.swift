import Foundation
import XCTest

/// Tables as wide as SQLite allows (2 000 columns), exported whole, and SQLite errors reported in
/// one short line that names the file and the table, with the SQL behind it only on `--verbose`.
final class WideTableEndToEndTests: XCTestCase {
    /// `"c1" TEXT, "c2" TEXT, …` for columns `range`.
    private func columns(_ range: ClosedRange<Int>) -> String {
        range.map { "\"c\($0)\" TEXT" }.joined(separator: ", ")
    }

    /// `'<row>.1', '<row>.2', …` for columns `range` of row `row`.
    private func values(_ range: ClosedRange<Int>, row: Int) -> String {
        range.map { "'\(row).\($0)'" }.joined(separator: ", ")
    }

    func testTablesOf2000ColumnsAreExportedWhole() throws {
        // Wide: an integer key and 1 999 columns. Wider: no declared key (so its rowid is one more
        // result column), 1 998 columns and a foreign key (one more for its destination's row).
        var sql = "CREATE TABLE Owner (id INTEGER PRIMARY KEY, name TEXT);"
        sql += "CREATE TABLE Wide (id INTEGER PRIMARY KEY, \(columns(1...1999)));"
        sql += "CREATE TABLE Wider (\(columns(1...1999)), OwnerId INTEGER REFERENCES Owner(id));"
        sql += "INSERT INTO Owner VALUES (1, 'one');"
        for row in 1...3 {
            sql += "INSERT INTO Wide VALUES (\(row), \(values(1...1999, row: row)));"
            sql += "INSERT INTO Wider VALUES (\(values(1...1999, row: row)), \(row == 3 ? 9 : 1));"
        }
        let folder = try ScratchDatabase.make("wide.sqlite", sql: sql, for: self)
        for shape in ["flat", "tree"] {
            let result = try CommandRunner.run(["--shape", shape, "wide.sqlite"], in: folder)
            XCTAssertEqual(result.status, 0, String(result.standardError.prefix(2000)))
            XCTAssertEqual(
                result.standardError,
                "graphexport: warning: wide.sqlite: Wider/#3: OwnerId = 9 points at no Owner row (id); the raw value "
                    + "is kept and 'owner' is empty\n")
            let summary = try ExportSummary(try result.json())
            XCTAssertEqual(summary.counts, ["Owner": 1, "Wide": 3, "Wider": 3], shape)
            XCTAssertEqual(summary.problems, [], shape)
            for row in 1...3 {
                let wide = try XCTUnwrap(summary.objects["Wide/\(row)"])
                XCTAssertEqual(wide.count, 2 + 2000, "markers and every column")
                XCTAssertEqual(wide["id"] as? Int, row)
                for column in 1...1999 {
                    XCTAssertEqual(wide["c\(column)"] as? String, "\(row).\(column)")
                }
                let wider = try XCTUnwrap(summary.objects["Wider/#\(row)"])
                XCTAssertEqual(wider.count, 2 + 2000 + 1, "markers, every column and the to-one")
                XCTAssertEqual(wider["c1999"] as? String, "\(row).1999")
                XCTAssertEqual(wider["OwnerId"] as? Int, row == 3 ? 9 : 1)
                let owner = wider["owner"] as? [String: Any]
                XCTAssertEqual(owner?["@id"] as? String, row == 3 ? nil : "Owner/1")
            }
        }
    }

    func testAnSQLiteErrorIsOneShortLineNamingFileAndTableAndTheSQLComesWithVerbose() throws {
        // abs() of the smallest integer overflows: reading the generated column fails (added after
        // the row, which SQLite then does not check).
        let sql = """
            CREATE TABLE Broken (id INTEGER PRIMARY KEY, \(columns(1...1997)), n INTEGER);
            INSERT INTO Broken (id, n) VALUES (1, -9223372036854775808);
            ALTER TABLE Broken ADD COLUMN v INTEGER AS (abs(n));
            """
        let folder = try ScratchDatabase.make("broken.sqlite", sql: sql, for: self)
        let plain = try CommandRunner.run(["broken.sqlite"], in: folder)
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(
            plain.standardError,
            "graphexport: error: broken.sqlite: cannot read table 'Broken': integer overflow (SQLite error 1)\n")
        XCTAssertLessThan(plain.standardError.count, 300)

        let verbose = try CommandRunner.assertFails(
            ["--verbose", "broken.sqlite"], status: 1, beginning: plain.standardError.dropLast() + " in: SELECT ",
            in: folder)
        XCTAssertTrue(verbose.standardError.contains(#"t."c1997""#))
        XCTAssertTrue(verbose.standardError.hasSuffix("\n"))
        XCTAssertEqual(verbose.standardError.filter { $0 == "\n" }.count, 1)
    }
}
