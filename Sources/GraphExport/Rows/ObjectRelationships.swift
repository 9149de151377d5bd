/// The relationships of one object of a flat export, as ``GraphWriter/writeRelationships(_:at:)``
/// receives them right after the object's row: each relationship's name and kind, and its
/// destinations as keys rather than one event per reference.
///
/// It stands for, per relationship in order, ``GraphEvent/beginRelationship(name:isToMany:)``, one
/// ``GraphEvent/reference(_:)`` per destination (its identifier ``id(of:)``), then
/// ``GraphEvent/endRelationship``, as ``GraphWriter/writeEvents(of:at:)`` writes them. A to-one
/// holds at most one destination, by its type. The identifier of a destination of an entity whose
/// ``numberedIDPrefix(ofEntity:)`` is not `nil` is that prefix followed by the decimal digits of
/// the key's ``ObjectKey/row``, so that a writer prepares each entity's prefix once and writes a
/// reference from its key; any other identifier is ``id(of:)``'s. The prefix of an entity is the
/// same for the whole document.
///
/// ``GraphTraversal`` makes one per export and fills it again for every object: what it holds is
/// borrowed, valid only during the call that receives it. Its members are `@inlinable`, so that a
/// writer in another module reads them without a call.
public final class ObjectRelationships {
    /// The source the identifiers come from.
    @usableFromInline let source: any GraphSource
    /// Per entity of the document, the prefix of its numbered identifiers, or `nil`.
    @usableFromInline let prefixes: [String?]
    // Not checked for exclusive access at run time: filled by the traversal between the writer's
    // calls, never during one (neither is reentrant).
    /// The relationships written, as indexes into ``GraphModel/relationships(of:)`` of the entity.
    @exclusivity(unchecked) @usableFromInline var written: [Int] = []
    /// The entity's relationships, in model order.
    @exclusivity(unchecked) @usableFromInline var relationships: [ResolvedRelationship] = []
    /// The object's to-one destinations, one per relationship of the entity (``ObjectRecord/toOne``).
    @exclusivity(unchecked) @usableFromInline var toOne: [ObjectKey?] = []
    /// The object's to-many destinations, one list per relationship of the entity (empty for a
    /// to-one), each kept from object to object so that filling it costs no allocation.
    @exclusivity(unchecked) @usableFromInline var toMany: [[ObjectKey]] = []

    /// Makes the relationships of the objects of `source`, whose identifiers they give.
    init(source: any GraphSource) {
        self.source = source
        prefixes = source.model.entities.indices.map { source.numberedIDPrefix(of: $0) }
    }

    /// How many relationships the object has in the export.
    @inlinable
    public var count: Int { written.count }

    /// The name of relationship `index` (from 0 to ``count``).
    @inlinable
    public func name(at index: Int) -> String { relationships[written[index]].name }

    /// Whether relationship `index` is to-many.
    @inlinable
    public func isToMany(at index: Int) -> Bool { relationships[written[index]].isToMany }

    /// The destination of relationship `index`, a to-one; `nil` when it is empty.
    @inlinable
    public func destination(at index: Int) -> ObjectKey? { toOne[written[index]] }

    /// The destinations of relationship `index`, a to-many, in the relationship's order.
    @inlinable
    public func destinations(at index: Int) -> [ObjectKey] { toMany[written[index]] }

    /// The prefix of the identifiers of the objects of `entity` (an index into
    /// ``DocumentInfo/entities``) when each is that prefix followed by the decimal digits of the
    /// object's ``ObjectKey/row`` (``GraphSource/numberedIDPrefix(of:)``); `nil` otherwise.
    @inlinable
    public func numberedIDPrefix(ofEntity entity: Int) -> String? { prefixes[entity] }

    /// The identifier of the destination `key`: what ``GraphSource/id(of:)`` gives.
    @inlinable
    public func id(of key: ObjectKey) -> ObjectID { source.id(of: key) }

    /// Prepares the objects of an entity whose relationships are `relationships`, of which they
    /// write `written` (indexes into `relationships`, in order).
    func start(relationships: [ResolvedRelationship], written: [Int]) {
        self.relationships = relationships
        self.written = written
        toOne = []
        toMany = Array(repeating: [], count: relationships.count)
    }

    /// Takes the to-one destinations of the next object (``ObjectRecord/toOne``), or lets go of
    /// them (`[]`), so that the cursor that lent them fills its array again without a copy.
    func setToOne(_ destinations: [ObjectKey?]) {
        toOne = destinations
    }

    /// Fills the destinations of to-many relationship `relationship` (an index into
    /// ``GraphModel/relationships(of:)``) of the object `key` from `cursor`, in the list kept for it.
    func fillToMany(_ relationship: Int, of key: ObjectKey, from cursor: any DestinationCursor) throws {
        try cursor.destinations(of: key, into: &toMany[relationship])
    }

    /// How many of the destinations the object has in the export `selection` does not contain.
    func countOutside(_ selection: Selection) -> Int {
        var outside = 0
        for index in written {
            if relationships[index].isToMany {
                for key in toMany[index] where !selection.contains(key) { outside += 1 }
            } else if let key = toOne[index], !selection.contains(key) {
                outside += 1
            }
        }
        return outside
    }
}

extension GraphWriter {
    /// Writes `relationships`, which come at `position`, as the events they stand for with
    /// ``write(_:at:)``, each at the position the stream's checker would give it: for a writer that
    /// has nothing to gain from keys, and the default of ``writeRelationships(_:at:)``.
    public func writeEvents(of relationships: ObjectRelationships, at position: StreamPosition) throws {
        for index in 0..<relationships.count {
            let isToMany = relationships.isToMany(at: index)
            try write(
                .beginRelationship(name: relationships.name(at: index), isToMany: isToMany),
                at: index == 0 ? position : position.afterRelationship)
            var holdsNothing = true
            if isToMany {
                for key in relationships.destinations(at: index) {
                    try write(
                        .reference(relationships.id(of: key)),
                        at: position.insideRelationship(isToMany: true, holdsNothing: holdsNothing))
                    holdsNothing = false
                }
            } else if let key = relationships.destination(at: index) {
                try write(
                    .reference(relationships.id(of: key)),
                    at: position.insideRelationship(isToMany: false, holdsNothing: true))
                holdsNothing = false
            }
            try write(.endRelationship, at: position.insideRelationship(isToMany: isToMany, holdsNothing: holdsNothing))
        }
    }
}
