import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLExportFormatTests: XCTestCase {
    func testDescription() {
        let format = ExportFormat.graphml()
        XCTAssertEqual(format.name, "graphml")
        XCTAssertEqual(format.fileExtensions, ["graphml"])
        XCTAssertEqual(format.options, [])
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "out.GraphML")?.name, "graphml")
    }

    func testMakeWriterHonoursPrettyAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("\u{1}")])
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = ExportFormat.graphml().with(FormatSettings(pretty: pretty)).makeWriter(sink: sink) {
                log.warnings.append($0)
            }
            try GraphTraversal(source: graph).run(into: writer)
            XCTAssertEqual(sink.text.contains("\n  <graph "), pretty)
            XCTAssertEqual(sink.text.components(separatedBy: "\n").count, pretty ? 21 : 3)
            XCTAssertEqual(log.warnings.count, 1)
            XCTAssertEqual(try ParsedGraphML.parse(sink.bytes).nodes.count, 1)
        }
    }
}
