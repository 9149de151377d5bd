package import GraphExport

/// One to-many relationship's destinations for every object of an entity, read with one query
/// alongside a scan in the same order: a merge join instead of a query per object, what both
/// SQLite readers answer ``GraphExport/GraphSource/destinationsInScanOrder(of:through:)`` with.
///
/// The query's rows start with the source object's row, in increasing order; rows whose source
/// is not an integer are passed over (no object has such a row). The reader says what each row's
/// destination is (`destination`, asked while the row is current), or leaves the row out. With an
/// order column, each object's destinations are put in the order of that column's integers (a
/// link table's rowid) rather than the query's.
package final class MergedDestinations: DestinationCursor {
    /// The destination of the statement's current row, a row of the object whose row is `source`;
    /// `nil` leaves the row out.
    package typealias Destination = (_ statement: SQLiteStatement, _ source: Int64) throws -> ObjectKey?

    private let statement: SQLiteStatement
    /// The result column each object's destinations are put in the order of, if any.
    private let orderColumn: Int32?
    /// What a SQLite error names (``SQLiteError/reading(_:)``), if anything.
    private let subject: String?
    private let destination: Destination
    /// The source of the current row; `nil` at the end.
    private var source: Int64?
    private var hasStarted = false

    /// Reads the rows of `statement`; `orderColumn` and `subject` as the type says.
    package init(
        statement: SQLiteStatement, orderColumn: Int32? = nil, subject: String? = nil,
        destination: @escaping Destination
    ) {
        self.statement = statement
        self.orderColumn = orderColumn
        self.subject = subject
        self.destination = destination
    }

    /// The destinations of the object with this key; keys must come in increasing row order.
    package func destinations(of key: ObjectKey) throws -> [ObjectKey] {
        do {
            if !hasStarted {
                hasStarted = true
                try advance()
            }
            while let source, source < key.row { try advance() }
            guard source == key.row else { return [] }
            var keys: [ObjectKey] = []
            var orders: [Int64] = []
            keys.reserveCapacity(4)
            if orderColumn != nil { orders.reserveCapacity(4) }
            while source == key.row {
                if let destination = try destination(statement, key.row) {
                    keys.append(destination)
                    if let orderColumn { orders.append(statement.int64(at: orderColumn)) }
                }
                try advance()
            }
            guard orderColumn != nil && keys.count > 1 else { return keys }
            return zip(orders, keys).sorted { $0.0 < $1.0 }.map(\.1)
        } catch let error as SQLiteError {
            guard let subject else { throw error }
            throw error.reading(subject)
        }
    }

    /// Steps to the next row whose source is an integer.
    private func advance() throws {
        while try statement.step() {
            if statement.storage(at: 0) == .integer {
                source = statement.int64(at: 0)
                return
            }
        }
        source = nil
    }
}
