import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistFormatDescriptorTests: XCTestCase {
    func testDescriptor() {
        let format = FormatDescriptor.plist
        XCTAssertEqual(format.name, "plist")
        XCTAssertEqual(format.fileExtension, "plist")
        XCTAssertEqual(format.mediaType, "application/x-plist")
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
            let writer = FormatDescriptor.plist.makeWriter(sink, FormatOptions(pretty: pretty)) {
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
