import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

extension WriterOutput {
    /// The document parsed by Foundation's independent JSON reader.
    func document(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        return try XCTUnwrap(parsed as? [String: Any], "the document is not a JSON object", file: file, line: line)
    }

    /// The `"@graph"` array of the parsed document.
    func graph(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(try document()["@graph"] as? [[String: Any]], "no @graph array", file: file, line: line)
    }
}

enum Fixtures {
    /// Exports `graph` through a ``JSONGraphWriter`` into memory.
    static func export(_ graph: InMemoryGraph, shape: ExportShape = .tree, pretty: Bool = false) throws -> WriterOutput
    {
        try WriterOutput(graph, shape: shape) {
            JSONGraphWriter(sink: $0, options: JSONOptions(pretty: pretty), onWarning: $1)
        }
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly.
    static func exportItems(_ values: [Value]) throws -> WriterOutput {
        try export(try SampleGraphs.items(values))
    }

    /// Whether `text` is exactly one number by the RFC 8259 grammar.
    static func isJSONNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }
}
