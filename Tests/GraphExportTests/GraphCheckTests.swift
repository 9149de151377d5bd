import GraphExport
import GraphExportTestSupport
import XCTest

/// ``GraphCheck`` must catch every way a stream can go wrong, or the traversal tests prove nothing:
/// each test here breaks a faithful export in one way and looks for the problem.
final class GraphCheckTests: XCTestCase {
    private var graph: InMemoryGraph!
    private var tree: [GraphEvent] = []
    private var flat: [GraphEvent] = []

    /// `Folder/1{items[Item/2{folder[→Folder/1] related[→Item/3]}]} Item/3{folder[] related[]}`.
    override func setUpWithError() throws {
        graph = InMemoryGraph(
            model: try makeModel([
                EntityInfo(
                    name: "Folder", attributes: [AttributeInfo(name: "name", type: .string)],
                    relationships: [toMany("items", "Item", inverse: "folder")]),
                EntityInfo(
                    name: "Item",
                    attributes: [
                        AttributeInfo(name: "title", type: .string), AttributeInfo(name: "ratio", type: .double),
                    ],
                    relationships: [toOne("folder", "Folder", inverse: "items"), toOne("related", "Item")]),
            ]))
        let folder = try graph.add("Folder", ["name": .string("f")])
        let first = try graph.add("Item", ["title": .string("é"), "ratio": .double(.nan)])
        let second = try graph.add("Item", ["title": .string("b"), "ratio": .double(-0.0)])
        try graph.link(first, "folder", to: folder)
        try graph.link(first, "related", to: second)
        tree = try export(graph).recording.events
        flat = try export(graph, shape: .flat).recording.events
        XCTAssertEqual(
            outlineOf(tree), "Folder/1{items[Item/2{folder[→Folder/1] related[→Item/3]}]} Item/3{folder[] related[]}")
    }

    private func problems(_ events: [GraphEvent], shape: ExportShape = .tree) throws -> [String] {
        try GraphCheck(events: events, shape: shape, source: graph).problems
    }

    private func assertProblem(
        _ events: [GraphEvent], shape: ExportShape = .tree, _ expected: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let found = try problems(events, shape: shape)
        XCTAssert(
            found.contains { $0.contains(expected) }, "no problem containing \(expected) in \(found)", file: file,
            line: line)
    }

    /// The events from `id`'s beginObject to its endObject.
    private func span(of id: String, in events: [GraphEvent]) -> Range<Int> {
        let start = events.firstIndex {
            if case .beginObject(_, let begun) = $0 { return begun.text == id } else { return false }
        }!
        var depth = 0
        for index in start..<events.count {
            if case .beginObject = events[index] { depth += 1 }
            if case .endObject = events[index] {
                depth -= 1
                if depth == 0 { return start..<(index + 1) }
            }
        }
        preconditionFailure("\(id) never ends")
    }

    private func replacing(_ old: GraphEvent, with new: [GraphEvent], in events: [GraphEvent]) -> [GraphEvent] {
        let index = events.firstIndex { identical($0, old) }!
        var result = events
        result.replaceSubrange(index...index, with: new)
        return result
    }

    func testFaithfulExportsHaveNoProblems() throws {
        XCTAssertEqual(try problems(tree), [])
        XCTAssertEqual(try problems(flat, shape: .flat), [])
        let check = try GraphCheck(events: tree, shape: .tree, source: graph)
        XCTAssertEqual([check.objectCount, check.referenceCount, check.maxDepth], [3, 2, 2])
    }

    func testMissingAndRepeatedObjects() throws {
        var missing = tree
        missing.removeSubrange(span(of: "Item/3", in: tree))
        try assertProblem(missing, "Item/3 is never written in full")
        try assertProblem(missing, "reference to Item/3, which is never written in full")

        try assertProblem(tree + tree[span(of: "Item/3", in: tree)], "Item/3 is written in full 2 times")

        let ghost = replacing(
            .endObject, with: [.beginObject(entity: "Item", id: ObjectID("Item/9")), .endObject, .endObject],
            in: tree.reversed()
        ).reversed()
        try assertProblem(Array(ghost), "Item/9 is not an object of the source")

        try assertProblem(
            replacing(
                .beginObject(entity: "Item", id: ObjectID("Item/3")),
                with: [.beginObject(entity: "Folder", id: ObjectID("Item/3"))], in: tree),
            "Item/3 begins as entity 'Folder', the source says 'Item'")
    }

