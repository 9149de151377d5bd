import CSQLite
import XCTest

/// Everything a SQLite database holds that a sync promises (docs/SYNC.md, *The copy equals the
/// export*): the definitions of its tables, views and indexes, and every table's rows, sorted, each
/// value with its storage class; `graphexport_sync` and the time in `graphexport_source` left out,
/// since a copy has the one and every export another.
struct DatabaseContents: Equatable {
    /// `type name: sql` of every table, view and index.
    var definitions: [String]
    /// Per table, its rows as text, sorted.
    var rows: [String: [String]]

    /// Reads the database at `path`.
    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
            sqlite3_close_v2(handle)
            throw ReadFailure(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(database) }
        let schema = try Self.query(
            database,
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND tbl_name <> 'graphexport_sync' "
                + "ORDER BY type, name")
        definitions = schema.map { "\($0[0]) \($0[1]): \($0[2])" }
        rows = [:]
        for row in schema where row[0] == "text:table" {
            let name = String(row[1].dropFirst("text:".count))
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let filter = name == "graphexport_source" ? " WHERE key <> 'exportedAt'" : ""
            rows[name] = try Self.query(database, "SELECT * FROM \(quoted)\(filter)").map {
                $0.joined(separator: "|")
            }.sorted()
        }
    }

    /// The first difference from `other`, for a failure message; `nil` when the same.
    func difference(from other: DatabaseContents) -> String? {
        if definitions != other.definitions {
            let extra = Set(definitions).subtracting(other.definitions).sorted()
            let missing = Set(other.definitions).subtracting(definitions).sorted()
            return "definitions differ: only here \(extra.prefix(3)), only there \(missing.prefix(3))"
        }
        for (table, here) in rows.sorted(by: { $0.key < $1.key }) where here != other.rows[table] {
            let there = other.rows[table] ?? []
            let extra = Set(here).subtracting(there).sorted()
            let missing = Set(there).subtracting(here).sorted()
            return "table \(table) differs (\(here.count) rows, \(there.count) there): only here \(extra.prefix(3)), "
                + "only there \(missing.prefix(3))"
        }
        return nil
    }

    /// The rows of `sql`, each value as `class:text` (blobs in hexadecimal).
    static func query(_ database: OpaquePointer, _ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ReadFailure(description: "\(sql): \(String(cString: sqlite3_errmsg(database)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_NULL: return "null"
                    case SQLITE_INTEGER: return "integer:\(sqlite3_column_int64(statement, column))"
                    case SQLITE_FLOAT: return "real:\(sqlite3_column_double(statement, column).bitPattern)"
                    case SQLITE_BLOB:
                        let count = Int(sqlite3_column_bytes(statement, column))
                        let bytes =
                            sqlite3_column_blob(statement, column).map {
                                Array(UnsafeRawBufferPointer(start: $0, count: count))
                            } ?? []
                        return "blob:" + bytes.map { String(format: "%02x", $0) }.joined()
                    default:
                        let count = Int(sqlite3_column_bytes(statement, column))
                        let bytes =
                            sqlite3_column_text(statement, column).map {
                                Array(UnsafeBufferPointer(start: $0, count: count))
                            } ?? []
                        return "text:" + String(decoding: bytes, as: UTF8.self)
                    }
                })
        }
        return rows
    }

    struct ReadFailure: Error, CustomStringConvertible {
        let description: String
    }
}
