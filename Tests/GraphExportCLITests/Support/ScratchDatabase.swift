import CSQLite
import Foundation
import XCTest

/// A SQLite database a test makes from SQL in a folder of its own, removed when the test ends.
enum ScratchDatabase {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes `name` in a fresh temporary folder by running `sql`, and returns the folder.
    static func make(_ name: String, sql: String, for test: XCTestCase) throws -> URL {
        let folder = try CommandRunner.scratchFolder(for: test)
        try create(at: folder.appendingPathComponent(name), sql: sql)
        return folder
    }

    /// Makes `chain.sqlite` in a fresh temporary folder: a table `table` of `length` rows, each
    /// owning the next (a cascading self reference `parent`); returns the database's path.
    static func chain(_ table: String, length: Int, for test: XCTestCase) throws -> String {
        let sql = """
            CREATE TABLE \(table) (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES \(table)(id) ON DELETE CASCADE,
                name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(length))
            INSERT INTO \(table) SELECT i, nullif(i - 1, 0), 'n' || i FROM n;
            """
        return try make("chain.sqlite", sql: sql, for: test).appendingPathComponent("chain.sqlite").path
    }

    /// Makes the database `url` by running `sql`.
    static func create(at url: URL, sql: String) throws {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK
        else {
            throw Failure(description: "\(url.path): \(connection.map { String(cString: sqlite3_errmsg($0)) } ?? "")")
        }
    }
}
