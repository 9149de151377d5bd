import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, compact and pretty.
final class JSONRelationshipsTests: XCTestCase {
    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        for pretty in [false, true] {
            let comparisons = try RelationshipsFromKeys.compare {
                JSONGraphWriter(sink: $0, options: JSONOptions(pretty: pretty))
            }
            for comparison in comparisons {
                let context = "\(comparison.context), pretty \(pretty)"
                XCTAssertEqual(comparison.direct, comparison.events, context)
                XCTAssertEqual(comparison.referencesOutsideSelection, comparison.expectedOutsideSelection, context)
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
