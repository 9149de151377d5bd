public import GraphExport

/// Event streams for the writers' tests: a deep chain of nested objects, the streams that break
/// the grammar of ``GraphStreamValidator`` with the error each must raise, and valid ones, change
/// marks included.
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
    /// with the first error it must raise.
    public static let illNested: [(events: [GraphEvent], error: GraphStreamError)] = [
        ([attribute], .attributeOutsideObject(name: "x")),
        ([a, toMany, attribute], .attributeOutsideObject(name: "x")),
        ([a, toMany, .endRelationship, attribute], .attributeAfterRelationship(name: "x", id: "A/1")),
        ([a, attribute, .attribute(name: "x", value: .integer(1))], .duplicateAttribute(name: "x", id: "A/1")),
        (
            // The second object of an entity whose attributes differ from the first one's.
            [
                a, .attribute(name: "y", value: .null), attribute, .endObject,
                .beginObject(entity: "A", id: ObjectID("A/4")), attribute, .attribute(name: "z", value: .null),
                attribute,
            ],
            .duplicateAttribute(name: "x", id: "A/4")
        ),
        (
            // The second object of an entity with one more attribute than the first, repeated.
            [a, attribute, .endObject, .beginObject(entity: "A", id: ObjectID("A/4")), attribute, attribute],
            .duplicateAttribute(name: "x", id: "A/4")
        ),
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
        ([.deleted], .misplacedChangeMark(id: "")),
        ([a, attribute, .deleted], .misplacedChangeMark(id: "A/1")),
        ([a, .changedProperties(["x"]), .changedProperties(["x"])], .misplacedChangeMark(id: "A/1")),
        ([a, .changedProperties([]), .deleted], .misplacedChangeMark(id: "A/1")),
        ([a, toMany, .endRelationship, .changedProperties(["items"])], .misplacedChangeMark(id: "A/1")),
        ([a, toMany, b, .deleted], .nestedDeletedObject(id: "B/2")),
        ([a, .deleted, attribute, toOne], .relationshipOfDeletedObject(name: "owner", id: "A/1")),
    ]

    /// Streams that keep the grammar, to be fed after `begin`, then `finish()`: every writer takes
    /// them.
    public static let valid: [[GraphEvent]] = [
        [],
        [a, .endObject],
        [
            a, attribute, .attribute(name: "y", value: .integer(1)), toMany, .endRelationship, toOne, .endRelationship,
            .endObject,
        ],
        [
            a, attribute, toMany, b, attribute, .endObject, reference, .endRelationship, toOne, reference,
            .endRelationship, .endObject, .beginObject(entity: "A", id: ObjectID("A/4")), attribute, .endObject,
        ],
        [
            a, toOne, b, toOne, .beginObject(entity: "C", id: ObjectID("C/5")), .endObject, .endRelationship,
            .endObject,
            .endRelationship, .endObject,
        ],
        // Two objects of one entity whose attributes differ: neither repeats a name.
        [
            a, attribute, .attribute(name: "y", value: .null), .endObject,
            .beginObject(entity: "A", id: ObjectID("A/4")), .attribute(name: "y", value: .null), attribute,
            .attribute(name: "z", value: .null), .endObject,
        ],
        // What changed since a history token: an updated object (its nested one too), a tombstone.
        changes,
    ]

    /// A stream of what changed since a history token: `A/1` updated (`x`, `@id` and `items`
    /// changed), holding `B/2`, updated with no property the export writes, and `C/5`, inserted;
    /// then `A/4`, deleted, with the value `x` kept of it.
    public static let changes: [GraphEvent] = [
        a, .changedProperties(["x", "@id", "items"]), attribute, toMany, b, .changedProperties([]), .endObject,
        .beginObject(entity: "C", id: ObjectID("C/5")), .endObject, .endRelationship, .endObject,
        .beginObject(entity: "A", id: ObjectID("A/4")), .deleted, .attribute(name: "x", value: .integer(3)),
        .endObject,
    ]

    /// Writes a document with header `document` of `depth` objects `Node` (ids `N0`, `N1`, …, each
    /// with an integer `level`), each nested in the previous one's `child` relationship (to-many at
    /// even depths, to-one at odd ones), the innermost relationship empty; then finishes it.
    public static func writeChain(depth: Int, document: DocumentInfo, into writer: some GraphWriter) throws {
        let writer = GraphStream(writer)
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

    /// How `{` and `[` nest in `bytes` (JSON, or YAML in flow style): the depth at the end, the
    /// deepest and the shallowest depth reached.
    public static func bracketDepths(_ bytes: some Sequence<UInt8>) -> (final: Int, deepest: Int, shallowest: Int) {
        var open = 0
        var deepest = 0
        var shallowest = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): open += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): open -= 1
            default: continue
            }
            deepest = max(deepest, open)
            shallowest = min(shallowest, open)
        }
        return (open, deepest, shallowest)
    }
}
