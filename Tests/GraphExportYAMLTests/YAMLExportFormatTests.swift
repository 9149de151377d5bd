import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLExportFormatTests: XCTestCase {
    func testCompactWritesFlowStyleAndWarningsAreForwarded() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: .nan))])
        var outputs: [Bool: String] = [:]
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = ExportFormat.yaml(pretty: pretty).makeWriter(sink: sink) { log.warnings.append($0) }
            try GraphTraversal(source: graph).run(into: writer)
            outputs[pretty] = sink.text
            XCTAssertEqual(log.warnings.count, 1)
        }
        XCTAssertTrue(outputs[true]?.contains("\n  value: .nan\n") == true, outputs[true] ?? "")
        XCTAssertTrue(
            outputs[false]?.contains("\n- {\"@id\": Item/1, \"@type\": Item, value: .nan") == true, outputs[false] ?? ""
        )
        let blockDefault = MemorySink()
        try GraphTraversal(source: graph).run(into: ExportFormat.yaml().makeWriter(sink: blockDefault) { _ in })
        XCTAssertEqual(blockDefault.text, outputs[true])
    }
}
