/// The rows of one query ordered by its first column, the row of a source object, read alongside
/// a scan of the sources in the same order: a merge join instead of a query per object. Both
/// SQLite readers answer ``GraphExport/GraphSource/destinationsInScanOrder(of:through:)`` with
/// it, each saying what a row's destination is.
///
/// Rows whose source is not an integer are passed over when the query's first column may hold
/// other values (a plain database's); a Core Data store's keys are integers. A `public` type with
/// `package`, `@inlinable` members, so that each reader's cursor steps the rows as directly as
/// code of its own (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct MergeJoinRows {
    /// The query, at the current row.
    @usableFromInline package let statement: SQLiteStatement
    /// Whether rows whose source is not an integer are passed over.
    @usableFromInline let skipsNonIntegerSources: Bool
    /// The source of the current row; `nil` at the end.
    @usableFromInline var source: Int64?
    /// Whether the first row has been stepped to.
    @usableFromInline var hasStarted = false

    /// The rows of `statement`, not yet stepped.
    package init(statement: SQLiteStatement, skipsNonIntegerSources: Bool) {
        self.statement = statement
        self.skipsNonIntegerSources = skipsNonIntegerSources
    }

    /// Passes over the rows whose source comes before `row` (which must grow from call to call);
    /// whether the current row is one of `row`'s.
    @inlinable
    package mutating func seek(_ row: Int64) throws -> Bool {
        if !hasStarted {
            hasStarted = true
            try advance()
        }
        while let source, source < row { try advance() }
        return source == row
    }

    /// Steps to the next row; whether it is still one of `row`'s.
    @inlinable
    package mutating func next(of row: Int64) throws -> Bool {
        try advance()
        return source == row
    }

    /// Steps to the next row, passing over those whose source is not an integer if asked to.
    @inlinable
    mutating func advance() throws {
        while try statement.step() {
            if !skipsNonIntegerSources || statement.storage(at: 0) == .integer {
                source = statement.int64(at: 0)
                return
            }
        }
        source = nil
    }
}
