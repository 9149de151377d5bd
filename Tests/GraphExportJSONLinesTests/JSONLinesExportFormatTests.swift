import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

final class JSONLinesExportFormatTests: XCTestCase {
    func testMakeWriterIgnoresPrettyAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan)])
        var outputs: [String] = []
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = ExportFormat.jsonLines().with(FormatSettings(pretty: pretty)).makeWriter(sink: sink) {
                log.warnings.append($0)
            }
            try GraphTraversal(source: graph).run(into: writer)
            outputs.append(sink.text)
            XCTAssertEqual(log.warnings.count, 1)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(outputs[0].split(separator: "\n").count, 2)
    }
}
