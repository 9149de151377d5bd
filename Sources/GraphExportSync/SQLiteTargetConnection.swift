import CSQLite
import GraphExportRelational

/// A connection to a SQLite target file (made when missing), with SQLite's busy handler waiting
/// `--busy-timeout` for another connection's lock, foreign keys not enforced (a run keeps them
/// itself, docs/SYNC.md), and the file's own journal mode (a rollback journal, or WAL).
final class SQLiteTargetConnection: TargetConnection {
    let dialect = SQLDialect.sqlite
    /// The target as messages name it.
    let target: String
    private let handle: OpaquePointer
    private let busyTimeout: Int64

    /// Opens (or makes) the database at `path`; throws ``SyncError/cannotOpen(target:reason:)``.
    init(path: String, busyTimeout: Int64) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SyncError.cannotOpen(target: path, reason: reason)
        }
        handle = connection
        target = path
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(connection, Int32(clamping: busyTimeout))
        do {
            try execute("PRAGMA foreign_keys = OFF")
            // Reads the header: a file that is no database fails here, before any work.
            _ = try rows("SELECT count(*) FROM main.sqlite_schema")
        } catch SyncError.statementFailed(_, let message, _) {
            throw SyncError.cannotOpen(target: path, reason: message)
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func execute(_ statements: [String]) throws {
        for statement in statements {
            let status = sqlite3_exec(handle, statement, nil, nil, nil)
            guard status == SQLITE_OK else { throw failure(status, sql: statement) }
        }
    }

    func rows(_ sql: String) throws -> [[String?]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, sql: sql) }
        defer { sqlite3_finalize(statement) }
        var rows: [[String?]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(status, sql: sql) }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    guard let text = sqlite3_column_text(statement, column) else { return nil }
                    let count = Int(sqlite3_column_bytes(statement, column))
                    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
                })
        }
    }

    /// Attaches the database file at `path` as `name` (no transaction may be open).
    func attach(_ path: String, as name: String) throws {
        let sql = "ATTACH ?1 AS \(SQLText.identifier(name))"
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, sql: sql) }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, path, -1, gx_sqlite_transient())
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE else { throw failure(status, sql: sql) }
    }

    /// Whether a transaction is open (SQLite ends one by itself on some errors).
    var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// The error of a failed call: the lock held past the timeout, or the statement refused.
    private func failure(_ status: Int32, sql: String) -> SyncError {
        if status & 0xFF == SQLITE_BUSY || sqlite3_extended_errcode(handle) & 0xFF == SQLITE_BUSY {
            return .busy(target: target, milliseconds: busyTimeout)
        }
        return .statementFailed(target: target, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
