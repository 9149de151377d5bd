import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write.
final class JSONLinesRelationshipsTests: XCTestCase {
    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        for comparison in try RelationshipsFromKeys.compare({ JSONLinesGraphWriter(sink: $0) }) {
            XCTAssertEqual(comparison.direct, comparison.events, comparison.context)
            XCTAssertEqual(
                comparison.referencesOutsideSelection, comparison.expectedOutsideSelection, comparison.context)
        }
        let source = TextIdentifiedSource(try SampleGraphs.albumGraph(), textEntities: ["Photo"])
        let sink = MemorySink()
        try GraphTraversal(source: source, shape: .flat).run(into: JSONLinesGraphWriter(sink: sink))
        let text = String(decoding: sink.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""album":null,"tags":[],"details":null}"#), text)
        XCTAssertTrue(text.contains(#""cover":{"@id":"Photo/key \"4\"\\é"}"#), text)
    }
}
