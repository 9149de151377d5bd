import Foundation
import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportTestSupport
import GraphExportXML
import GraphExportYAML
import Prerequisites
import XCTest

/// What each built-in format's ``ExportFormat`` says of itself, and that the writer it makes
/// honours `pretty` and forwards warnings: one table, a row per format; then what only one
/// format's factory does (XML's style, YAML's flow style, JSON Lines ignoring `pretty`, JSON
/// through ``GraphExporter``).
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
                let output = try exported(graph, as: format.with(FormatSettings(pretty: pretty)))
                for check in prettyChecks { XCTAssertEqual(check(output.text), pretty, "\(format.name) \(pretty)") }
                for check in compactChecks { XCTAssertEqual(check(output.text), !pretty, "\(format.name) \(pretty)") }
                XCTAssertEqual(output.warnings.count, 1, format.name)
                try reads(output.bytes)
            }
        }
    }

    func testXMLHonoursTheStyleSetting() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("\u{1}"), "other": .string("text")])
        let styles: [String?] = [nil, "attributes", "elements", "unknown"]
        for pretty in [false, true] {
            for style in styles {
                let settings = FormatSettings(pretty: pretty, values: style.map { ["xml-style": $0] } ?? [:])
                let output = try exported(graph, as: .xml().with(settings))
                XCTAssertEqual(output.text.contains("\n  <Item "), pretty)
                XCTAssertEqual(
                    output.text.contains("<other>text</other>"), style == "elements", "\(String(describing: style))")
                XCTAssertEqual(output.warnings.count, 1)
                _ = try output.parsedXML()
            }
        }
    }

    func testXMLFactoryTakesTheStyle() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["other": .string("text")])
        XCTAssertEqual(ExportFormat.xml(style: .elements).settings.values, ["xml-style": "elements"])
        let sink = MemorySink()
        try GraphExporter(source: graph).write(to: sink, format: .xml(style: .elements))
        XCTAssertTrue(sink.text.contains("<other>text</other>"), sink.text)
    }

    func testJSONLinesIgnoresPretty() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan)])
        let outputs = try [false, true].map { try exported(graph, as: .jsonLines().with(FormatSettings(pretty: $0))) }
        XCTAssertEqual(outputs.map(\.warnings.count), [1, 1])
        XCTAssertEqual(outputs[0].bytes, outputs[1].bytes)
        XCTAssertEqual(outputs[0].text.split(separator: "\n").count, 2)
    }

    func testCompactYAMLIsFlowStyle() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: .nan))])
        let (compact, block) = (
            try exported(graph, as: .yaml(pretty: false)), try exported(graph, as: .yaml(pretty: true))
        )
        XCTAssertEqual([compact.warnings.count, block.warnings.count], [1, 1])
        XCTAssertTrue(block.text.contains("\n  value: .nan\n"), block.text)
        XCTAssertTrue(compact.text.contains("\n- {\"@id\": Item/1, \"@type\": Item, value: .nan"), compact.text)
        XCTAssertEqual(try exported(graph, as: .yaml()).text, block.text)
    }

    func testJSONIsTheJSONWriter() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let album = try graph.add("Album", ["title": .string("Lisbon")])
        let photo = try graph.add("Photo", ["caption": .string("Tram")])
        try graph.link(album, "photos", to: photo)
        for shape in ExportShape.allCases {
            for pretty in [false, true] {
                let sink = MemorySink()
                try GraphExporter(source: graph, shape: shape).write(to: sink, format: .json(pretty: pretty))
                let direct = try WriterOutput(graph, shape: shape) {
                    JSONGraphWriter(sink: $0, options: JSONOptions(pretty: pretty), onWarning: $1)
                }
                XCTAssertEqual(sink.bytes, direct.bytes)
            }
        }
    }

    func testJSONDefaultsToCompact() throws {
        let sink = MemorySink()
        try GraphExporter(source: SampleGraphs.graph(try SampleGraphs.itemModel())).write(to: sink, format: .json())
        let header = #"{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"}"#
        XCTAssertEqual(sink.text, #"{"@source":"# + header + #","@graph":[]}"# + "\n")
        XCTAssertEqual(ExportFormat.json().name, "json")
    }

    func testJSONWarningsGoToTheExportersHandler() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.infinity)])
        let log = WarningLog()
        try GraphExporter(source: graph) { log.warnings.append($0) }.write(to: MemorySink(), format: .json())
        XCTAssertEqual(log.warnings.count, 1)
        XCTAssertTrue(log.messages[0].hasPrefix("Item.value: NaN/Infinity"), log.messages[0])
    }

    /// What the writer `format` makes writes of `graph`, and the warnings it reports.
    private func exported(_ graph: any GraphSource, as format: ExportFormat) throws -> WriterOutput {
        try WriterOutput(graph) { format.makeWriter(sink: $0, onWarning: $1) }
    }

    func testJSONToFileParses() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        try graph.add("Tag", ["name": .string("sea")])
        let file = try ScratchFolder(for: self).url.appendingPathComponent("graph.json")

        try GraphExporter(source: graph, shape: .flat).write(toFile: file.path, format: .json(pretty: true))

        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let objects = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["name"] as? String }, ["sea"])
        XCTAssertEqual((document["@source"] as? [String: String])?["shape"], "flat")
    }
}
