import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import GraphExportYAML
import XCTest

/// A format-neutral tree of what a reader gets from an export: what a YAML 1.2 core-schema loader
/// returns for the YAML export and what a JSON parser returns for the JSON one.
indirect enum Node: Hashable, CustomStringConvertible {
    case null
    case boolean(Bool)
    case integer(Int64)
    /// A float, compared by its bits, so that NaN equals NaN and `-0.0` differs from `0.0`.
    case float(UInt64)
    case string(String)
    case binary([UInt8])
    /// A number as JSON's data model has it: an exact decimal value, whether written as an
    /// integer or not (`1.0` and `1` are the same number). Only ``asJSONWouldWriteIt`` and JSON
    /// make these.
    case number(DecimalDigits)
    case sequence([Node])
    case mapping([String: Node])

    static func double(_ value: Double) -> Node { .float(value.bitPattern) }

    /// The data the tests' YAML reader read, floats by their bits, mappings by key.
    init(_ data: DataNode) {
        switch data {
        case .null: self = .null
        case .boolean(let value): self = .boolean(value)
        case .integer(let value): self = .integer(value)
        case .float(let value): self = .double(value)
        case .string(let text): self = .string(text)
        case .binary(let bytes): self = .binary(bytes)
        case .sequence(let items): self = .sequence(items.map(Node.init))
        case .mapping(let members):
            self = .mapping(Dictionary(uniqueKeysWithValues: members.map { ($0.key, Node($0.value)) }))
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .float(let bits): return "\(Double(bitPattern: bits))f"
        case .string(let text): return text.debugDescription
        case .binary(let bytes): return "binary(\(bytes.count) bytes)"
        case .number(let number): return number.plainText + "e" + String(number.exponent)
        case .sequence(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
                .joined(separator: ", ") + "}"
        }
    }

    /// The tree as the JSON export writes the same data: YAML's native forms become what JSON has
    /// instead (NaN and the infinities the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, binary
    /// its base64 text), which are the documented differences between the two exports, and
    /// integers and floats become JSON's numbers.
    var asJSONWouldWriteIt: Node {
        switch self {
        case .integer(let value):
            return .number(DecimalDigits(text: String(value))!)
        case .float(let bits):
            let value = Double(bitPattern: bits)
            if value.isNaN { return .string("NaN") }
            if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
            return .number(DecimalDigits(shortest: value)!)
        case .binary(let bytes): return .string(Data(bytes).base64EncodedString())
        case .sequence(let items): return .sequence(items.map(\.asJSONWouldWriteIt))
        case .mapping(let members): return .mapping(members.mapValues(\.asJSONWouldWriteIt))
        default: return self
        }
    }

    /// ``asJSONWouldWriteIt`` without any U+FEFF, for comparison with what `JSONSerialization`
    /// reads. On Linux it drops a U+FEFF at the start of a string and after an escape (it decodes
    /// each run of unescaped text with a UTF-8 decoder that skips a byte order mark), so
    /// ``init(json:)`` drops all of them and the comparison does too.
    var asFoundationReadsJSON: Node {
        asJSONWouldWriteIt.withoutByteOrderMarks
    }

    private var withoutByteOrderMarks: Node {
        switch self {
        case .string(let text): return .string(Self.withoutByteOrderMarks(text))
        case .sequence(let items): return .sequence(items.map(\.withoutByteOrderMarks))
        case .mapping(let members):
            return .mapping(
                Dictionary(
                    uniqueKeysWithValues: members.map {
                        (Self.withoutByteOrderMarks($0.key), $0.value.withoutByteOrderMarks)
                    }
                ))
        default: return self
        }
    }

    private static func withoutByteOrderMarks(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\u{FEFF}" })
    }

    /// Where `self` and `other` first differ, as a path with both values; `nil` when they are equal.
    func firstDifference(from other: Node, at path: String = "") -> String? {
        switch (self, other) {
        case (.sequence(let left), .sequence(let right)):
            guard left.count == right.count else { return "\(path): \(left.count) items, \(right.count) expected" }
            for (index, (item, expected)) in zip(left, right).enumerated() {
                if let difference = item.firstDifference(from: expected, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.mapping(let left), .mapping(let right)):
            guard Set(left.keys) == Set(right.keys) else {
                return "\(path): keys \(left.keys.sorted()), \(right.keys.sorted()) expected"
            }
            for key in left.keys.sorted() {
                if let difference = left[key]!.firstDifference(from: right[key]!, at: "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        default:
            return self == other ? nil : "\(path): \(self), \(other) expected"
        }
    }

    subscript(key: String) -> Node? {
        guard case .mapping(let members) = self else { return nil }
        return members[key]
    }

    var items: [Node]? {
        guard case .sequence(let items) = self else { return nil }
        return items
    }

    /// Converts what `JSONSerialization` returns; numbers become ``number(_:)``, and strings lose
    /// every U+FEFF (see ``asFoundationReadsJSON``). Numbers it reads
    /// into `NSDecimalNumber` are converted from their exact text: their `doubleValue` is sometimes
    /// one ulp off on Linux, and their text drops the `.0` of integral doubles.
    init(json: Any) {
        // Collections first: a failed cast of a collection to another collection type bridges it,
        // with everything inside, to Foundation, which makes deep documents quadratic.
        switch json {
        case let object as [String: Any]:
            self = .mapping(
                Dictionary(
                    uniqueKeysWithValues: object.map { (Self.withoutByteOrderMarks($0.key), Node(json: $0.value)) }))
        case let array as [Any]:
            self = .sequence(array.map(Node.init(json:)))
        case is NSNull:
            self = .null
        case let text as String:
            self = .string(Self.withoutByteOrderMarks(text))
        case let decimal as NSDecimalNumber:
            self = .number(DecimalDigits(text: decimal.description)!)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": self = .boolean(number.boolValue)
            case "d", "f": self = .number(DecimalDigits(shortest: number.doubleValue)!)
            default: self = .number(DecimalDigits(text: String(number.int64Value))!)
            }
        default:
            preconditionFailure("JSONSerialization returned \(type(of: json))")
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

extension ParsedYAML.Scalar {
    /// What the scalar resolved to, as the tests compare it.
    var resolved: Node { Node(node) }
}

extension WriterOutput {
    /// The document as libyaml's parser and the YAML 1.2 core schema read it.
    func read() throws -> ParsedYAML {
        try ParsedYAML.parse(bytes)
    }

    /// The document's data.
    func document() throws -> Node {
        Node(try read().root)
    }

    /// The `"@graph"` sequence of the parsed document.
    func graph(file: StaticString = #filePath, line: UInt = #line) throws -> [Node] {
        try XCTUnwrap(try document()["@graph"]?.items, "no @graph sequence", file: file, line: line)
    }

    /// The `value` of each object of an ``Fixtures/exportItems(_:options:)`` export.
    func values() throws -> [Node] {
        try graph().map { $0["value"] ?? .string("<missing>") }
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

    /// Exports `graph` through a ``JSONGraphWriter`` and reads it back with `JSONSerialization`.
    static func jsonDocument(_ graph: any GraphSource, shape: ExportShape = .tree) throws -> Node {
        let sink = MemorySink()
        try GraphTraversal(source: graph, shape: shape).run(into: JSONGraphWriter(sink: sink))
        return Node(json: try JSONSerialization.jsonObject(with: Data(sink.bytes), options: [.fragmentsAllowed]))
    }

    /// An `Item` graph with one object per value (as its `value` attribute).
    static func itemGraph(_ values: [Value]) throws -> InMemoryGraph {
        try SampleGraphs.items(values)
    }

    /// Exports one `Item` per value (as its `value` attribute).
    static func exportItems(_ values: [Value], options: YAMLOptions = YAMLOptions()) throws -> WriterOutput {
        try export(try itemGraph(values), options: options)
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
        let json = try jsonDocument(graph, shape: shape)
        if let difference = yaml.asFoundationReadsJSON.firstDifference(from: json) {
            XCTFail("the YAML export differs from the JSON one at \(difference)", file: file, line: line)
        }
    }
}
