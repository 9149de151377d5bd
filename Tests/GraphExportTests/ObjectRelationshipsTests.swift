import GraphExportTestSupport
import XCTest

@testable import GraphExport

/// An object's relationships in one call (``ObjectRelationships``): the events they stand for, at
/// the positions the stream's checker gives, and the checks the checker makes of them.
final class ObjectRelationshipsTests: XCTestCase {
    /// Records every event with its position.
    private final class PositionRecorder: GraphWriter {
        var events: [String] = []
        var streamsFileBytes: Bool { true }
        func begin(_ document: DocumentInfo) throws {}
        func write(_ event: GraphEvent, at position: StreamPosition) throws {
            events.append("\(event) at \(position.depth) \(position.elementIsEmpty) \(position.isInToMany)")
        }
        func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
            try writeEvents(of: row, at: position)
        }
        func finish() throws {}
    }

    func testTheDefaultWritesTheEventsAtThePositionsTheCheckerGives() throws {
        let graph = try SampleGraphs.albumGraph()
        let recorder = RecordingGraphWriter()
        try GraphTraversal(source: graph, shape: .flat).run(into: recorder)
        // Photo/6: an empty to-one, an empty to-many, an empty to-one.
        XCTAssertTrue(
            recorder.events.split(separator: .endObject).contains { object in
                Array(object.suffix(6)) == [
                    .beginRelationship(name: "album", isToMany: false), .endRelationship,
                    .beginRelationship(name: "tags", isToMany: true), .endRelationship,
                    .beginRelationship(name: "details", isToMany: false), .endRelationship,
                ]
            })
        // The checker's positions of the same events, written one by one.
        let byDefault = PositionRecorder()
        try GraphTraversal(source: graph, shape: .flat).run(into: byDefault)
        let oneByOne = PositionRecorder()
        let stream = GraphStream(oneByOne)
        try stream.begin(DocumentInfo(sourceKind: "test"))
        for event in recorder.events { try stream.write(event) }
        try stream.finish()
        XCTAssertEqual(byDefault.events, oneByOne.events)
    }

    func testRelationshipsAreCheckedAsTheirBeginningsAre() throws {
        let graph = try SampleGraphs.albumGraph()
        let relationships = ObjectRelationships(source: graph)
        relationships.start(relationships: graph.model.relationships(of: 0), written: [0, 1])
        relationships.setToOne([nil, ObjectKey(entity: 1, row: 4)])
        let stream = GraphStream(RecordingGraphWriter())
        try stream.begin(DocumentInfo(sourceKind: "test"))
        XCTAssertThrowsError(try stream.writeRelationships(relationships)) {
            XCTAssertEqual($0 as? GraphStreamError, .relationshipOutsideObject(name: "photos"))
        }
        try stream.write(.beginObject(entity: "Album", id: ObjectID("Album/1")))
        try stream.write(.deleted)
        XCTAssertThrowsError(try stream.writeRelationships(relationships)) {
            XCTAssertEqual($0 as? GraphStreamError, .relationshipOfDeletedObject(name: "photos", id: "Album/1"))
        }
    }

    func testTheObjectHoldsRelationshipsAfterTheCall() throws {
        let graph = try SampleGraphs.albumGraph()
        let relationships = ObjectRelationships(source: graph)
        relationships.start(relationships: graph.model.relationships(of: 0), written: [1])
        relationships.setToOne([nil, ObjectKey(entity: 1, row: 4)])
        let recorder = PositionRecorder()
        let stream = GraphStream(recorder)
        try stream.begin(DocumentInfo(sourceKind: "test"))
        try stream.write(.beginObject(entity: "Album", id: ObjectID("Album/1")))
        try stream.writeRelationships(relationships)
        try stream.write(.beginRelationship(name: "photos", isToMany: true))
        try stream.write(.endRelationship)
        XCTAssertThrowsError(try stream.write(.attribute(name: "title", value: .null))) {
            XCTAssertEqual($0 as? GraphStreamError, .attributeAfterRelationship(name: "title", id: "Album/1"))
        }
        try stream.write(.endObject)
        try stream.finish()
        XCTAssertEqual(
            recorder.events,
            [
                #"beginObject(entity: "Album", id: Album/1) at 0 true false"#,
                #"beginRelationship(name: "cover", isToMany: false) at 1 true false"#,
                "reference(Photo/4) at 2 true false", "endRelationship at 2 false false",
                #"beginRelationship(name: "photos", isToMany: true) at 1 false false"#,
                "endRelationship at 2 true true", "endObject at 1 false false",
            ])
    }
}
