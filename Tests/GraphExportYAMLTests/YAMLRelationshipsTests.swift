import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, in block and in flow context.
final class YAMLRelationshipsTests: XCTestCase {
    /// Album/1 and Photo/2 of ``SampleGraphs/albumGraph(note:tag:)``: four of their references are
    /// to objects left out.
    static let someObjects = Selection(objects: [ObjectKey(entity: 0, row: 1), ObjectKey(entity: 1, row: 2)])

    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        let graph = try SampleGraphs.albumGraph()
        // Photo/6 has an empty to-one (album) and an empty to-many (tags); photos by text.
        let sources: [(String, any GraphSource)] = [
            ("numbered", graph), ("photos by text", TextIdentifiedSource(graph, textEntities: ["Photo"])),
        ]
        // A maximum block depth of 0 puts every object's values in flow context.
        for options in [YAMLOptions(), YAMLOptions(indentation: 4), YAMLOptions(maxBlockDepth: 0)] {
            for (name, source) in sources {
                for (selectionName, selection) in [("all", Selection.everything), ("some", Self.someObjects)] {
                    let context = "\(name), \(selectionName), \(options)"
                    let direct = MemorySink()
                    try GraphTraversal(source: source, shape: .flat, selection: selection)
                        .run(into: YAMLGraphWriter(sink: direct, options: options))
                    let events = MemorySink()
                    try GraphTraversal(source: source, shape: .flat, selection: selection)
                        .run(into: RelationshipsAsEvents(YAMLGraphWriter(sink: events, options: options)))
                    XCTAssertEqual(
                        String(decoding: direct.bytes, as: UTF8.self), String(decoding: events.bytes, as: UTF8.self),
                        context)
                }
            }
        }
    }
}
