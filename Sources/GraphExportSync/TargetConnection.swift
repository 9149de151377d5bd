import GraphExportRelational

/// A connection to a sync's target, as a run drives it: statements, and small results read as
/// text. One per target kind (``SQLiteTargetConnection``, ``PostgreSQLConnection``).
protocol TargetConnection: AnyObject {
    /// The SQL the target speaks.
    var dialect: SQLDialect { get }
    /// Runs `statements` in order, each returning no rows.
    func execute(_ statements: [String]) throws
    /// The rows of `sql`, each value as text or `nil` for NULL: for results of a few rows.
    func rows(_ sql: String) throws -> [[String?]]
}

extension TargetConnection {
    /// Runs one statement that returns no rows.
    func execute(_ statement: String) throws {
        try execute([statement])
    }

    /// The integers of the first row of `sql` (a `count(*)` or sums of them), 0 for NULL.
    func integers(_ sql: String) throws -> [Int64] {
        try rows(sql).first?.map { $0.flatMap { Int64($0) } ?? 0 } ?? []
    }
}
