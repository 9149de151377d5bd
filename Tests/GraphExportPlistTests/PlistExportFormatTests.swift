import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistExportFormatTests: XCTestCase {
    func testDescription() {
        let format = ExportFormat.plist()
        XCTAssertEqual(format.name, "plist")
        XCTAssertEqual(format.fileExtensions, ["plist"])
        XCTAssertEqual(format.options.count, 0)
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "Out.PLIST")?.name, "plist")
    }

    func testMakeWriterHonoursPrettyAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("\u{1}")])
        for pretty in [false, true] {
            let sink = MemorySink()
            let log = WarningLog()
            let writer = ExportFormat.plist().with(FormatSettings(pretty: pretty)).makeWriter(sink: sink) {
                log.warnings.append($0)
            }
            try GraphTraversal(source: graph).run(into: writer)
            XCTAssertEqual(sink.text.contains("\n\t<dict>\n"), pretty)
            XCTAssertEqual(sink.text.contains(#"<plist version="1.0"><dict>"#), !pretty)
            XCTAssertEqual(log.warnings.count, 1)
            XCTAssertNil(libxml2Problem(sink.bytes))
        }
    }
}
