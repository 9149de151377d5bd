import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportTestSupport
import GraphExportXML
import GraphExportYAML
import XCTest

/// What each built-in format's ``ExportFormat`` says of itself, and that the writer it makes
/// honours `pretty` and forwards warnings: one table, a row per format. What only one format's
/// factory does (XML's style, YAML's flow style, JSON Lines ignoring `pretty`) is tested beside
/// that format.
final class BuiltInFormatTests: XCTestCase {
    /// A format's name, its file extensions, a path in another case that names it, and its options.
    private let descriptions:
        [(format: ExportFormat, name: String, extensions: [String], path: String, options: [String])] =
            [
                (.json(), "json", ["json"], "out.JSON", []),
                (.jsonLines(), "jsonl", ["jsonl", "ndjson"], "out.JSONL", []),
                (.yaml(), "yaml", ["yaml", "yml"], "out.YAML", []),
                (.xml(), "xml", ["xml"], "out.XML", ["xml-style"]),
                (.plist(), "plist", ["plist"], "Out.PLIST", []),
                (.graphml(), "graphml", ["graphml"], "out.GraphML", []),
            ]

    func testEachFormatDescribesItself() {
        for (format, name, extensions, path, options) in descriptions {
            XCTAssertEqual(format.name, name)
            XCTAssertEqual(format.fileExtensions, extensions, name)
            XCTAssertEqual(format.options.map(\.name), options, name)
            XCTAssertFalse(format.summary.isEmpty, name)
            XCTAssertFalse(format.summary.contains("\n"), name)
            XCTAssertEqual(format.capabilities.contains(.pretty), name != "jsonl", name)
            XCTAssertEqual(FormatRegistry([format]).format(forPath: path)?.name, name)
        }
        XCTAssertEqual(FormatRegistry([.jsonLines()]).format(named: "NDJSON")?.name, "jsonl")
        XCTAssertEqual(FormatRegistry([.yaml()]).format(forPath: "out.yml")?.name, "yaml")
        XCTAssertTrue(ExportFormat.yaml().settings.pretty)
        XCTAssertEqual(ExportFormat.xml().options.first?.values, ["attributes", "elements"])
        XCTAssertEqual(ExportFormat.xml().options.first?.defaultValue, "attributes")
    }

    /// A format, a value it warns about once, checks that hold of its pretty output only and of
    /// its compact output only, and what reading the output back must show.
    private let prettyRows:
        [(
            format: ExportFormat, warned: Value, pretty: [(String) -> Bool], compact: [(String) -> Bool],
            reads: ([UInt8]) throws -> Void
        )] = [
            (
                .json(), .double(.nan), [{ $0.contains("\n  \"@graph\": [") }], [{ $0.hasPrefix(#"{"@source":{"#) }],
                { _ = try StrictJSON.parse($0) }
            ),
            (
                .xml(), .string("\u{1}"), [{ $0.contains("\n  <Item ") }], [],
                { _ = try ParsedXML.parse($0) }
            ),
            (
                .plist(), .string("\u{1}"), [{ $0.contains("\n\t<dict>\n") }],
                [{ $0.contains(#"<plist version="1.0"><dict>"#) }],
                { bytes in
                    guard case .start(let root, _)? = try ParsedXML.parse(bytes).items.first else { return XCTFail() }
                    XCTAssertEqual(root, XMLName(namespace: nil, local: "plist"))
                }
            ),
            (
                .graphml(), .string("\u{1}"),
                [{ $0.contains("\n  <graph ") }, { $0.components(separatedBy: "\n").count == 21 }],
                [{ $0.components(separatedBy: "\n").count == 3 }],
                { XCTAssertEqual(try ParsedGraphML.parse($0).nodes.count, 1) }
            ),
        ]

    func testMadeWritersHonourPrettyAndForwardWarnings() throws {
        for (format, warned, prettyChecks, compactChecks, reads) in prettyRows {
            let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
            try graph.add("Item", ["value": warned])
            for pretty in [false, true] {
                let sink = MemorySink()
                let log = WarningLog()
                let writer = format.with(FormatSettings(pretty: pretty)).makeWriter(sink: sink) {
                    log.warnings.append($0)
                }
                try GraphTraversal(source: graph).run(into: writer)
                for check in prettyChecks { XCTAssertEqual(check(sink.text), pretty, "\(format.name) \(pretty)") }
                for check in compactChecks { XCTAssertEqual(check(sink.text), !pretty, "\(format.name) \(pretty)") }
                XCTAssertEqual(log.warnings.count, 1, format.name)
                try reads(sink.bytes)
            }
        }
    }
}
