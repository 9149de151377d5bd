import GraphExport

/// One copy's objects of one entity, one at a time in key order, each with the destinations of
/// its to-many relationships: what ``EntityMerge`` merges.
protocol ObjectFeed: AnyObject {
    /// The copy.
    var side: DiffSide { get }
    /// The current object's key; `nil` at the end.
    var key: ObjectKey? { get }
    /// The current object, valid until the next ``advance()``; `nil` at the end.
    var record: BorrowedRecord? { get }
    /// The current object packed (``RowBatch``), when the feed has it so and the bytes say all it
    /// holds: two objects packed alike are the same.
    var packed: UnsafeRawBufferPointer? { get }
    /// The values identifying the current object, for an entity matched by attribute.
    var identity: [KeyValue] { get }
    /// Per relationship, the current object's destinations; empty for a to-one.
    var destinations: [[ObjectKey]] { get }
    /// Moves to the next object.
    func advance() throws
}

/// One copy's objects of one entity, read from its source one at a time in key order, each with
/// the destinations of its to-many relationships.
final class SideReader: ObjectFeed {
    let side: DiffSide
    private let plan: EntityPlan
    private let cursor: any ObjectCursor
    /// Per relationship, the merged reader of a to-many's destinations in scan order, when the
    /// source has one and the scan is in row order; `nil` asks the source object by object.
    private let streams: [(any DestinationCursor)?]
    /// The current object, valid until the next ``advance()``; `nil` at the end.
    private(set) var record: BorrowedRecord?
    /// The current object's key.
    var key: ObjectKey? { record?.key }
    /// `nil`: objects are read one by one, not packed.
    var packed: UnsafeRawBufferPointer? { nil }
    /// The values identifying the current object, for an entity matched by attribute.
    private(set) var identity: [KeyValue] = []
    /// Per relationship, the current object's destinations; empty for a to-one. Written for every
    /// object: not checked for exclusive access at run time (a reader is used by one thread, one
    /// call at a time).
    @exclusivity(unchecked) private(set) var destinations: [[ObjectKey]]
    private var previousRow: Int64?
    private var previousIdentity: [KeyValue]?

    init(side: DiffSide, plan: EntityPlan) throws {
        self.side = side
        self.plan = plan
        let source = side.source
        let byRow = plan.identity.isEmpty
        cursor =
            byRow ? try source.scan(plan.entity) : try side.comparable.scan(plan.entity, orderedBy: plan.identity)
        streams = try plan.isToMany.indices.map { index in
            byRow && plan.isToMany[index] ? try source.destinationsInScanOrder(of: plan.entity, through: index) : nil
        }
        destinations = Array(repeating: [], count: plan.isToMany.count)
    }

    /// Moves to the next object, reading its identity and its destinations; checks that objects
    /// come in strictly increasing key order, which also finds a repeated `--key` value.
    func advance() throws {
        // Let go of the record before the cursor reads over its buffers, which it then need not copy.
        record = nil
        guard let next = try cursor.nextBorrowed() else { return }
        if plan.identity.isEmpty {
            if let previousRow, previousRow >= next.key.row {
                throw DiffError.notInKeyOrder(side: side.side, path: side.path, entity: plan.name)
            }
            previousRow = next.key.row
        } else {
            identity = try side.identity(of: next, attributes: plan.identity)
            if let previousIdentity, !previousIdentity.lexicographicallyPrecedes(identity) {
                guard previousIdentity == identity else {
                    throw DiffError.notInKeyOrder(side: side.side, path: side.path, entity: plan.name)
                }
                throw DiffError.duplicateKey(
                    side: side.side, path: side.path, entity: plan.name,
                    attribute: plan.identity.map { plan.attributeNames[$0] }.joined(separator: ", "),
                    value: identity.map(\.text).joined(separator: ", "))
            }
            previousIdentity = identity
        }
        for index in plan.isToMany.indices where plan.isToMany[index] {
            if let stream = streams[index] {
                try stream.destinations(of: next.key, into: &destinations[index])
            } else {
                destinations[index] = try side.source.destinations(of: next.key, through: index)
            }
        }
        record = next
    }
}
