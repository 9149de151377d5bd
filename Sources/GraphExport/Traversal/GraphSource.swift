/// Identifies one object of a source: its concrete entity and its row.
///
/// `row` is the source's own key (a Core Data store's `Z_PK`, a position in an in-memory graph);
/// it is unique within the entity's inheritance hierarchy.
public struct ObjectKey: Sendable, Hashable {
    /// The object's concrete entity, as an index into ``GraphModel/entities``.
    public var entity: Int
    /// The object's key within its entity's hierarchy.
    public var row: Int64

    /// Creates a key.
    public init(entity: Int, row: Int64) {
        self.entity = entity
        self.row = row
    }
}

/// One object as a source reads it: its attribute values and its to-one destinations.
public struct ObjectRecord: Sendable {
    /// The object.
    public var key: ObjectKey
    /// One value per attribute, in the order of ``GraphModel/attributes(of:)``.
    public var values: [Value]
    /// One entry per relationship, in the order of ``GraphModel/relationships(of:)``: the
    /// destination of a to-one relationship, `nil` when it is empty and for every to-many one.
    public var toOne: [ObjectKey?]

    /// Creates a record.
    public init(key: ObjectKey, values: [Value], toOne: [ObjectKey?]) {
        self.key = key
        self.values = values
        self.toOne = toOne
    }
}

/// Yields records one at a time, in the source's stable order.
///
/// Its one requirement lends each record's values, so that a cursor over stored rows answers
/// without copying text or bytes (``RowValue``) and a cursor that wraps another cannot lose that
/// by forgetting a second method; ``next()`` copies the lent record for a caller that keeps it.
public protocol ObjectCursor: AnyObject {
    /// The next record with its values borrowed from the source, valid until the cursor is asked
    /// again; or `nil` at the end. A cursor over records in memory wraps each one
    /// (``BorrowedRecord/init(_:)``).
    func nextBorrowed() throws -> BorrowedRecord?
}

extension ObjectCursor {
    /// The next record, its values copied out of the source (``BorrowedRecord/record``); or `nil`
    /// at the end.
    public func next() throws -> ObjectRecord? {
        try nextBorrowed()?.record
    }
}

/// Anything the traversal can turn into an event stream: a Core Data store, a SQLite database, a
/// graph built in memory.
///
/// Every requirement is answered by every source, none has a default: a source without a faster
/// way answers with the helper its documentation names (``ToOneFilterCursor``,
/// ``PerObjectDestinations``, ``ObjectCursor/countRemaining()``), so that a wrapper that forwards
/// its base's reads cannot lose one by forgetting it.
public protocol GraphSource: AnyObject {
    /// The entities of the graph.
    var model: GraphModel { get }
    /// What the export's header says about this source.
    var document: DocumentInfo { get }
    /// All objects whose concrete entity is `entity` (not its sub-entities), in a stable order.
    func scan(_ entity: Int) throws -> any ObjectCursor
    /// The object with this key, or `nil` when there is none.
    func record(_ key: ObjectKey) throws -> ObjectRecord?
    /// The destinations of a to-many relationship of an object, in the relationship's order
    /// (stored order for an ordered relationship, a stable order otherwise).
    func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey]
    /// The identifier an export gives the object; ``numberedIDPrefix(of:)`` says the same of
    /// every key of an entity, so that a source (or a wrapper) that changes one changes both.
    func id(of key: ObjectKey) -> ObjectID
    /// The text every identifier of the objects of `entity` starts with, when each is that text
    /// followed by the decimal digits of the object's ``ObjectKey/row`` (``id(of:)`` has that
    /// text for every key of the entity), so that a writer prepares the prefix once per entity and
    /// writes a reference from its key (``ObjectRelationships``); `nil` when some identifier is
    /// not made so (a text key), and each is asked of ``id(of:)``.
    func numberedIDPrefix(of entity: Int) -> String?
    /// The destinations of a to-many relationship of an object as full records, in the order of
    /// ``destinations(of:through:)``, so that a store answers with one query rather than one per
    /// object; or `nil`, and the traversal looks each destination up with ``record(_:)`` (which
    /// also tells it of a destination that does not exist, to be written as a reference).
    func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)?
    /// The objects of `entity` that have no destination in any of `relationships` (indexes of
    /// to-one relationships), in the order of ``scan(_:)``: the top level of the tree shape. A
    /// source that cannot select them filters its scan (``ToOneFilterCursor``).
    func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor
    /// The number of objects whose concrete entity is `entity`. A source that cannot count them
    /// counts its scan (``ObjectCursor/countRemaining()``).
    func count(_ entity: Int) throws -> Int
    /// The destinations of a to-many relationship for all objects of `entity` at once, to be
    /// asked for in the order ``scan(_:)`` yields the objects: a store answers with one query
    /// instead of one per object. A source without such a query asks
    /// ``destinations(of:through:)`` object by object (``PerObjectDestinations``).
    func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor
    /// Called once a traversal has read the last object it writes (by ``GraphTraversal/run(into:onProgress:)``,
    /// before the writer finishes): the source reports, to its own warning handler, what sums up
    /// the run rather than one object (a plain SQLite database's columns whose text `--json-columns`
    /// could not read as JSON, in one warning). A source with nothing to sum up does nothing; a
    /// wrapper tells its base.
    func didFinishRun()
}

