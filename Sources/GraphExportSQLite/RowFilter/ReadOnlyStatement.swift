internal import CSQLite

/// Prepares the statement of a `--where` condition under an SQLite authorizer that allows
/// reading only: `SELECT`, reading columns (not of a `pragma_…` table-valued function), recursive
/// common table expressions and functions other than `load_extension`. Anything else (a write,
/// `ATTACH`, a pragma, a transaction) makes the preparation fail with
/// ``RowFilterError/refused(_:action:)`` naming it. The statement steps within a budget of work and
/// memory (``FilterStatement``).
package enum ReadOnlyStatement {
    /// Prepares `before + "(" + condition + "\n)" + after` (the line break ends a `--` comment
    /// in the expression), `condition` being the expression with its names replaced
    /// (``ExpressionNames``), by default the expression itself; throws ``RowFilterError``, naming
    /// the expression as given, when SQLite refuses it, the authorizer refuses it, or SQL follows
    /// the first statement.
    package static func prepare(
        _ database: SQLiteDatabase, before: String, expression: String, condition: String? = nil, after: String,
        entity: String
    ) throws -> FilterStatement {
        let pages = try database.pageCount()
        let sql = before + "(" + (condition ?? expression) + "\n)" + after
        let refusals = Refusals()
        let context = Unmanaged.passUnretained(refusals).toOpaque()
        sqlite3_set_authorizer(database.handle, authorize, context)
        defer { sqlite3_set_authorizer(database.handle, nil, nil) }
        var statement: OpaquePointer?
        var remaining = ""
        let status = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(database.handle, text, -1, 0, &statement, &tail)
            if let tail { remaining = String(cString: tail) }
            return status
        }
        guard status == SQLITE_OK, let statement else {
            if let action = refusals.first { throw RowFilterError.refused(expression, action: action) }
            let message = String(cString: sqlite3_errmsg(database.handle))
            throw RowFilterError.invalidExpression(expression, entity: entity, message: message)
        }
        let prepared = SQLiteStatement(statement, database: database, sql: sql)
        guard remaining.allSatisfy(\.isWhitespace) else {
            try refuseWhatFollows(remaining, database: database, refusals: refusals, expression: expression)
            throw RowFilterError.severalStatements(expression)
        }
        return FilterStatement(prepared, database: database, expression: expression, entity: entity, pages: pages)
    }

    /// Prepares the statements in `sql`, each thrown away, to name what the authorizer refuses.
    private static func refuseWhatFollows(
        _ sql: String, database: SQLiteDatabase, refusals: Refusals, expression: String
    ) throws {
        var remaining = sql
        while !remaining.allSatisfy(\.isWhitespace) {
            var statement: OpaquePointer?
            let status = remaining.withCString { text -> Int32 in
                var tail: UnsafePointer<CChar>?
                let status = sqlite3_prepare_v3(database.handle, text, -1, 0, &statement, &tail)
                remaining = tail.map { String(cString: $0) } ?? ""
                return status
            }
            sqlite3_finalize(statement)
            if let action = refusals.first { throw RowFilterError.refused(expression, action: action) }
            guard status == SQLITE_OK else { return }
        }
    }

    /// What the authorizer refused while one statement was prepared, in words.
    private final class Refusals {
        var first: String?
    }

    /// The authorizer: reading is allowed, anything else refused and recorded.
    private static let authorize:
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?
        ) -> Int32 = { context, action, first, second, _, _ in
            let name = first.map { String(cString: $0) }
            let detail = second.map { String(cString: $0) }
            switch action {
            case SQLITE_SELECT, SQLITE_RECURSIVE:
                return SQLITE_OK
            case SQLITE_READ where !(name ?? "").lowercased().hasPrefix("pragma_"):
                return SQLITE_OK
            case SQLITE_FUNCTION where detail?.lowercased() != "load_extension":
                return SQLITE_OK
            default:
                guard let context else { return SQLITE_DENY }
                let refusals = Unmanaged<Refusals>.fromOpaque(context).takeUnretainedValue()
                if refusals.first == nil { refusals.first = describe(action, name: name, detail: detail) }
                return SQLITE_DENY
            }
        }

    /// `delete from table 'Artist'`, `attach a database`, `run the pragma 'table_info'`.
    private static func describe(_ action: Int32, name: String?, detail: String?) -> String {
        let table = name.map { " '\($0)'" } ?? ""
        switch action {
        case SQLITE_INSERT: return "insert into table" + table
        // SQLite asks this of the schema table when a table-valued pragma function is set up.
        case SQLITE_UPDATE where name == "sqlite_master" || name == "sqlite_schema":
            return "run a pragma (or change the schema)"
        case SQLITE_UPDATE: return "update table" + table
        case SQLITE_DELETE: return "delete from table" + table
        case SQLITE_ATTACH: return "attach a database" + (name.map { " ('\($0)')" } ?? "")
        case SQLITE_DETACH: return "detach a database"
        case SQLITE_PRAGMA: return "run the pragma" + table
        case SQLITE_READ: return "run the pragma '\(name?.dropFirst("pragma_".count) ?? "")'"
        case SQLITE_FUNCTION: return "call \(detail ?? "a function")(), which loads code"
        case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: return "control a transaction"
        case SQLITE_ALTER_TABLE: return "alter a table"
        case SQLITE_ANALYZE, SQLITE_REINDEX: return "change the store's indexes or statistics"
        default: return "change the store's schema (SQLite authorizer action \(action))"
        }
    }
}
