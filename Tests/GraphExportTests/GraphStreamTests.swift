import GraphExport
import GraphExportTestSupport
import XCTest

/// The checker in front of a writer: the positions it hands on, a rejected call taken back, and
/// a failure that stops the stream.
final class GraphStreamTests: XCTestCase {
    /// Rejects every call that names something with a `!` in it; records the others with their
    /// positions.
    private final class Refusing: GraphWriter {
        struct Refused: Error, Equatable {}
        struct Broken: Error, Equatable {}
        var events: [(event: GraphEvent, depth: Int, isEmpty: Bool, isInToMany: Bool)] = []
        var failsAtEnd = false
        var streamsFileBytes: Bool { true }

        func begin(_ document: DocumentInfo) throws {}

        func write(_ event: GraphEvent, at position: StreamPosition) throws {
            switch event {
            case .beginObject(_, let id), .reference(let id):
                if id.text.contains("!") { throw GraphWriterRejection(Refused()) }
            case .attribute(let name, _), .beginRelationship(let name, _):
                if name.contains("!") { throw GraphWriterRejection(Refused()) }
            case .changedProperties(let names):
                if names.contains(where: { $0.contains("!") }) { throw GraphWriterRejection(Refused()) }
            case .endObject:
                if failsAtEnd { throw Broken() }
            default:
                break
            }
            events.append((event, position.depth, position.elementIsEmpty, position.isInToMany))
        }

        func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
            if row.attributeNames.contains(where: { $0.contains("!") }) { throw GraphWriterRejection(Refused()) }
            try write(.beginObject(entity: row.entityName, id: row.id), at: position)
        }

        func finish() throws {}
    }

    func testTheWriterIsHandedWhereEachCallComes() throws {
        let writer = Refusing()
        let stream = GraphStream(writer)
        try stream.begin(DocumentInfo(sourceKind: "test"))
        for event in [NestingStreams.a, NestingStreams.attribute, NestingStreams.toMany, NestingStreams.b, .endObject] {
            try stream.write(event)
        }
        try stream.write(NestingStreams.reference)
        try stream.write(.endRelationship)
        try stream.write(NestingStreams.toOne)
        try stream.write(.endRelationship)
        try stream.write(.endObject)
        try stream.write(.beginObject(entity: "A", id: ObjectID("A/4")))
        try stream.write(.endObject)
        try stream.finish()
        XCTAssertEqual(writer.events.map(\.depth), [0, 1, 1, 2, 3, 2, 2, 1, 2, 1, 0, 1])
        // The first top-level object, no relationship yet, the first relationship, the first
        // destination, B/2 had no relationship, the second destination, the relationship held
        // two, the second relationship, an empty to-one, A/1 had relationships, the second
        // top-level object, A/4 had no relationship.
        XCTAssertEqual(
            writer.events.map(\.isEmpty),
            [true, true, true, true, true, false, false, false, true, false, false, true])
        XCTAssertEqual(
            writer.events.map(\.isInToMany),
            [false, false, false, true, false, true, true, false, false, false, false, false])
    }

    func testARejectedCallIsTakenBackAndTheStreamGoesOn() throws {
        let writer = Refusing()
        let stream = GraphStream(writer)
        func refused(_ call: () throws -> Void, _ message: String) {
            XCTAssertThrowsError(try call(), message) { XCTAssertEqual($0 as? Refusing.Refused, Refusing.Refused()) }
        }
        try stream.begin(DocumentInfo(sourceKind: "test"))
        refused({ try stream.write(.beginObject(entity: "A", id: ObjectID("A/!"))) }, "an object")
        let row = ObjectRow(
            entity: 0, entityName: "A", attributeNames: ["!"], id: ObjectID("A/0"), values: [.integer(1)])
        refused({ try stream.beginObject(row) }, "a row")
        try stream.write(NestingStreams.a)
        refused({ try stream.write(.changedProperties(["!"])) }, "a mark")
        try stream.write(.changedProperties(["x"]))
        refused({ try stream.write(.attribute(name: "x!", value: .null)) }, "an attribute")
        try stream.write(.attribute(name: "y", value: .null))
        refused({ try stream.write(.attribute(name: "y!", value: .null)) }, "a second attribute")
        try stream.write(.attribute(name: "x", value: .null))
        XCTAssertThrowsError(try stream.write(.attribute(name: "y", value: .null))) {
            XCTAssertEqual($0 as? GraphStreamError, .duplicateAttribute(name: "y", id: "A/1"))
        }
        refused({ try stream.write(.beginRelationship(name: "r!", isToMany: false)) }, "a relationship")
        try stream.write(.beginRelationship(name: "r", isToMany: false))
        refused({ try stream.write(.reference(ObjectID("B/!"))) }, "a reference")
        try stream.write(.reference(ObjectID("B/2")))
        try stream.write(.endRelationship)
        try stream.write(.endObject)
        try stream.finish()
        XCTAssertEqual(
            writer.events.map(\.event),
            [
                NestingStreams.a, .changedProperties(["x"]), .attribute(name: "y", value: .null),
                .attribute(name: "x", value: .null), .beginRelationship(name: "r", isToMany: false),
                .reference(ObjectID("B/2")), .endRelationship, .endObject,
            ])
        XCTAssertEqual(writer.events[4].isEmpty, true, "the relationship taken back left the object empty")
        XCTAssertEqual(writer.events[5].isEmpty, true, "the reference taken back left the to-one empty")
    }

    func testAWriterFailureStopsTheStreamAndIsThrownAgain() throws {
        let writer = Refusing()
        writer.failsAtEnd = true
        let stream = GraphStream(writer)
        try stream.begin(DocumentInfo(sourceKind: "test"))
        try stream.write(NestingStreams.a)
        XCTAssertThrowsError(try stream.write(.endObject)) { XCTAssertEqual($0 as? Refusing.Broken, Refusing.Broken()) }
        writer.failsAtEnd = false
        XCTAssertThrowsError(try stream.write(.endObject)) { XCTAssertEqual($0 as? Refusing.Broken, Refusing.Broken()) }
        XCTAssertThrowsError(try stream.finish()) { XCTAssertEqual($0 as? Refusing.Broken, Refusing.Broken()) }
        XCTAssertThrowsError(try stream.begin(DocumentInfo(sourceKind: "test"))) {
            XCTAssertEqual($0 as? Refusing.Broken, Refusing.Broken())
        }
        XCTAssertEqual(writer.events.map(\.event), [NestingStreams.a])
    }
}
