import CSQLite

/// A connection of the tests' own to a SQLite file, through SQLite's C API and nothing of the
/// store reader: to read stores with plain SQL and to edit copies of them.
final class SQLiteFile {
    /// One value by its storage class; text as its exact bytes.
    enum Cell: Equatable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        case text([UInt8])
        case blob([UInt8])

        var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        var description: String {
            switch self {
            case .null: return "NULL"
            case .integer(let value): return "INTEGER \(value)"
            case .real(let value): return "REAL \(value)"
            case .text(let bytes): return "TEXT \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
            case .blob(let bytes): return "BLOB \(bytes.count) bytes"
            }
        }
    }

    /// A parameter of ``run(_:_:)``.
    enum Parameter {
        case text(String)
        case double(Double)
        case integer(Int64)
        case blob([UInt8])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let handle: OpaquePointer

    /// Opens `path`, read-only unless `writable`; a writable file is created when it is missing.
    init(_ path: String, writable: Bool = false) throws {
        var connection: OpaquePointer?
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw Failure(description: "cannot open \(path): \(message)")
        }
        handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with `parameters` bound to its `?`s and returns its rows.
    @discardableResult
    func run(_ sql: String, _ parameters: [Parameter] = []) throws -> [[Cell]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch parameter {
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, gx_sqlite_transient())
            case .double(let value): sqlite3_bind_double(statement, position, value)
            case .integer(let value): sqlite3_bind_int64(statement, position, value)
            case .blob(let bytes):
                bytes.withUnsafeBytes {
                    _ = sqlite3_bind_blob64(
                        statement, position, $0.baseAddress, UInt64($0.count), gx_sqlite_transient())
                }
            }
        }
        var rows: [[Cell]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(statement)).map { cell(statement, $0) })
            case SQLITE_DONE:
                return rows
            default:
                throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
            }
        }
    }

    /// Runs statements separated by semicolons, without parameters.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    /// The column names of a table.
    func columns(of table: String) throws -> [String] {
        try run("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap {
            if case .text(let bytes) = $0[0] { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
    }

    private func cell(_ statement: OpaquePointer, _ index: Int32) -> Cell {
        func bytes(_ pointer: UnsafeRawPointer?) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let pointer, count > 0 else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: count))
        }
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(bytes(UnsafeRawPointer(sqlite3_column_text(statement, index))))
        case SQLITE_BLOB: return .blob(bytes(sqlite3_column_blob(statement, index)))
        default: return .null
        }
    }
}
