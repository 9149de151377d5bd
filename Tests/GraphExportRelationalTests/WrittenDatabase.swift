import CSQLite
import Foundation
import XCTest

/// A database a relational writer made, opened for a test to read by SQL: the bytes of a
/// `-f sqlite` export in a file of their own, a file the export wrote, or an `-f sql` script
/// loaded into a new database in memory. Closed (and its file removed) when the test ends.
final class WrittenDatabase {
    private let connection: OpaquePointer

    /// Opens the database whose bytes a writer wrote (a `MemorySink`'s), in a new file of the
    /// temporary folder.
    convenience init(bytes: [UInt8], for test: XCTestCase) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relational-\(UUID()).db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        try self.init(path: path, for: test)
    }

    /// Opens the database file at `path`, read-only.
    init(path: String, for test: XCTestCase) throws {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil)
        test.addTeardownBlock { sqlite3_close_v2(connection) }
        XCTAssertEqual(status, SQLITE_OK, path)
        self.connection = try XCTUnwrap(connection)
    }

    /// Makes a new database in memory by running `script` (an `-f sql` script of SQLite's dialect);
    /// the test fails when the script does not run.
    init(loading script: String, for test: XCTestCase) throws {
        var connection: OpaquePointer?
        XCTAssertEqual(sqlite3_open(":memory:", &connection), SQLITE_OK)
        test.addTeardownBlock { sqlite3_close_v2(connection) }
        self.connection = try XCTUnwrap(connection)
        XCTAssertEqual(
            sqlite3_exec(connection, script, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(connection)))
    }

    /// The rows of `sql`, each value as its text, every byte kept (a NUL too), or `NULL` for null;
    /// none, with a failure, when SQLite cannot prepare it.
    func rows(_ sql: String, file: StaticString = #filePath, line: UInt = #line) -> [[String]] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            XCTFail("\(sql): \(String(cString: sqlite3_errmsg(connection)))", file: file, line: line)
            return []
        }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return "NULL" }
                    let text = sqlite3_column_text(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
                })
        }
        return rows
    }
}
