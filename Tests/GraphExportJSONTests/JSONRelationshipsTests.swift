import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, compact and pretty.
final class JSONRelationshipsTests: XCTestCase {
    /// Album/1 and Photo/2 of ``SampleGraphs/albumGraph(note:tag:)``: four of their references are
    /// to objects left out.
    static let someObjects = Selection(objects: [ObjectKey(entity: 0, row: 1), ObjectKey(entity: 1, row: 2)])

    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        let graph = try SampleGraphs.albumGraph()
        // Photo/6 has an empty to-one (album) and an empty to-many (tags); photos by text.
        let sources: [(String, any GraphSource)] = [
            ("numbered", graph), ("photos by text", TextIdentifiedSource(graph, textEntities: ["Photo"])),
        ]
        for pretty in [false, true] {
            for (name, source) in sources {
                for (selectionName, selection, outside) in [
                    ("all", Selection.everything, 0), ("some", Self.someObjects, 4),
                ] {
                    let context = "\(name), \(selectionName), pretty \(pretty)"
                    let direct = MemorySink()
                    let traversal = GraphTraversal(source: source, shape: .flat, selection: selection)
                    try traversal.run(into: JSONGraphWriter(sink: direct, options: JSONOptions(pretty: pretty)))
                    let events = MemorySink()
                    try GraphTraversal(source: source, shape: .flat, selection: selection)
                        .run(
                            into: RelationshipsAsEvents(
                                JSONGraphWriter(sink: events, options: JSONOptions(pretty: pretty))))
                    XCTAssertEqual(
                        String(decoding: direct.bytes, as: UTF8.self), String(decoding: events.bytes, as: UTF8.self),
                        context)
                    XCTAssertEqual(traversal.referencesOutsideSelection, outside, context)
                }
            }
        }
    }

    func testATextIdentifierIsWrittenWholeAndEscaped() throws {
        let sink = MemorySink()
        let source = TextIdentifiedSource(try SampleGraphs.albumGraph(), textEntities: ["Photo"])
        try GraphTraversal(source: source, shape: .flat).run(into: JSONGraphWriter(sink: sink))
        let text = String(decoding: sink.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""cover":{"@id":"Photo/key \"4\"\\é"}"#), text)
        XCTAssertTrue(text.contains(#""photos":[{"@id":"Photo/key \"2\"\\é"},{"@id":"Photo/key \"4\"\\é"}]"#), text)
        XCTAssertTrue(text.contains(#""album":{"@id":"Album/1"}"#), text)
    }
}
