import CSQLite
import GraphExportRelational

/// The rows of one table on their way into the database: each value copied as it comes, and the
/// rows inserted together by one multi-row `INSERT`, prepared once per table.
///
/// A prepared `INSERT` run once per row opens its table's cursor and each index's every time and
/// costs about 8 500 instructions a row; run once per ``rowsPerStatement`` rows it costs about
/// 3 400 (docs/PERFORMANCE.md, *Into a database*). The values are copied into the batch, not
/// bound as they come, so that a batch not full at the end (or flushed early) is inserted row by
/// row with the same values, and so that a failed insert can say which row failed. A batch holds
/// at most ``rowsPerStatement`` rows and flushes once its bytes pass ``flushBytes``, so that its
/// memory stays flat.
final class SQLiteRowBatch {
    /// A value copied for a row; text and bytes are a range of ``bytes``.
    enum Staged {
        case null
        case integer(Int64)
        case double(Double)
        case text(start: Int, count: Int)
        case blob(start: Int, count: Int)
        case zeroBlob(count: Int64)
    }

    /// The most rows one statement inserts.
    static let maximumRowsPerStatement = 64
    /// The most parameters one statement has, so that a table of many columns has a statement of
    /// bounded size (SQLite allows 32 766).
    static let maximumParameters = 1024
    /// The bytes of text and blobs a batch holds before it inserts its complete rows.
    static let flushBytes = 1 << 16

    /// Each row's parameters, in the order of the `INSERT`'s `?`.
    let parametersPerRow: Int
    /// How many rows the multi-row statement inserts.
    let rowsPerStatement: Int
    private let connection: SQLiteConnection
    /// `INSERT INTO table (columns) VALUES ` .
    private let prefix: String
    /// One row's parenthesized values: `?` for each parameter, a literal where the row has one.
    private let tuple: String
    /// The statement of ``rowsPerStatement`` rows, prepared when the batch first fills.
    private var multiRowStatement: OpaquePointer?
    /// The statement of one row, prepared when the batch is first flushed before it is full.
    private var singleRowStatement: OpaquePointer?
    // Unchecked: several accesses a value, which exclusivity checks would double; a batch is used
    // from one call at a time, never reentrantly.
    /// The complete rows' values, then those of the row being staged.
    @exclusivity(unchecked) private(set) var values: [Staged] = []
    /// The bytes of the staged text and blobs.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// How many complete rows are staged.
    @exclusivity(unchecked) private(set) var rowCount = 0

    /// A batch of `INSERT INTO table (columns) VALUES tuple`, where `tuple` has `parametersPerRow`
    /// parameters.
    init(connection: SQLiteConnection, table: String, columns: [String], tuple: String, parametersPerRow: Int) {
        self.connection = connection
        self.prefix = "INSERT INTO \(SQLText.identifier(table)) (\(SQLText.identifiers(columns))) VALUES "
        self.tuple = tuple
        self.parametersPerRow = parametersPerRow
        rowsPerStatement = max(
            1, min(Self.maximumRowsPerStatement, Self.maximumParameters / max(1, parametersPerRow)))
    }

    deinit {
        sqlite3_finalize(multiRowStatement)
        sqlite3_finalize(singleRowStatement)
    }

    // MARK: Staging a row

    /// Stages an integer.
    @inline(__always)
    func append(integer: Int64) {
        values.append(.integer(integer))
    }

    /// Stages a floating-point number.
    @inline(__always)
    func append(double: Double) {
        values.append(.double(double))
    }

    /// Stages NULL.
    @inline(__always)
    func appendNull() {
        values.append(.null)
    }

    /// Stages a blob of `count` zero bytes, for bytes written into the row once it is inserted.
    func appendZeroBlob(count: Int64) {
        values.append(.zeroBlob(count: count))
    }

