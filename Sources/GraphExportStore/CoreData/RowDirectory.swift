/// Which rows a table has and the concrete entity of each: `Z_PK` → `Z_ENT`, read once with one
/// scan of the table, two bytes per row for the usual dense keys.
///
/// It answers, without a query per reference, whether a to-one relationship's destination exists
/// and which sub-entity it is.
struct RowDirectory {
    /// Keys at or above this go to the dictionary, so a sparse key cannot blow up the array.
    private static let denseLimit: Int64 = 1 << 26

    private var dense: [UInt16] = []
    private var sparse: [Int64: Int64] = [:]

    init(table: String, database: SQLiteDatabase) throws {
        let statement = try database.prepare("SELECT Z_PK, Z_ENT FROM \(SQLiteDatabase.quote(table))")
        while try statement.step() {
            let row = statement.int64(at: 0)
            let number = statement.int64(at: 1)
            if row >= 0, row < Self.denseLimit, number > 0, number < Int64(UInt16.max) {
                if Int(row) >= dense.count {
                    dense.append(contentsOf: repeatElement(0, count: max(Int(row) + 1, dense.count * 2) - dense.count))
                }
                dense[Int(row)] = UInt16(number)
            } else {
                sparse[row] = number
            }
        }
    }

    /// The `Z_ENT` of the row with this `Z_PK`, or `nil` when the table has no such row.
    func entityNumber(of row: Int64) -> Int64? {
        if row >= 0, row < dense.count, dense[Int(row)] != 0 { return Int64(dense[Int(row)]) }
        return sparse[row]
    }
}
