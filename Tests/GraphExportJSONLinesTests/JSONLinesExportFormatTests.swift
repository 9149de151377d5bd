import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

final class JSONLinesExportFormatTests: XCTestCase {
    func testDescription() {
        let format = ExportFormat.jsonLines()
        XCTAssertEqual(format.name, "jsonl")
        XCTAssertEqual(format.fileExtensions, ["jsonl", "ndjson"])
        XCTAssertFalse(format.capabilities.contains(.pretty))
        XCTAssertEqual(FormatRegistry([format]).format(named: "NDJSON")?.name, "jsonl")
        XCTAssertEqual(format.options.count, 0)
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "out.JSONL")?.name, "jsonl")
    }

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
