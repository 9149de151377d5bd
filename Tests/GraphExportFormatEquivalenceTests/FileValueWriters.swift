import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportPlugin
import GraphExportXML
import GraphExportYAML
import XCTest

/// Every built-in writer, with each option that changes where or how its bytes are written, for
/// the tests of file values.
enum FileValueWriters {
    /// A writer's name in messages, and how to make one over a sink.
    typealias Maker = (name: String, make: @Sendable (any ByteSink) -> any GraphWriter)

    static let all: [Maker] = [
        ("json", { JSONGraphWriter(sink: $0) }),
        ("json pretty", { JSONGraphWriter(sink: $0, options: JSONOptions(pretty: true)) }),
        ("jsonl", { JSONLinesGraphWriter(sink: $0) }),
        ("plugin event stream", { PluginEventStreamWriter(sink: $0, format: "test") }),
        ("xml", { XMLGraphWriter(sink: $0) }),
        ("xml pretty", { XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true)) }),
        ("xml elements", { XMLGraphWriter(sink: $0, options: XMLOptions(style: .elements)) }),
        ("xml elements pretty", { XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true, style: .elements)) }),
        ("yaml", { YAMLGraphWriter(sink: $0) }),
        ("yaml flow", { YAMLGraphWriter(sink: $0, options: YAMLOptions(maxBlockDepth: 0)) }),
        ("yaml flow below the top", { YAMLGraphWriter(sink: $0, options: YAMLOptions(maxBlockDepth: 1)) }),
        ("plist", { PlistGraphWriter(sink: $0) }),
        ("plist pretty", { PlistGraphWriter(sink: $0, options: PlistOptions(pretty: true)) }),
        ("graphml", { GraphMLGraphWriter(sink: $0) }),
        ("graphml pretty", { GraphMLGraphWriter(sink: $0, options: GraphMLOptions(pretty: true)) }),
    ]

    /// One writer per built-in format, and the plugin event stream.
    static var perFormat: [Maker] {
        all.filter { ["json", "jsonl", "plugin event stream", "xml", "yaml", "plist", "graphml"].contains($0.name) }
    }

    /// The built-in formats as the exporter takes them.
    static let formats: [(name: String, format: ExportFormat)] = [
        ("json", .json()), ("jsonl", .jsonLines()), ("xml", .xml()), ("yaml", .yaml()), ("plist", .plist()),
        ("graphml", .graphml()),
    ]

    /// Fails unless `actual` is `expected`, naming the first byte that differs rather than
    /// printing megabytes.
    static func assertSameBytes(
        _ actual: [UInt8], _ expected: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard actual != expected else { return }
        let common = min(actual.count, expected.count)
        let first = (0..<common).first { actual[$0] != expected[$0] } ?? common
        func excerpt(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, first - 40)..<min(bytes.count, first + 40)], as: UTF8.self).debugDescription
        }
        XCTFail(
            "\(name): \(actual.count) bytes, expected \(expected.count); first difference at \(first): "
                + "\(excerpt(actual)), expected \(excerpt(expected))", file: file, line: line)
    }
}
