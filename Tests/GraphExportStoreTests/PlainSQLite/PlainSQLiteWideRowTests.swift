import GraphExport
import XCTest

@testable import GraphExportPlainSQLite
@testable import GraphExportSQLite

/// Rows wider than SQLite's limit on result columns, read by statements in lockstep.
final class PlainSQLiteWideRowTests: XCTestCase {
    func testTheLimitIsSQLitesMaximumNumberOfColumns() {
        XCTAssertEqual(RowStatement.columnLimit, 2000)
    }

    func testSlicesOfARowAreReadInStepAsOneRow() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE t(a INTEGER, b TEXT, c REAL, d BLOB, e);
            INSERT INTO t VALUES (1, 'one', 1.5, X'01', NULL), (2, 'two', 2.5, X'0202', 'x'),
                (3, 'three', 3.5, X'', 7);
            """)
        let connection = try SQLiteDatabase(readOnly: database.path, displayPath: "t.sqlite")
        let columns = ["rowid", "a", "b", "c", "d", "e", "a * 10"]
        let statement = try RowStatement(
            columns: columns, clause: " FROM t WHERE rowid >= ?1 ORDER BY rowid", database: connection, width: 2)
        for _ in 0..<2 {
            statement.reset()
            try statement.bind(2, at: 1)
            var rows: [[String]] = []
            while try statement.step() {
                rows.append(
                    (0..<Int32(columns.count)).map { index in
                        switch statement.storage(at: index) {
                        case .null: return "NULL"
                        case .integer: return String(statement.int64(at: index))
                        case .real: return String(statement.double(at: index))
                        case .text: return statement.text(at: index) ?? "?"
                        case .blob: return statement.bytes(at: index).map(String.init).joined(separator: ".")
                        }
                    })
            }
            XCTAssertEqual(
                rows, [["2", "2", "two", "2.5", "2.2", "x", "20"], ["3", "3", "three", "3.5", "", "7", "30"]])
        }
    }
}
