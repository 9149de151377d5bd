import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write.
final class JSONLinesRelationshipsTests: XCTestCase {
    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        let graph = try SampleGraphs.albumGraph()
        // Photo/6 has an empty to-one (album) and an empty to-many (tags); photos by text.
        let sources: [(String, any GraphSource)] = [
            ("numbered", graph), ("photos by text", TextIdentifiedSource(graph, textEntities: ["Photo"])),
        ]
        // Album/1 and Photo/2: four of their references are to objects left out.
        let some = Selection(objects: [ObjectKey(entity: 0, row: 1), ObjectKey(entity: 1, row: 2)])
        for (name, source) in sources {
            for (selectionName, selection, outside) in [("all", Selection.everything, 0), ("some", some, 4)] {
                let context = "\(name), \(selectionName)"
                let direct = MemorySink()
                let traversal = GraphTraversal(source: source, shape: .flat, selection: selection)
                try traversal.run(into: JSONLinesGraphWriter(sink: direct))
                let events = MemorySink()
                try GraphTraversal(source: source, shape: .flat, selection: selection)
                    .run(into: RelationshipsAsEvents(JSONLinesGraphWriter(sink: events)))
                XCTAssertEqual(
                    String(decoding: direct.bytes, as: UTF8.self), String(decoding: events.bytes, as: UTF8.self),
                    context)
                XCTAssertEqual(traversal.referencesOutsideSelection, outside, context)
            }
        }
        let sink = MemorySink()
        try GraphTraversal(source: sources[1].1, shape: .flat).run(into: JSONLinesGraphWriter(sink: sink))
        let text = String(decoding: sink.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""album":null,"tags":[],"details":null}"#), text)
        XCTAssertTrue(text.contains(#""cover":{"@id":"Photo/key \"4\"\\é"}"#), text)
    }
}
