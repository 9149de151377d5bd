import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, in both styles, compact and pretty.
final class XMLRelationshipsTests: XCTestCase {
    /// Album/1 and Photo/2 of ``SampleGraphs/albumGraph(note:tag:)``: four of their references are
    /// to objects left out.
    static let someObjects = Selection(objects: [ObjectKey(entity: 0, row: 1), ObjectKey(entity: 1, row: 2)])

    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        let graph = try SampleGraphs.albumGraph()
        // Photo/6 has an empty to-one (album) and an empty to-many (tags); photos by text.
        let sources: [(String, any GraphSource)] = [
            ("numbered", graph), ("photos by text", TextIdentifiedSource(graph, textEntities: ["Photo"])),
        ]
        for options in [
            XMLOptions(), XMLOptions(pretty: true), XMLOptions(style: .elements),
            XMLOptions(pretty: true, style: .elements),
        ] {
            for (name, source) in sources {
                for (selectionName, selection) in [("all", Selection.everything), ("some", Self.someObjects)] {
                    let context = "\(name), \(selectionName), \(options)"
                    let direct = MemorySink()
                    try GraphTraversal(source: source, shape: .flat, selection: selection)
                        .run(into: XMLGraphWriter(sink: direct, options: options))
                    let events = MemorySink()
                    try GraphTraversal(source: source, shape: .flat, selection: selection)
                        .run(into: RelationshipsAsEvents(XMLGraphWriter(sink: events, options: options)))
                    XCTAssertEqual(
                        String(decoding: direct.bytes, as: UTF8.self), String(decoding: events.bytes, as: UTF8.self),
                        context)
                }
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
