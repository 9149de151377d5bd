/// A streaming serializer for one output format: receives an export's calls and writes bytes.
///
/// Used from one thread at a time, through a ``GraphStream``: a writer owns its resources, writes
/// to the ``ByteSink`` it was made with, and never sees the store.
///
/// **The contract.** The calls follow one grammar, ``GraphStreamValidator``'s: `begin(_:)`, then
/// objects (attributes first, then relationships holding objects and references, a to-one at most
/// one), then `finish()`. The writer does not check it: the ``GraphStream`` in front of it does,
/// once per export, and hands the writer only calls that keep it, each with its
/// ``StreamPosition`` (the depth, whether the innermost element is still empty, whether it is a
/// to-many relationship), so that a writer need not track what the position tells. A writer
/// rejects a call its format cannot hold (a name or identifier) by throwing
/// ``GraphWriterRejection`` before it writes anything for it; any other error it throws (its
/// output failed) stops the stream. Every requirement that shapes the output is the writer's own,
/// with no default, so that a wrapper cannot silently miss one; the two with a default only save
/// work, and a writer or wrapper that leaves them out gets what it got before they were added:
/// ``writesDestinations(ofEntity:through:)`` (everything is read and handed on) and
/// ``writeRelationships(_:at:)`` (an object's relationships as their events).
///
/// **Inside a writer.** Every built-in writer has one shape: a `final class` whose `let`
/// properties hold what it was made with, and whose changing state (its stack, buffers and
/// warnings) is one value type behind a pointer, a ``WriterState`` held in a `let`.
/// A `var` property of a class costs a run-time exclusivity check at every access, several per
/// event; `pointee` of a pointer costs none, and is safe here because a writer is not reentrant
/// (used from one call at a time, never calling itself), so that no two accesses can overlap.
/// JSON, JSON Lines, XML and YAML took this shape first, measured faster than plain `var`
/// properties (`docs/PERFORMANCE.md`); the property list, GraphML and plugin writers since.
public protocol GraphWriter: AnyObject {
    /// Starts the document and writes its header.
    func begin(_ document: DocumentInfo) throws
    /// Writes one event of the stream, which comes at `position`.
    func write(_ event: GraphEvent, at position: StreamPosition) throws
    /// Starts an object and writes all its attributes: the same as ``GraphEvent/beginObject(entity:id:)``
    /// followed by ``GraphEvent/changedProperties(_:)`` when the row has them and one
    /// ``GraphEvent/attribute(name:value:)`` per value, and the same grammar; the row comes at
    /// `position`, as its `beginObject(entity:id:)` would.
    ///
    /// ``GraphTraversal`` starts every object this way, with the values borrowed from the source
    /// (``ObjectRow``), so that a writer writes a row without a ``Value`` or an event per value,
    /// and prepares what it writes for an entity once, by the entity's index. A writer that has
    /// nothing to gain from rows writes its events (``writeEvents(of:at:)``). A writer that
    /// keeps a row's ``ObjectRow/values`` past the call keeps ``RowValue/value``.
    func beginObject(_ row: ObjectRow, at position: StreamPosition) throws
    /// Closes the document and flushes everything to the sink.
    func finish() throws
    /// Whether the writer takes ``Value/binaryFile(_:)`` values as they come, writing their bytes
    /// in chunks (``FileBytes/forEachBase64Chunk(_:)``) exactly as it writes ``Value/binary(_:)``.
    ///
    /// When `false`, ``GraphTraversal`` reads each such value whole and hands the writer
    /// ``Value/binary(_:)`` of its bytes instead, holding each one in memory while it does. Every
    /// built-in writer says `true`; a wrapper says what the writer it passes on to says.
    var streamsFileBytes: Bool { get }
    /// Whether the writer writes the destinations of relationship `relationship` (an index into
    /// ``GraphModel/relationships(of:)``) of the objects of entity `entity` (an index into the
    /// entities of the document), asked after ``begin(_:)``.
    ///
    /// A writer that keeps a to-many relationship in its inverse, as the relational formats keep
    /// it in the inverse to-one's foreign key, says `false` for it; a flat export of every object
    /// (``Selection/isPartial`` false, so that no destination is outside it to be counted) then
    /// does not read its destinations and leaves the relationship out of every object, as the
    /// grammar allows. Every other export asks nothing and hands every relationship. The default
    /// says `true` for every relationship, so that a writer written before this requirement, or a
    /// wrapper that does not pass it on, is handed what it always was.
    func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool
    /// Writes all the relationships of the innermost object, which come at `position`: the same as
    /// ``GraphEvent/beginRelationship(name:isToMany:)``, one ``GraphEvent/reference(_:)`` per
    /// destination and ``GraphEvent/endRelationship`` for each of them, in order
    /// (``ObjectRelationships``), and the same grammar; `position` is where the first
    /// `beginRelationship` would come.
    ///
    /// ``GraphTraversal`` hands a flat export's objects their relationships this way, right after
    /// their rows, with the destinations as keys, so that a writer writes each reference from its
    /// key and an identifier prefix it prepared once per entity, without an event per reference.
    /// The default writes the events (``writeEvents(of:at:)``), so that a writer written before
    /// this requirement, or a wrapper that does not pass it on, is handed what it always was. An
    /// error thrown here, a rejection too, stops the stream (``GraphStream``).
    func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws
}

extension GraphWriter {
    /// `true`: the writer writes the destinations of every relationship.
    public func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool { true }

    /// Writes the events the relationships stand for (``writeEvents(of:at:)``).
    public func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        try writeEvents(of: relationships, at: position)
    }
}
