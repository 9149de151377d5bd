/// Where a call comes in an export's stream, as the stream's checker (``GraphStream``) finds it
/// before the call: what a ``GraphWriter`` needs of the layout, handed with each call.
///
/// Only the checker makes one (and ``insideObject`` and its siblings, from one it made), so that
/// a writer is never handed a call that breaks the grammar: every position comes from a call
/// checked where the stream is.
public struct StreamPosition {
    /// How many objects and relationships are open before the call.
    public let depth: Int
    /// Whether the innermost open element holds nothing yet, as the call finds it: for
    /// `beginObject` and `reference`, whether they are the first destination of their relationship
    /// (or the first object at the top level); for `endRelationship`, whether the relationship is
    /// empty; for the other calls, whether the innermost object has no relationship yet.
    public let elementIsEmpty: Bool
    /// Whether the innermost open element, as the call finds it, is a to-many relationship: for
    /// `endRelationship`, whether the relationship it ends is to-many.
    public let isInToMany: Bool

    init(depth: Int, elementIsEmpty: Bool, isInToMany: Bool) {
        self.depth = depth
        self.elementIsEmpty = elementIsEmpty
        self.isInToMany = isInToMany
    }

    /// How many objects are open before the call: objects and relationships alternate from the
    /// top level down, so that is half the depth, rounded up.
    public var objectDepth: Int { (depth + 1) / 2 }

    /// The position of the calls inside the object that a `beginObject` at this position begins:
    /// for a writer that writes a row as its events (``GraphWriter/writeEvents(of:at:)``).
    public var insideObject: StreamPosition {
        StreamPosition(depth: depth + 1, elementIsEmpty: true, isInToMany: false)
    }

    /// The position of a `beginRelationship` after a first one at this position, whose object is no
    /// longer empty: for a writer that writes an object's relationships as their events
    /// (``ObjectRelationships``).
    var afterRelationship: StreamPosition {
        StreamPosition(depth: depth, elementIsEmpty: false, isInToMany: isInToMany)
    }

    /// The position of the calls inside the relationship that a `beginRelationship` at this
    /// position begins, to-many or not, when it holds nothing yet (`holdsNothing`) or something.
    func insideRelationship(isToMany: Bool, holdsNothing: Bool) -> StreamPosition {
        StreamPosition(depth: depth + 1, elementIsEmpty: holdsNothing, isInToMany: isToMany)
    }
}
