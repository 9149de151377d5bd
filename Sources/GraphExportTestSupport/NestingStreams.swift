public import GraphExport

/// The errors every streaming writer reports for an ill-nested event stream, named alike in each
/// format's error type, so that one table of streams serves all the writers' tests.
///
/// A format's error enum conforms with an empty extension: its cases are the requirements.
public protocol NestingErrors: Hashable {
    /// An attribute arrived outside an object (or inside a relationship).
    static func attributeOutsideObject(name: String) -> Self
    /// A relationship began outside an object (or inside another relationship).
    static func relationshipOutsideObject(name: String) -> Self
    /// An object began directly inside another object, not inside one of its relationships.
    static func objectInsideObject(id: String, parent: String) -> Self
    /// A reference arrived outside a relationship.
    static func referenceOutsideRelationship(id: String) -> Self
    /// A to-one relationship got a second destination.
    static func secondDestinationInToOne(relationship: String, id: String) -> Self
    /// A relationship ended that had not begun.
    static func unmatchedEndRelationship(openObject: String?) -> Self
    /// An object ended that had not begun.
    static func unmatchedEndObject(openRelationship: String?) -> Self
    /// The document finished with an object still open.
    static func unfinishedObject(id: String) -> Self
}

/// Event streams for the writers' nesting tests: a deep chain of nested objects, and a table of
/// ill-nested streams with the error each must raise.
public enum NestingStreams {
    /// The beginning of object `A/1`.
    public static let a = GraphEvent.beginObject(entity: "A", id: ObjectID("A/1"))
    /// The beginning of object `B/2`.
    public static let b = GraphEvent.beginObject(entity: "B", id: ObjectID("B/2"))
    /// The beginning of the to-one relationship `owner`.
    public static let toOne = GraphEvent.beginRelationship(name: "owner", isToMany: false)
    /// The beginning of the to-many relationship `items`.
    public static let toMany = GraphEvent.beginRelationship(name: "items", isToMany: true)
    /// A reference to `B/3`.
    public static let reference = GraphEvent.reference(ObjectID("B/3"))
    /// The null attribute `x`.
    public static let attribute = GraphEvent.attribute(name: "x", value: .null)

    /// The ill-nested streams every writer rejects, each (to be fed after `begin`, then `finish()`)
    /// with the first error it must raise, in `Failure`, a format's error type.
    public static func illNested<Failure: NestingErrors>(_: Failure.Type = Failure.self) -> [([GraphEvent], Failure)] {
        [
            ([attribute], .attributeOutsideObject(name: "x")),
            ([a, toMany, attribute], .attributeOutsideObject(name: "x")),
            ([toMany], .relationshipOutsideObject(name: "items")),
            ([a, toMany, toOne], .relationshipOutsideObject(name: "owner")),
            ([a, b], .objectInsideObject(id: "B/2", parent: "A/1")),
            ([reference], .referenceOutsideRelationship(id: "B/3")),
            ([a, reference], .referenceOutsideRelationship(id: "B/3")),
            ([a, toOne, b, .endObject, reference], .secondDestinationInToOne(relationship: "owner", id: "B/3")),
            ([a, toOne, reference, b], .secondDestinationInToOne(relationship: "owner", id: "B/2")),
            ([.endRelationship], .unmatchedEndRelationship(openObject: nil)),
            ([a, .endRelationship], .unmatchedEndRelationship(openObject: "A/1")),
            ([.endObject], .unmatchedEndObject(openRelationship: nil)),
            ([a, toMany, .endObject], .unmatchedEndObject(openRelationship: "items")),
            ([a], .unfinishedObject(id: "A/1")),
            ([a, toMany, b, toOne], .unfinishedObject(id: "B/2")),
            ([a, toMany, b, .endObject], .unfinishedObject(id: "A/1")),
        ]
    }

    /// Writes a document with header `document` of `depth` objects `Node` (ids `N0`, `N1`, …, each
    /// with an integer `level`), each nested in the previous one's `child` relationship (to-many at
    /// even depths, to-one at odd ones), the innermost relationship empty; then finishes it.
    public static func writeChain(depth: Int, document: DocumentInfo, into writer: some GraphWriter) throws {
        try writer.begin(document)
        for level in 0..<depth {
            try writer.write(.beginObject(entity: "Node", id: ObjectID("N\(level)")))
            try writer.write(.attribute(name: "level", value: .integer(Int64(level))))
            try writer.write(.beginRelationship(name: "child", isToMany: level % 2 == 0))
        }
        for _ in 0..<depth {
            try writer.write(.endRelationship)
            try writer.write(.endObject)
        }
        try writer.finish()
    }
}
