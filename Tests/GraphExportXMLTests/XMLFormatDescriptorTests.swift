import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLFormatDescriptorTests: XCTestCase {
    func testDescriptor() {
        let format = FormatDescriptor.xml
        XCTAssertEqual(format.name, "xml")
        XCTAssertEqual(format.fileExtension, "xml")
        XCTAssertEqual(format.mediaType, "application/xml")
        XCTAssertFalse(format.summary.isEmpty)
        XCTAssertFalse(format.summary.contains("\n"))
        XCTAssertEqual(format.options.map(\.name), ["xml-style"])
        XCTAssertEqual(format.options.first?.values, ["attributes", "elements"])
        XCTAssertEqual(format.options.first?.defaultValue, "attributes")
        XCTAssertEqual(FormatRegistry([format]).format(forPath: "out.XML")?.name, "xml")
        XCTAssertEqual(FormatRegistry([format]).option(named: "xml-style")?.format.name, "xml")
    }

    func testMakeWriterHonoursPrettyAndStyleAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("\u{1}"), "other": .string("text")])
        let styles: [String?] = [nil, "attributes", "elements", "unknown"]
        for pretty in [false, true] {
            for style in styles {
                let sink = MemorySink()
                let log = WarningLog()
                let options = FormatOptions(pretty: pretty, values: style.map { ["xml-style": $0] } ?? [:])
                let writer = FormatDescriptor.xml.makeWriter(sink, options) { log.warnings.append($0) }
                try GraphTraversal(source: graph).run(into: writer)
                XCTAssertEqual(sink.text.contains("\n  <Item "), pretty)
                XCTAssertEqual(
                    sink.text.contains("<other>text</other>"), style == "elements", "\(String(describing: style))")
                XCTAssertEqual(log.warnings.count, 1)
                _ = try ParsedXML.parse(sink.bytes)
            }
        }
    }
}
