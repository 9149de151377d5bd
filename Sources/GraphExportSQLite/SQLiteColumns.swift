/// The current row of a query, read column by column: a ``SQLiteStatement``'s, or a
/// ``RowStatement``'s, whose columns may lie in several statements.
package protocol SQLiteColumns: AnyObject {
    /// The storage class of result column `index` (from 0) of the current row.
    func storage(at index: Int32) -> SQLiteStorage
    /// Result column `index` as an integer.
    func int64(at index: Int32) -> Int64
    /// Result column `index` as a double.
    func double(at index: Int32) -> Double
    /// Result column `index`'s bytes exactly as stored.
    func bytes(at index: Int32) -> [UInt8]
    /// Result column `index`'s bytes in SQLite's own buffer, valid until the next step or reset.
    func rawBytes(at index: Int32) -> UnsafeRawBufferPointer
}

extension SQLiteStatement: SQLiteColumns {}
