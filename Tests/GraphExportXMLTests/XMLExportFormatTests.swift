import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLExportFormatTests: XCTestCase {
    func testMakeWriterHonoursPrettyAndStyleAndForwardsWarnings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("\u{1}"), "other": .string("text")])
        let styles: [String?] = [nil, "attributes", "elements", "unknown"]
        for pretty in [false, true] {
            for style in styles {
                let sink = MemorySink()
                let log = WarningLog()
                let settings = FormatSettings(pretty: pretty, values: style.map { ["xml-style": $0] } ?? [:])
                let writer = ExportFormat.xml().with(settings).makeWriter(sink: sink) { log.warnings.append($0) }
                try GraphTraversal(source: graph).run(into: writer)
                XCTAssertEqual(sink.text.contains("\n  <Item "), pretty)
                XCTAssertEqual(
                    sink.text.contains("<other>text</other>"), style == "elements", "\(String(describing: style))")
                XCTAssertEqual(log.warnings.count, 1)
                _ = try ParsedXML.parse(sink.bytes)
            }
        }
    }

    func testFactoryTakesTheStyle() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["other": .string("text")])
        XCTAssertEqual(ExportFormat.xml(style: .elements).settings.values, ["xml-style": "elements"])
        let sink = MemorySink()
        try GraphExporter(source: graph).write(to: sink, format: .xml(style: .elements))
        XCTAssertTrue(sink.text.contains("<other>text</other>"), sink.text)
    }
}