    /// Stages UTF-8 text.
    func append(text: UnsafeRawBufferPointer) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        values.append(.text(start: start, count: text.count))
    }

    /// Stages text made by `write`, which appends its bytes to the buffer it is given.
    func appendText(_ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        values.append(.text(start: start, count: bytes.count - start))
    }

    /// Stages text made by `write`, which appends its bytes to the buffer it is given and says
    /// whether it could; when it could not, nothing is staged and the buffer is as it was.
    func appendTextIfWritten(_ write: (inout [UInt8]) -> Bool) -> Bool {
        let start = bytes.count
        guard write(&bytes) else {
            bytes.removeSubrange(start...)
            return false
        }
        values.append(.text(start: start, count: bytes.count - start))
        return true
    }

    /// Stages bytes as a blob.
    func append(blob: UnsafeRawBufferPointer) {
        let start = bytes.count
        bytes.append(contentsOf: blob)
        values.append(.blob(start: start, count: blob.count))
    }

    /// Ends the row being staged; inserts the complete rows when the batch is full, holds
    /// ``flushBytes``, or `now` asks for it.
    func endRow(flushingNow now: Bool = false) throws {
        rowCount += 1
        if now || rowCount == rowsPerStatement || bytes.count >= Self.flushBytes { try flush() }
    }

    // MARK: Inserting

    /// Inserts every complete row: a full batch by the multi-row statement, fewer rows one by one.
    func flush() throws {
        guard rowCount > 0 else { return }
        if rowCount == rowsPerStatement {
            let statement = try multiRowStatement ?? prepare(rows: rowsPerStatement)
            multiRowStatement = statement
            try insert(rows: 0..<rowCount, with: statement)
        } else {
            let statement = try singleRowStatement ?? prepare(rows: 1)
            singleRowStatement = statement
            for row in 0..<rowCount { try insert(rows: row..<row + 1, with: statement) }
        }
        values.removeAll(keepingCapacity: true)
        // A batch that once held a large value gives its memory back.
        bytes.removeAll(keepingCapacity: bytes.capacity <= 4 * Self.flushBytes)
        rowCount = 0
    }

    /// Binds the values of `rows` to `statement`, in order, and runs it once.
    private func insert(rows: Range<Int>, with statement: OpaquePointer) throws {
        let first = rows.lowerBound * parametersPerRow
        let count = rows.count * parametersPerRow
        let status = bytes.withUnsafeBytes { bytes in
            // Bound without a copy: the bytes stay put until the statement has run.
            let base = bytes.baseAddress
            for index in 0..<count {
                let parameter = Int32(index + 1)
                switch values[first + index] {
                case .null:
                    sqlite3_bind_null(statement, parameter)
                case .integer(let integer):
                    sqlite3_bind_int64(statement, parameter, integer)
                case .double(let double):
                    sqlite3_bind_double(statement, parameter, double)
                case .text(let start, let count):
                    if count == 0 {
                        sqlite3_bind_text(statement, parameter, "", 0, gx_sqlite_transient())
                    } else {
                        sqlite3_bind_text(
                            statement, parameter, (base! + start).assumingMemoryBound(to: CChar.self), Int32(count),
                            nil)
                    }
                case .blob(let start, let count):
                    if count == 0 {
                        sqlite3_bind_zeroblob(statement, parameter, 0)
                    } else {
                        sqlite3_bind_blob(statement, parameter, base! + start, Int32(count), nil)
                    }
                case .zeroBlob(let count):
                    sqlite3_bind_zeroblob64(statement, parameter, sqlite3_uint64(count))
                }
            }
            let status = sqlite3_step(statement)
            sqlite3_reset(statement)
            return status
        }
        guard status == SQLITE_DONE else {
            throw connection.failure(status, sql: String(cString: sqlite3_sql(statement)))
        }
    }

    /// The `INSERT` of `rows` rows.
    private func prepare(rows: Int) throws -> OpaquePointer {
        try connection.prepare(prefix + Array(repeating: tuple, count: rows).joined(separator: ", "))
    }

    // MARK: A failed insert

    /// The integer staged as parameter `parameter` (0-based) of complete row `row`, if any.
    func stagedInteger(row: Int, parameter: Int) -> Int64? {
        guard case .integer(let integer) = values[row * parametersPerRow + parameter] else { return nil }
        return integer
    }

    /// The text staged as parameter `parameter` (0-based) of complete row `row`, if any.
    func stagedText(row: Int, parameter: Int) -> String? {
        guard case .text(let start, let count) = values[row * parametersPerRow + parameter] else { return nil }
        return String(decoding: bytes[start..<start + count], as: UTF8.self)
    }
}
