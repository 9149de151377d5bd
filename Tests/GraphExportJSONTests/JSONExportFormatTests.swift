import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONExportFormatTests: XCTestCase {
    func testDescription() {
        let format = ExportFormat.json()
        XCTAssertEqual(format.name, "json")
        XCTAssertEqual(format.fileExtensions, ["json"])
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "out.JSON")?.name, "json")
    }

    func testMakeWriterHonoursPrettyAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan)])
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = ExportFormat.json().with(FormatSettings(pretty: pretty)).makeWriter(sink: sink) {
                log.warnings.append($0)
            }
            try GraphTraversal(source: graph).run(into: writer)
            XCTAssertEqual(sink.text.contains("\n  \"@graph\": ["), pretty)
            XCTAssertEqual(sink.text.hasPrefix(#"{"@source":{"#), !pretty)
            XCTAssertEqual(log.warnings.count, 1)
        }
    }
}
