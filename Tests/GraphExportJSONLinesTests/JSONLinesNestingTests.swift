import GraphExport
import GraphExportJSONLines
import XCTest

final class JSONLinesNestingTests: XCTestCase {
    private let document = DocumentInfo(generator: "graphexport", sourceKind: "test")

    /// Writes `depth` objects, each nested in the previous one's `child` relationship (to-many at
    /// even depths, to-one at odd ones), the innermost relationship empty.
    private func writeChain(depth: Int, into writer: JSONLinesGraphWriter) throws {
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

    /// The line of object `level` in a chain of `depth`.
    private func chainLine(_ level: Int, depth: Int) -> String {
        let child: String
        if level == depth - 1 {
            child = level % 2 == 0 ? "[]" : "null"
        } else {
            child = level % 2 == 0 ? #"[{"@id":"N\#(level + 1)"}]"# : #"{"@id":"N\#(level + 1)"}"#
        }
        return #"{"@id":"N\#(level)","@type":"Node","level":\#(level),"child":\#(child)}"#
    }

    func testHundredThousandLevelsOfNestingAreAsManyLinesInnermostFirst() throws {
        let depth = 100_000
        let sink = MemorySink()
        try writeChain(depth: depth, into: JSONLinesGraphWriter(sink: sink))
        let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, depth + 2)
        XCTAssertEqual(lines.first, #"{"@source":{"generator":"graphexport","sourceKind":"test","shape":"tree"}}"#)
        XCTAssertEqual(lines.last, "")
        for (index, line) in lines.dropFirst().dropLast().enumerated() {
            let level = depth - 1 - index
            guard line == chainLine(level, depth: depth) else {
                return XCTFail("line \(index + 1): \(line)")
            }
        }
    }

    func testNestedObjectsAfterReferencesKeepTheirCommas() throws {
        let sink = MemorySink()
        let writer = JSONLinesGraphWriter(sink: sink)
        try writer.begin(document)
        try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        try writer.write(.beginRelationship(name: "items", isToMany: true))
        try writer.write(.reference(ObjectID("B/2")))
        try writer.write(.beginObject(entity: "B", id: ObjectID("B/3")))
        try writer.write(.beginRelationship(name: "owner", isToMany: false))
        try writer.write(.reference(ObjectID("A/1")))
        try writer.write(.endRelationship)
        try writer.write(.endObject)
        try writer.write(.beginObject(entity: "B", id: ObjectID("B/4")))
        try writer.write(.endObject)
        try writer.write(.reference(ObjectID("B/5")))
        try writer.write(.endRelationship)
        try writer.write(.beginRelationship(name: "best", isToMany: false))
        try writer.write(.beginObject(entity: "B", id: ObjectID("B/6")))
        try writer.write(.endObject)
        try writer.write(.endRelationship)
        try writer.write(.endObject)
        try writer.finish()
        XCTAssertEqual(
            sink.text.split(separator: "\n").dropFirst(),
            [
                #"{"@id":"B/3","@type":"B","owner":{"@id":"A/1"}}"#,
                #"{"@id":"B/4","@type":"B"}"#,
                #"{"@id":"B/6","@type":"B"}"#,
                #"{"@id":"A/1","@type":"A","items":[{"@id":"B/2"},{"@id":"B/3"},{"@id":"B/4"},{"@id":"B/5"}],"#
                    + #""best":{"@id":"B/6"}}"#,
            ])
    }

    /// Feeds `events` after `begin`, then `finish()`, and returns the first error thrown.
    private func error(afterBeginning events: [GraphEvent], file: StaticString = #filePath, line: UInt = #line)
        -> JSONLinesWriterError?
    {
        let writer = JSONLinesGraphWriter(sink: MemorySink())
        do {
            try writer.begin(document)
            for event in events { try writer.write(event) }
            try writer.finish()
        } catch let error as JSONLinesWriterError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        XCTFail("no error", file: file, line: line)
        return nil
    }

    func testIllNestedStreamsThrowNamingWhatIsWrong() {
        let a = GraphEvent.beginObject(entity: "A", id: ObjectID("A/1"))
        let b = GraphEvent.beginObject(entity: "B", id: ObjectID("B/2"))
        let toOne = GraphEvent.beginRelationship(name: "owner", isToMany: false)
        let toMany = GraphEvent.beginRelationship(name: "items", isToMany: true)
        let reference = GraphEvent.reference(ObjectID("B/3"))
        let cases: [([GraphEvent], JSONLinesWriterError)] = [
            ([.attribute(name: "x", value: .null)], .attributeOutsideObject(name: "x")),
            ([a, toMany, .attribute(name: "x", value: .null)], .attributeOutsideObject(name: "x")),
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
        for (events, expected) in cases {
            XCTAssertEqual(error(afterBeginning: events), expected, "\(events)")
        }
        let sentences = Set(cases.map(\.1.description))
        XCTAssertEqual(sentences.count, Set(cases.map(\.1)).count)
    }

    func testAFailedEventWritesNothing() throws {
        let sink = MemorySink()
        let writer = JSONLinesGraphWriter(sink: sink)
        try writer.begin(document)
        try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        try writer.write(.beginRelationship(name: "owner", isToMany: false))
        try writer.write(.reference(ObjectID("B/2")))
        XCTAssertThrowsError(try writer.write(.reference(ObjectID("B/3"))))
        XCTAssertThrowsError(try writer.write(.beginObject(entity: "B", id: ObjectID("B/4"))))
        try writer.write(.endRelationship)
        try writer.write(.endObject)
        try writer.finish()
        XCTAssertEqual(sink.text.split(separator: "\n").last, #"{"@id":"A/1","@type":"A","owner":{"@id":"B/2"}}"#)
    }

    func testCallsOutsideTheDocumentThrow() throws {
        let writer = JSONLinesGraphWriter(sink: MemorySink())
        XCTAssertThrowsError(try writer.write(.endObject)) { XCTAssertEqual($0 as? JSONLinesWriterError, .notBegun) }
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? JSONLinesWriterError, .notBegun) }
        try writer.begin(document)
        XCTAssertThrowsError(try writer.begin(document)) {
            XCTAssertEqual($0 as? JSONLinesWriterError, .begunTwice)
        }
        try writer.finish()
        XCTAssertThrowsError(try writer.write(.endObject)) {
            XCTAssertEqual($0 as? JSONLinesWriterError, .alreadyFinished)
        }
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? JSONLinesWriterError, .alreadyFinished) }
        XCTAssertThrowsError(try writer.begin(document)) {
            XCTAssertEqual($0 as? JSONLinesWriterError, .alreadyFinished)
        }
    }

    func testLinesReachTheSinkBeforeTheDocumentEnds() throws {
        let sink = MemorySink()
        let writer = JSONLinesGraphWriter(sink: sink)
        try writer.begin(document)
        let long = String(repeating: "x", count: 100_000)
        for index in 0..<3 {
            try writer.write(.beginObject(entity: "A", id: ObjectID("A/\(index)")))
            try writer.write(.attribute(name: "text", value: .string(long)))
            try writer.write(.endObject)
        }
        XCTAssertGreaterThan(sink.bytes.count, 200_000, "complete lines stream out before finish()")
        try writer.finish()
        XCTAssertEqual(sink.text.split(separator: "\n").count, 4)
    }
}
