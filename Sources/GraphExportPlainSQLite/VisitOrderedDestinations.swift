import GraphExport
import GraphExportSQLite

/// The destinations of one to-many relationship for every object of its entity, answered by a
/// merge while the tree shape asks for the objects in the order the merge expects.
protocol OrderedMerge: AnyObject {
    /// The destinations of `key` when it is the object the merge expects next; else `nil`: ask
    /// the object's own query.
    func destinations(inVisitOrder key: ObjectKey) throws -> [ObjectKey]?
    /// Whether the merge answers no more objects (too many were asked for out of its order).
    var hasStopped: Bool { get }
}

/// One to-many relationship's destinations for every object of its entity, read with one query
/// sorted in the order the tree shape visits the objects (``VisitOrder``), so that the objects'
/// destinations are answered one after the other as a merge, with no query per object, at any
/// depth of nesting.
///
/// The query's rows are, per object in visit order, a marker row (`0`, the object's row) and then
/// one row per destination (`1`, the object's row, the destination's row, the destination's key
/// columns), each object's in the relationship's order. An object is answered from the rows when
/// its marker is the next one; otherwise ``destinations(of:)`` answers `nil` (ask the object's own
/// query), remembers the object so that its rows are passed over when they come, and after
/// ``missLimit`` such objects stops reading for good: a traversal that visits in another order
/// (a selection, a depth limit) then costs one query per object, as it would without the merge,
/// and memory stays bounded.
final class VisitOrderedDestinations: OrderedMerge {
    /// How many objects may be asked for out of order before the rows are no longer read.
    static let missLimit = 64

    private let statement: SQLiteStatement
    private let destination: Int
    /// The result columns of the destination's key, when its identifier is that key's text.
    private let keyColumns: [Int32]
    /// Called with each destination while its row is current (to remember its identifier).
    private let remember: (ObjectKey, SQLiteStatement, [Int32]) -> Void
    private var hasStarted = false
    /// Whether the statement is at a row.
    private var hasRow = false
    /// The objects answered elsewhere whose rows are still to come.
    private var answeredElsewhere: Set<Int64> = []
    private var misses = 0

    /// Whether the rows are no longer read (too many objects asked for out of order).
    var hasStopped: Bool { misses > Self.missLimit }

    /// The rows of `statement`, not yet stepped, whose destinations are objects of `destination`.
    init(
        statement: SQLiteStatement, destination: Int, keyColumns: [Int32],
        remember: @escaping (ObjectKey, SQLiteStatement, [Int32]) -> Void
    ) {
        self.statement = statement
        self.destination = destination
        self.keyColumns = keyColumns
        self.remember = remember
    }

    /// The destinations of `key`, when its rows are the next ones; else `nil`.
    func destinations(inVisitOrder key: ObjectKey) throws -> [ObjectKey]? {
        guard !hasStopped else { return nil }
        let row = key.row
        if !hasStarted {
            hasStarted = true
            hasRow = try statement.step()
        }
        while hasRow, !answeredElsewhere.isEmpty, answeredElsewhere.remove(statement.int64(at: 1)) != nil {
            try skipObject()
        }
        guard hasRow, statement.int64(at: 0) == 0, statement.int64(at: 1) == row else {
            misses += 1
            if hasStopped {
                answeredElsewhere = []
                statement.reset()
            } else {
                answeredElsewhere.insert(row)
            }
            return nil
        }
        var keys: [ObjectKey] = []
        while try step(), statement.int64(at: 0) == 1, statement.int64(at: 1) == row {
            let key = ObjectKey(entity: destination, row: statement.int64(at: 2))
            if !keyColumns.isEmpty { remember(key, statement, keyColumns) }
            keys.append(key)
        }
        return keys
    }

    /// Passes over the marker row of the current object and its destinations' rows.
    private func skipObject() throws {
        let row = statement.int64(at: 1)
        while try step(), statement.int64(at: 0) == 1, statement.int64(at: 1) == row {}
    }

    /// Steps to the next row; whether there is one.
    private func step() throws -> Bool {
        hasRow = try statement.step()
        return hasRow
    }
}
