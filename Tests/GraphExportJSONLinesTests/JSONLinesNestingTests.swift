import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

final class JSONLinesNestingTests: XCTestCase {
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
        let sink = try WriterChain.output(depth: depth) { JSONLinesGraphWriter(sink: $0) }
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
        let events: [GraphEvent] = [
            .beginObject(entity: "A", id: ObjectID("A/1")), .beginRelationship(name: "items", isToMany: true),
            .reference(ObjectID("B/2")), .beginObject(entity: "B", id: ObjectID("B/3")),
            .beginRelationship(name: "owner", isToMany: false), .reference(ObjectID("A/1")), .endRelationship,
            .endObject,
            .beginObject(entity: "B", id: ObjectID("B/4")), .endObject, .reference(ObjectID("B/5")), .endRelationship,
            .beginRelationship(name: "best", isToMany: false), .beginObject(entity: "B", id: ObjectID("B/6")),
            .endObject,
            .endRelationship, .endObject,
        ]
        XCTAssertNil(
            firstWriterError(
                afterBeginning: events, into: JSONLinesGraphWriter(sink: sink), document: WriterChain.document))
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

}
