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
public protocol ObjectCursor: AnyObject {
    /// The next record, or `nil` at the end.
    func next() throws -> ObjectRecord?
}

/// Anything the traversal can turn into an event stream: a Core Data store, a SQLite database, a
/// graph built in memory.
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
    /// The identifier an export gives the object.
    func id(of key: ObjectKey) -> ObjectID
}
