public import GraphExport

/// The prepared statements a SQLite reader reads its store with: they answer each read of a
/// ``GraphExport/GraphSource`` that a store answers in SQL, and a ``QueriedSource`` hands those
/// reads to them.
///
/// `@usableFromInline`, as its conformers' members are, so that ``QueriedSource``'s inlinable
/// reads call a reader's statements directly (`docs/PERFORMANCE.md`, *Inlining across modules*).
@usableFromInline
package protocol StoreQueries: AnyObject {
    /// ``GraphExport/GraphSource/scan(_:)``.
    func scan(_ entity: Int) throws -> any ObjectCursor
    /// ``GraphExport/GraphSource/scan(_:withoutDestinationsIn:)``.
    func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor
    /// ``GraphExport/GraphSource/count(_:)``.
    func count(_ entity: Int) throws -> Int
    /// ``GraphExport/GraphSource/record(_:)``.
    func record(_ key: ObjectKey) throws -> ObjectRecord?
    /// ``GraphExport/GraphSource/destinations(of:through:)``.
    func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey]
    /// ``GraphExport/GraphSource/destinationRecords(of:through:)``.
    func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)?
    /// ``GraphExport/GraphSource/destinationsInScanOrder(of:through:)``.
    func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor
    /// ``GraphExport/GraphSource/didFinishRun()``.
    func didFinishRun()
}

/// A SQLite reader's source, its objects read by its ``StoreQueries``: the Core Data store and
/// the plain database answer every read of a ``GraphExport/GraphSource`` that SQL answers so.
///
/// The reads are `@inlinable`, so that each reader's conformance calls its own statements
/// directly, as a method written in the reader would.
@usableFromInline
package protocol QueriedSource: GraphSource {
    /// The reader's statements.
    associatedtype Queries: StoreQueries
    /// The statements that read the store.
    var queries: Queries { get }
}

extension QueriedSource {
    /// Every object of `entity`, in the store's key order (the reader's type says which).
    @inlinable
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        try queries.scan(entity)
    }

    /// The objects of `entity` whose to-ones `relationships` are all empty, in the order of
    /// ``GraphExport/GraphSource/scan(_:)``, selected in SQL.
    @inlinable
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        try queries.scan(entity, withoutDestinationsIn: relationships)
    }

    /// The number of objects of `entity`, counted in SQL.
    @inlinable
    public func count(_ entity: Int) throws -> Int {
        try queries.count(entity)
    }

    /// The object with this key, or `nil`.
    @inlinable
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        try queries.record(key)
    }

    /// The destinations of a to-many relationship, in its stored order (the reader's type says
    /// which).
    @inlinable
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try queries.destinations(of: key, through: relationship)
    }

    /// The destinations of a to-many relationship as full records, read with one query where the
    /// store keeps them so (the reader's type says where); else `nil`.
    @inlinable
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        try queries.destinationRecords(of: key, through: relationship)
    }

    /// A to-many relationship's destinations for all objects of `entity`, read with one query
    /// ordered by object alongside the scan (``MergedDestinations``).
    @inlinable
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        try queries.destinationsInScanOrder(of: entity, through: relationship)
    }

    /// What the reader sums up of the run (the reader's type says what).
    @inlinable
    public func didFinishRun() {
        queries.didFinishRun()
    }
}