    func testWrongAttributes() throws {
        let (title, nan, negativeZero, zero): (GraphEvent, GraphEvent, GraphEvent, GraphEvent) = (
            .attribute(name: "title", value: .string("é")), .attribute(name: "ratio", value: .double(.nan)),
            .attribute(name: "ratio", value: .double(-0.0)), .attribute(name: "ratio", value: .double(0))
        )
        for (old, new, expected): (GraphEvent, [GraphEvent], String) in [
            (
                title, [.attribute(name: "title", value: .string("e\u{301}"))],
                #"Item/2.title is string("é"), the source has string("é")"#
            ),
            (nan, [zero], "Item/2.ratio is double(0.0), the source has double(nan)"),
            (negativeZero, [zero], "Item/3.ratio is double(0.0), the source has double(-0.0)"),
            (negativeZero, [], #"Item/3: attributes are ["title"], the model has ["title", "ratio"]"#),
        ] {
            try assertProblem(replacing(old, with: new, in: tree), expected)
        }
    }

    func testBadNesting() throws {
        try assertProblem(
            replacing(.endObject, with: [.attribute(name: "late", value: .null), .endObject], in: tree),
            "attribute 'late' of object 'Item/2' arrived after its relationships")
        try assertProblem(
            replacing(
                .reference(ObjectID("Item/3")),
                with: [.reference(ObjectID("Item/3")), .reference(ObjectID("Folder/1"))], in: tree),
            "to-one relationship 'related' received a second destination, 'Folder/1'")
        try assertProblem(
            Array(tree.dropLast()), "end of stream: finish() was called while object 'Item/3' was still open")
        try assertProblem([.endRelationship] + tree, "event 0: endRelationship arrived with no relationship open")
        try assertProblem(
            [.reference(ObjectID("Item/3"))] + tree, "event 0: the reference to 'Item/3' arrived outside a relationship"
        )
        try assertProblem(
            [.attribute(name: "x", value: .null)] + tree, "event 0: attribute 'x' arrived outside an object")
        try assertProblem([.endObject] + tree, "event 0: endObject arrived with no object open")
        try assertProblem(
            replacing(
                .beginRelationship(name: "related", isToMany: false),
                with: [.beginRelationship(name: "related", isToMany: true)], in: tree),
            "Item/2.related is written with isToMany true, the model says false")
    }

    func testWrongRelationshipContent() throws {
        try assertProblem(
            replacing(.reference(ObjectID("Item/3")), with: [.reference(ObjectID("Ghost/9"))], in: tree),
            "reference to Ghost/9, which is never written in full")
        try assertProblem(
            replacing(.reference(ObjectID("Item/3")), with: [], in: tree),
            "Item/2.related holds [], the source has [Item/3]")
    }

    func testOwnershipInTheTreeShape() throws {
        var unnested = tree
        let item = Array(tree[span(of: "Item/2", in: tree)])
        unnested.replaceSubrange(span(of: "Item/2", in: tree), with: [.reference(ObjectID("Item/2"))])
        try assertProblem(
            unnested + item, "Item/2 is written at the top level, but its owner Folder/1 (through 'folder')")

        var wronglyNested = tree
        let orphan = Array(tree[span(of: "Item/3", in: tree)])
        wronglyNested.removeSubrange(span(of: "Item/3", in: tree))
        wronglyNested = replacing(.reference(ObjectID("Item/3")), with: orphan, in: wronglyNested)
        try assertProblem(wronglyNested, "Item/3 is nested in Item/2.related, which does not nest its destinations")
        try assertProblem(wronglyNested, "Item/3 is nested in Item/2.related, but it has no owner")
    }

    func testShapeRules() throws {
        try assertProblem(tree, shape: .flat, "Item/2 is nested in Folder/1, but the flat shape nests nothing")
        var reordered = flat
        let first = Array(flat[span(of: "Item/2", in: flat)])
        reordered.removeSubrange(span(of: "Item/2", in: flat))
        try assertProblem(reordered + first, shape: .flat, "not in the source's scan order")
    }

    /// Calls out of order never reach the recording: its ``GraphStream`` refuses them.
    func testRecordingProtocol() throws {
        let unfinishedRecording = RecordingGraphWriter()
        let unfinished = GraphStream(unfinishedRecording)
        XCTAssertThrowsError(try unfinished.write(.endObject)) { XCTAssertEqual($0 as? GraphStreamError, .notBegun) }
        try unfinished.begin(DocumentInfo(sourceKind: "test"))
        let check = try GraphCheck(recording: unfinishedRecording, source: graph)
        XCTAssertEqual(check.problems.prefix(1), ["the writer was never finished"])
        XCTAssertEqual(unfinishedRecording.events, [])

        let twiceRecording = RecordingGraphWriter()
        let twice = GraphStream(twiceRecording)
        try twice.begin(DocumentInfo(sourceKind: "test"))
        try twice.finish()
        XCTAssertThrowsError(try twice.write(.endObject)) {
            XCTAssertEqual($0 as? GraphStreamError, .alreadyFinished)
        }
        XCTAssertThrowsError(try twice.finish()) { XCTAssertEqual($0 as? GraphStreamError, .alreadyFinished) }
        XCTAssertEqual(twiceRecording.events, [])
    }
}
