import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, in both styles, compact and pretty.
final class XMLRelationshipsTests: XCTestCase {
    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        for options in [
            XMLOptions(), XMLOptions(pretty: true), XMLOptions(style: .elements),
            XMLOptions(pretty: true, style: .elements),
        ] {
            for comparison in try RelationshipsFromKeys.compare({ XMLGraphWriter(sink: $0, options: options) }) {
                XCTAssertEqual(comparison.direct, comparison.events, "\(comparison.context), \(options)")
            }
        }
    }

    func testATextIdentifierIsWrittenWholeAndEscaped() throws {
        let sink = MemorySink()
        let source = TextIdentifiedSource(try SampleGraphs.albumGraph(), textEntities: ["Photo"])
        try GraphTraversal(source: source, shape: .flat).run(into: XMLGraphWriter(sink: sink))
        let text = String(decoding: sink.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#"<cover><gx:ref gx:id="Photo/key &quot;4&quot;\é"/></cover>"#), text)
        XCTAssertTrue(text.contains(#"<album><gx:ref gx:id="Album/1"/></album>"#), text)
    }
}
