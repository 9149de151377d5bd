import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLFormatDescriptorTests: XCTestCase {
    func testDescriptor() {
        let format = FormatDescriptor.yaml
        XCTAssertEqual(format.name, "yaml")
        XCTAssertEqual(format.fileExtension, "yaml")
        XCTAssertEqual(format.mediaType, "application/yaml")
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "out.YAML")?.name, "yaml")
    }

    func testMakeWriterIgnoresPrettyAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: .nan))])
        var outputs: [String] = []
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = FormatDescriptor.yaml.makeWriter(sink, FormatOptions(pretty: pretty)) {
                log.warnings.append($0)
            }
            try GraphTraversal(source: graph).run(into: writer)
            outputs.append(sink.text)
            XCTAssertEqual(log.warnings.count, 1)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertTrue(outputs[0].contains("\n  value: .nan\n"))
    }
}
