internal import CSQLite

/// The prepared statement of a `--where` condition, stepped within a budget of work and memory,
/// so that a condition that never ends (a recursive query without a stop) or that asks for
/// gigabytes (`randomblob(500000000)`) stops the export with an error naming it instead of
/// running until killed.
///
/// - **Work:** SQLite's progress handler counts the virtual machine's instructions while the
///   statement steps; past ``instructionBudget(pages:)`` the statement is interrupted and
///   stepping throws ``RowFilterError/conditionTooCostly(_:entity:instructions:)``.
/// - **Memory:** while it steps, SQLite's heap may grow by at most ``memoryBudget`` bytes (a hard
///   heap limit, `sqlite3_hard_heap_limit64`, set for the step and put back after it); an
///   allocation past it fails, and stepping throws
///   ``RowFilterError/conditionTooLarge(_:entity:bytes:)``.
///
/// The budget counts the whole statement, over all its steps. Both limits hold only while the
/// statement steps: the export's other reads are not bounded by them.
package final class FilterStatement {
    /// The instructions any condition may run: enough for a condition that reads a few other
    /// rows per row of a table of millions.
    package static let baseInstructions: Int64 = 100_000_000
    /// The instructions a condition may run beyond ``baseInstructions`` for each page of the
    /// store (4 KiB most often): a bigger store may take longer to filter.
    package static let instructionsPerPage: Int64 = 10_000
    /// How much SQLite's heap may grow while the condition runs: 256 MiB.
    package static let memoryBudget: Int64 = 256 << 20
    /// How many instructions run between two calls of the progress handler.
    private static let instructionsPerCall: Int32 = 100_000

    private let statement: SQLiteStatement
    private let database: SQLiteDatabase
    private let expression: String
    private let entity: String
    /// The instructions the statement may run.
    private let instructions: Int64
    private let progress: Progress

    /// The instructions a condition may run on a store of `pages` pages.
    package static func instructionBudget(pages: Int64) -> Int64 {
        baseInstructions + instructionsPerPage * max(0, pages)
    }

    /// `statement`, the condition `expression` on the rows of `entity`, stepped within the
    /// budget of a store of `pages` pages.
    init(_ statement: SQLiteStatement, database: SQLiteDatabase, expression: String, entity: String, pages: Int64) {
        self.statement = statement
        self.database = database
        self.expression = expression
        self.entity = entity
        instructions = Self.instructionBudget(pages: pages)
        progress = Progress(calls: instructions / Int64(Self.instructionsPerCall))
    }

    /// Advances to the next row; `false` once there are no more. Throws
    /// ``RowFilterError/conditionTooCostly(_:entity:instructions:)`` or
    /// ``RowFilterError/conditionTooLarge(_:entity:bytes:)`` once the condition has used its budget.
    package func step() throws -> Bool {
        let context = Unmanaged.passUnretained(progress).toOpaque()
        sqlite3_progress_handler(database.handle, Self.instructionsPerCall, Self.countCall, context)
        let previousLimit = sqlite3_hard_heap_limit64(-1)
        let limit = sqlite3_memory_used() + Self.memoryBudget
        sqlite3_hard_heap_limit64(previousLimit > 0 ? min(previousLimit, limit) : limit)
        let status = sqlite3_step(statement.handle)
        sqlite3_hard_heap_limit64(previousLimit)
        sqlite3_progress_handler(database.handle, 0, nil, nil)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case _ where status & 0xFF == SQLITE_INTERRUPT && progress.left < 0:
            throw RowFilterError.conditionTooCostly(expression, entity: entity, instructions: instructions)
        case _ where status & 0xFF == SQLITE_NOMEM:
            throw RowFilterError.conditionTooLarge(expression, entity: entity, bytes: Self.memoryBudget)
        default:
            throw statement.failure(status)
        }
    }

    /// Column `index` (from 0) of the current row as an integer.
    package func int64(at index: Int32) -> Int64 {
        statement.int64(at: index)
    }

    /// The calls of the progress handler the statement has left.
    private final class Progress {
        var left: Int64

        init(calls: Int64) {
            left = calls
        }
    }

    /// The progress handler: one call more; a non-zero answer interrupts the statement.
    private static let countCall: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return 0 }
        let progress = Unmanaged<Progress>.fromOpaque(context).takeUnretainedValue()
        progress.left -= 1
        return progress.left < 0 ? 1 : 0
    }
}
