import GraphExportSQLite

/// Which rows a table has and the concrete entity of each: `Z_PK` → `Z_ENT`, read once with one
/// scan of the table, a few bits per row for the usual dense keys.
///
/// It answers, without a query per reference, whether a to-one relationship's or a join table's
/// destination exists and which sub-entity it is. Each row holds a small code, 0 for "no row" and
/// `n` for the `n`-th of the entities the table can hold, packed into 64-bit words with 1, 2, 4, 8
/// or 16 bits per row (one table of a single entity: one bit; Scrapbook's `ZITEM`, three
/// entities: two bits). Rows with unexpected `Z_ENT` values or keys far beyond the rest go to a
/// dictionary, so a sparse or odd store costs memory only for its odd rows.
struct RowDirectory {
    /// Keys at or above this go to the dictionary, so a sparse key cannot blow up the bitmap.
    private static let denseLimit: Int64 = 1 << 28

    /// The table the directory describes.
    let table: String
    /// The `Z_ENT` behind each code, code `n` at index `n - 1`.
    private let numbers: [Int64]
    /// Bits per row, a power of two dividing 64.
    private let width: Int
    private var words: [UInt64] = []
    private var sparse: [Int64: Int64] = [:]

    /// Reads the `Z_PK` and `Z_ENT` of every row of `table`, whose rows are expected to be of the
    /// entities numbered `entityNumbers`.
    init(table: String, entityNumbers: [Int64], database: SQLiteDatabase) throws {
        self.table = table
        numbers = entityNumbers
        width = [1, 2, 4, 8, 16].first { 1 << $0 > entityNumbers.count } ?? 16
        let statement = try database.prepare("SELECT Z_PK, Z_ENT FROM \(SQLiteDatabase.quote(table))")
        while try statement.step() {
            let row = statement.int64(at: 0)
            let number = statement.int64(at: 1)
            if row >= 0, row < Self.denseLimit, let index = numbers.firstIndex(of: number), index < 0xFFFF {
                store(UInt64(index + 1), at: Int(row))
            } else {
                sparse[row] = number
            }
        }
    }

    /// The `Z_ENT` of the row with this `Z_PK`, or `nil` when the table has no such row.
    func entityNumber(of row: Int64) -> Int64? {
        if row >= 0, row < Self.denseLimit {
            let bit = Int(row) * width
            let word = bit >> 6
            if word < words.count {
                let code = Int(words[word] >> UInt64(bit & 63) & (1 << UInt64(width) - 1))
                if code != 0 { return numbers[code - 1] }
            }
        }
        return sparse.isEmpty ? nil : sparse[row]
    }

    private mutating func store(_ code: UInt64, at row: Int) {
        let bit = row * width
        let word = bit >> 6
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(word + 1, words.count * 2) - words.count))
        }
        words[word] |= code << UInt64(bit & 63)
    }
}
