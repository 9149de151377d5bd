internal import CSQLite
import GraphExportSQLite

/// The query of a plain table's rows, as one statement, or, for a row wider than SQLite allows a
/// result to be (``columnLimit``, 2 000 by default), as several statements stepped in lockstep,
/// each selecting a slice of the columns.
///
/// A table may have as many columns as SQLite allows a result, and its row is one more column
/// (its rowid or position) unless its key is one of them, each to-one's destination one more. The
/// slices share everything but their column lists: the same snapshot, the same joins and filter,
/// and an `ORDER BY` of a unique key or a filter on one row, so they return the same rows in the
/// same order. (A view, which has no such order, is never wider than the limit: its columns are
/// a result already, and it has neither a row nor foreign keys to add.)
final class RowStatement {
    /// The statement of the first slice, which every row read starts with.
    private let first: SQLiteStatement
    /// The statements of the further slices; empty for all but the widest tables.
    private let others: [SQLiteStatement]
    /// How many columns each slice selects.
    private let width: Int32

    /// SQLite's limit on the columns of one result: its `MAX_COLUMN` compile option, 2 000 unless
    /// the library was built with another (the limit can only be lowered at run time, which
    /// graphexport never does).
    static let columnLimit: Int = {
        var index: Int32 = 0
        while let option = sqlite3_compileoption_get(index) {
            let text = String(cString: option)
            if text.hasPrefix("MAX_COLUMN="), let limit = Int(text.dropFirst("MAX_COLUMN=".count)), limit > 0 {
                return limit
            }
            index += 1
        }
        return 2000
    }()

    /// Prepares `SELECT <columns> <clause>`, where `clause` is everything from `FROM` on, split
    /// into slices of at most `width` columns.
    init(columns: [String], clause: String, database: SQLiteDatabase, width: Int = RowStatement.columnLimit) throws {
        var statements: [SQLiteStatement] = []
        var start = 0
        repeat {
            let end = min(start + width, columns.count)
            statements.append(try database.prepare("SELECT " + columns[start..<end].joined(separator: ", ") + clause))
            start = end
        } while start < columns.count
        self.first = statements[0]
        self.others = Array(statements.dropFirst())
        self.width = Int32(width)
    }

    /// Clears the previous execution of every slice.
    func reset() {
        first.reset()
        for statement in others { statement.reset() }
    }

    /// Binds an integer to the parameter at `index` (from 1) of every slice.
    func bind(_ value: Int64, at index: Int32) throws {
        try first.bind(value, at: index)
        for statement in others { try statement.bind(value, at: index) }
    }

    /// Advances every slice to the next row; `false` once there are no more.
    func step() throws -> Bool {
        let hasRow = try first.step()
        for statement in others { _ = try statement.step() }
        return hasRow
    }

    /// The storage class of result column `index` (from 0) of the current row.
    func storage(at index: Int32) -> SQLiteStorage {
        index < width ? first.storage(at: index) : slice(index).statement.storage(at: slice(index).column)
    }

    /// Result column `index` as an integer.
    func int64(at index: Int32) -> Int64 {
        index < width ? first.int64(at: index) : slice(index).statement.int64(at: slice(index).column)
    }

    /// Result column `index` as a double.
    func double(at index: Int32) -> Double {
        index < width ? first.double(at: index) : slice(index).statement.double(at: slice(index).column)
    }

    /// Result column `index`'s bytes exactly as stored.
    func bytes(at index: Int32) -> [UInt8] {
        index < width ? first.bytes(at: index) : slice(index).statement.bytes(at: slice(index).column)
    }

    /// Result column `index` as text when it is valid UTF-8, else `nil`.
    func text(at index: Int32) -> String? {
        index < width ? first.text(at: index) : slice(index).statement.text(at: slice(index).column)
    }

    /// Result column `index`'s bytes in SQLite's own buffer, valid until the next step or reset.
    func rawBytes(at index: Int32) -> UnsafeRawBufferPointer {
        index < width ? first.rawBytes(at: index) : slice(index).statement.rawBytes(at: slice(index).column)
    }

    /// Result column `index`'s text in SQLite's own buffer when it is valid UTF-8, else `nil`;
    /// valid until the next step or reset.
    func borrowedText(at index: Int32) -> UnsafeRawBufferPointer? {
        index < width ? first.borrowedText(at: index) : slice(index).statement.borrowedText(at: slice(index).column)
    }

    /// The statement of a further slice that holds result column `index`, and its column there.
    private func slice(_ index: Int32) -> (statement: SQLiteStatement, column: Int32) {
        (others[Int(index / width) - 1], index % width)
    }
}

extension RowStatement: SQLiteColumns {}
