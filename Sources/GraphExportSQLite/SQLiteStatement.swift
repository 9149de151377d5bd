// `public` so that the `@inlinable` accessors below may call SQLite and `UTF8Validation`: no
// declaration of this module's public API names a C type (each member of `SQLiteStatement` is
// `package`).
public import CSQLite
public import GraphExport

/// The storage class of one value SQLite returned.
public enum SQLiteStorage {
    case null, integer, real, text, blob
}

/// A prepared statement, reused across executions: bind, step through rows, reset.
///
/// The calls a reader makes for every row and column (`reset()`, `bind(_:at:)` of an integer,
/// `step()`, `storage(at:)`, `int64(at:)`, `double(at:)`, `rawBytes(at:)`, `borrowedText(at:)`,
/// `text(at:)`) are `@inlinable`, so that the readers in other modules call SQLite directly. For
/// that the class is `public` with only `package` members: Swift 6.3 does not inline
/// `@inlinable` members of a `package` type across modules (`docs/PERFORMANCE.md`, *Inlining across modules*).
public final class SQLiteStatement {
    @usableFromInline let handle: OpaquePointer
    private let database: SQLiteDatabase
    package let sql: String

    package init(_ handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many columns each row of the statement has.
    package var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    /// Clears the previous execution so the statement can be bound and run again.
    @inlinable
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds an integer to the parameter at `index` (from 1).
    @inlinable
    package func bind(_ value: Int64, at index: Int32) throws {
        let status = sqlite3_bind_int64(handle, index, value)
        if status != SQLITE_OK { throw failure(status) }
    }

    /// Binds text to the parameter at `index` (from 1).
    package func bind(_ value: String, at index: Int32) throws {
        try check(sqlite3_bind_text(handle, index, value, -1, gx_sqlite_transient()))
    }

    /// Advances to the next row; `false` once there are no more.
    @inlinable
    package func step() throws -> Bool {
        let status = sqlite3_step(handle)
        if status == SQLITE_ROW { return true }
        if status == SQLITE_DONE { return false }
        throw failure(status)
    }

    /// The storage class of column `index` (from 0) of the current row.
    @inlinable
    package func storage(at index: Int32) -> SQLiteStorage {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    @inlinable
    package func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    @inlinable
    package func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column's bytes exactly as stored (text is not checked or repaired).
    package func bytes(at index: Int32) -> [UInt8] {
        Array(rawBytes(at: index))
    }

    /// The column as text when it is valid UTF-8, else `nil`; made straight from SQLite's buffer.
    @inlinable
    package func text(at index: Int32) -> String? {
        String(validating: rawBytes(at: index).assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// The column's text in SQLite's own buffer when it is valid UTF-8, else `nil`; valid until
    /// the statement steps, resets or is finalized.
    @inlinable
    package func borrowedText(at index: Int32) -> UnsafeRawBufferPointer? {
        let bytes = rawBytes(at: index)
        return UTF8Validation.isValid(bytes) ? bytes : nil
    }

    /// SQLite's own buffer for the column, valid until the statement steps, resets or is finalized.
    @inlinable
    package func rawBytes(at index: Int32) -> UnsafeRawBufferPointer {
        let isText = sqlite3_column_type(handle, index) == SQLITE_TEXT
        let pointer = isText ? UnsafeRawPointer(sqlite3_column_text(handle, index)) : sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let pointer, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: count)
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw failure(status) }
    }

    /// The error of a call of the statement's that returned `status`, naming its SQL.
    @usableFromInline
    func failure(_ status: Int32) -> SQLiteError {
        database.error(status, sql: sql)
    }
}
