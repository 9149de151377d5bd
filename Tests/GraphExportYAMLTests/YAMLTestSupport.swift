import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import GraphExportYAML
import XCTest

extension DataNode {
    /// The data as the JSON export writes it: YAML's native forms become what JSON has instead
    /// (NaN and the infinities the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, binary its
    /// base64 text), which are the documented differences between the two exports.
    var asJSONWritesIt: DataNode {
        switch self {
        case .float(let value) where value.isNaN: return .string("NaN")
        case .float(let value) where value.isInfinite: return .string(value < 0 ? "-Infinity" : "Infinity")
        case .binary(let bytes): return .string(Base64.encode(bytes))
        case .sequence(let items): return .sequence(items.map(\.asJSONWritesIt))
        case .mapping(let members): return .mapping(members.map { ($0.key, $0.value.asJSONWritesIt) })
        default: return self
        }
    }
}

/// The implicit types of YAML 1.1: the spec's type repository (yaml.org/type, 2005) and PyYAML's
/// resolvers, written out independently of the writer's check.
struct YAML11Types {
    private let specPatterns = [
        /~|null|Null|NULL|/,
        /y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF/,
        /[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+/,
        /[-+]?(?:[0-9][0-9_]*)?\.[0-9.]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)/,
        /<<|=/,
        /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:(?:[ \t]*)Z|[-+][0-9][0-9]?(?::[0-9][0-9])?)?/,
    ]
    private let pyYAMLPatterns = [
        /[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)/,
        /[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?/,
    ]

    /// Whether a YAML 1.1 reader would read plain `text` as something but a string.
    func isNonString(_ text: String) -> Bool {
        (specPatterns + pyYAMLPatterns).contains { text.wholeMatch(of: $0) != nil }
    }
}

extension WriterOutput {
    /// The document as libyaml's parser and the YAML 1.2 core schema read it.
    func read() throws -> ParsedYAML {
        try ParsedYAML.parse(bytes)
    }

    /// The document's data.
    func document() throws -> DataNode {
        try read().root
    }

    /// The `"@graph"` sequence of the parsed document.
    func graph(file: StaticString = #filePath, line: UInt = #line) throws -> [DataNode] {
        try XCTUnwrap(try document()["@graph"]?.items, "no @graph sequence", file: file, line: line)
    }
}

enum Fixtures {
    /// ``SampleGraphs/albumGraph(note:tag:)`` with a note of several lines and a tag that YAML 1.1
    /// would read as a boolean.
    static func albumGraph() throws -> InMemoryGraph {
        try SampleGraphs.albumGraph(note: "sunset\nover the sea\n", tag: "yes")
    }

    /// Exports `graph` through a ``YAMLGraphWriter`` into memory.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: YAMLOptions = YAMLOptions()
    ) throws -> WriterOutput {
        try WriterOutput(graph, shape: shape) { YAMLGraphWriter(sink: $0, options: options, onWarning: $1) }
    }

    /// Exports `graph` through a ``JSONGraphWriter`` and reads it back with ``StrictJSON``.
    static func jsonDocument(_ graph: any GraphSource, shape: ExportShape = .tree) throws -> DataNode {
        let sink = MemorySink()
        try GraphTraversal(source: graph, shape: shape).run(into: JSONGraphWriter(sink: sink))
        return try DataNode(try StrictJSON.parse(sink.bytes))
    }

    /// Exports one `Item` per value (as its `value` attribute).
    static func exportItems(_ values: [Value], options: YAMLOptions = YAMLOptions()) throws -> WriterOutput {
        try export(try SampleGraphs.items(values), options: options)
    }

    /// Exports one `Item` per text (as its `value` string) and reads the export back, asserting
    /// that each value reads back as its text; returns the export and the values' scalars.
    static func exportStrings(
        _ texts: [String], options: YAMLOptions = YAMLOptions(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> (export: WriterOutput, scalars: [ParsedYAML.Scalar]) {
        let export = try exportItems(texts.map { .string($0) }, options: options)
        let scalars = try valueScalars(in: export)
        XCTAssertEqual(scalars.map(\.node), texts.map { .string($0) }, file: file, line: line)
        return (export, scalars)
    }

    /// The parsed scalars that are the `value` of each `Item`, in order.
    static func valueScalars(in export: WriterOutput) throws -> [ParsedYAML.Scalar] {
        let scalars = try export.read().scalars
        return scalars.indices.dropLast().filter { scalars[$0].isKey && scalars[$0].value == "value" }
            .map { scalars[$0 + 1] }
    }

    /// Asserts that the YAML export of `graph` reads back as the same data as its JSON export,
    /// up to the documented differences.
    static func assertSameDataAsJSON(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: YAMLOptions = YAMLOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let yaml = try export(graph, shape: shape, options: options).document()
        XCTAssertEqual(
            yaml.asJSONWritesIt, try jsonDocument(graph, shape: shape), "the YAML export differs from the JSON one",
            file: file, line: line)
    }
}