/// The destinations of one to-many relationship, object after object, in scan order.
public protocol DestinationCursor: AnyObject {
    /// Replaces what `keys` holds with the destinations of the object with this key; keys must
    /// come in scan order. The caller passes the same array for every object, so that a list
    /// costs no allocation once the array has grown to the longest.
    func destinations(of key: ObjectKey, into keys: inout [ObjectKey]) throws
}

extension DestinationCursor {
    /// The destinations of the object with this key in an array of their own
    /// (``destinations(of:into:)``), for a caller that keeps them.
    public func destinations(of key: ObjectKey) throws -> [ObjectKey] {
        var keys: [ObjectKey] = []
        try destinations(of: key, into: &keys)
        return keys
    }
}

/// The destinations in scan order of a source that has no query for them all at once: each
/// object's asked for with ``GraphSource/destinations(of:through:)``.
public final class PerObjectDestinations: DestinationCursor {
    private let source: any GraphSource
    private let relationship: Int

    /// The destinations through `relationship` (an index of a to-many relationship) that `source`
    /// gives object by object.
    public init(of source: any GraphSource, through relationship: Int) {
        self.source = source
        self.relationship = relationship
    }

    /// The source's destinations of `key`.
    public func destinations(of key: ObjectKey, into keys: inout [ObjectKey]) throws {
        keys = try source.destinations(of: key, through: relationship)
    }
}

extension ObjectCursor {
    /// Reads the cursor to its end and returns how many records it yielded: the count of a source
    /// that cannot count in another way (``GraphSource/count(_:)``).
    public func countRemaining() throws -> Int {
        var count = 0
        while try nextBorrowed() != nil { count += 1 }
        return count
    }
}

/// A cursor over records already in memory.
public final class RecordListCursor: ObjectCursor {
    private let records: [ObjectRecord]
    private var position = 0

    /// Creates a cursor over `records`, in their order.
    public init(_ records: [ObjectRecord]) {
        self.records = records
    }

    /// The next record, its values wrapped; or `nil` at the end.
    public func nextBorrowed() throws -> BorrowedRecord? {
        guard position < records.count else { return nil }
        defer { position += 1 }
        return BorrowedRecord(records[position])
    }
}

/// The records of another cursor whose to-one destinations through given relationships are all
/// empty: ``GraphSource/scan(_:withoutDestinationsIn:)`` of a source that cannot select them.
public final class ToOneFilterCursor: ObjectCursor {
    private let base: any ObjectCursor
    private let relationships: [Int]

    /// The records of `base` with no destination in any of `relationships` (indexes of to-one
    /// relationships).
    public init(_ base: any ObjectCursor, withoutDestinationsIn relationships: [Int]) {
        self.base = base
        self.relationships = relationships
    }

    /// The next record that passes, its values borrowed from the base cursor's; or `nil` at the end.
    public func nextBorrowed() throws -> BorrowedRecord? {
        while let record = try base.nextBorrowed() {
            if passes(record.toOne) { return record }
        }
        return nil
    }

    private func passes(_ toOne: [ObjectKey?]) -> Bool {
        relationships.allSatisfy { toOne[$0] == nil }
    }
}
