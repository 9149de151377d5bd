import CSQLite
import GraphExportSQLite

/// The prepared statements of a connection that ran more than once, as an export leaves them: a
/// query run once per object must find its rows by an index, never step through a whole table
/// each time (issue 36).
struct RepeatedStatements {
    /// How many statements ran more than once.
    private(set) var count = 0
    /// Those of them that stepped through a whole table: how many times each ran, and its SQL.
    private(set) var scanning: [String] = []

    /// Looks at every statement `database` has prepared.
    init(_ database: SQLiteDatabase) {
        var statement = sqlite3_next_stmt(database.handle, nil)
        while let current = statement {
            let runs = sqlite3_stmt_status(current, SQLITE_STMTSTATUS_RUN, 0)
            if runs > 1 {
                count += 1
                if sqlite3_stmt_status(current, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0) != 0 {
                    scanning.append(
                        "run \(runs) times, scanning a table each: \(String(cString: sqlite3_sql(current)))")
                }
            }
            statement = sqlite3_next_stmt(database.handle, current)
        }
    }
}
