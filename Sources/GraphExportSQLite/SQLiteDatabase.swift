import CSQLite
import GraphExport

/// A read-only connection to one SQLite database file.
///
/// Opens with `SQLITE_OPEN_READONLY`, so SQLite itself refuses every write. ``beginSnapshot()``
/// starts a read transaction: everything read after it sees one consistent state of the file.
package final class SQLiteDatabase {
    package let path: String
    /// The connection, for the wrappers of SQLite calls in this module.
    package let handle: OpaquePointer
    private let busyTimeout: Duration
    /// The private folder the connection reads a copy in, removed only once the connection is closed.
    private let folder: PrivateFolder?

    /// `SQLITE_READONLY_ROLLBACK`, a macro Swift does not import: a hot journal needs rolling back.
    private static let readOnlyRollback: Int32 = 776

    /// Opens `path` read-only; fails for a missing file or one that is not a database. A statement
    /// that finds the file locked by another process waits up to `busyTimeout` (zero: not at all),
    /// then fails with ``SQLiteError/locked(path:waited:)``. `folder` is kept as long as the
    /// connection.
    package init(
        readOnly path: String, displayPath: String, busyTimeout: Duration = .zero,
        keeping folder: PrivateFolder? = nil
    ) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let uri = "file:" + Self.percentEncoded(path) + "?mode=ro"
        let status = sqlite3_open_v2(uri, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SQLiteError.failed(code: status, message: message, path: displayPath)
        }
        sqlite3_extended_result_codes(connection, 1)
        let milliseconds = min(max(0, busyTimeout / .milliseconds(1)), Double(Int32.max))
        sqlite3_busy_timeout(connection, Int32(milliseconds))
        self.path = displayPath
        self.busyTimeout = busyTimeout
        self.folder = folder
        self.handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Prepares a statement for repeated use.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw error(status, sql: sql)
        }
        return SQLiteStatement(statement, database: self, sql: sql)
    }

    /// Runs a statement that returns no rows.
    package func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, sql: sql) }
    }

    /// Starts a read transaction and reads the schema, fixing the snapshot all later reads see.
    package func beginSnapshot() throws {
        try execute("BEGIN DEFERRED")
        try execute("SELECT count(*) FROM sqlite_schema")
    }

    /// Whether a table (not a view) of this name exists.
    package func tableExists(_ name: String) throws -> Bool {
        let statement = try prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
        try statement.bind(name, at: 1)
        return try statement.step()
    }

    /// The column names of a table, in table order, as SQLite spells them.
    package func columns(of table: String) throws -> [String] {
        let statement = try prepare("SELECT name FROM pragma_table_info(?)")
        try statement.bind(table, at: 1)
        var names: [String] = []
        while try statement.step() {
            names.append(statement.text(at: 0) ?? "")
        }
        return names
    }

    /// The number of pages of the database, as the read transaction sees it.
    package func pageCount() throws -> Int64 {
        let statement = try prepare("PRAGMA main.page_count")
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// The error for a failed call: SQLite's own, except that a lock held by another process past
    /// the busy timeout is ``SQLiteError/locked(path:waited:)`` and a hot journal (which a
    /// read-only connection cannot roll back) is ``SQLiteError/journalBecameHot(path:)``.
    package func error(_ status: Int32, sql: String?) -> SQLiteError {
        let code = sqlite3_extended_errcode(handle)
        if code & 0xFF == SQLITE_BUSY { return SQLiteError.locked(path: path, waited: busyTimeout) }
        if code == Self.readOnlyRollback { return SQLiteError.journalBecameHot(path: path) }
        return SQLiteError.failed(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
    }

    /// Quotes an identifier for SQL: `"name"` with inner quotes doubled.
    package static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingAll("\"", with: "\"\"") + "\""
    }

    /// Escapes the characters a `file:` URI gives meaning to.
    private static func percentEncoded(_ path: String) -> String {
        path.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "?": "%3f"
            case "#": "%23"
            default: nil
            }
        }
    }
}
