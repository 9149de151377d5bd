import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportGraphML

/// One export's output and warnings.
struct GraphMLExport {
    let bytes: [UInt8]
    let warnings: [Warning]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document as libxml2's parser reads it.
    func parsed(file: StaticString = #filePath, line: UInt = #line) throws -> ParsedGraphML {
        try ParsedGraphML.parse(bytes, file: file, line: line)
    }
}

enum Fixtures {
    /// Exports `graph` through a ``GraphMLGraphWriter`` into memory, giving the writer the graph's
    /// model unless `withModel` is false.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, withModel: Bool = true, pretty: Bool = false
    ) throws -> GraphMLExport {
        let sink = MemorySink()
        let log = WarningLog()
        let options = GraphMLOptions(pretty: pretty)
        let writer = GraphMLGraphWriter(sink: sink, options: options) { log.warnings.append($0) }
        try GraphTraversal(source: graph, shape: shape).run(into: withModel ? writer : ModelHidingWriter(writer))
        return GraphMLExport(bytes: sink.bytes, warnings: log.warnings)
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly, with the model.
    static func exportItems(_ values: [Value], type: AttributeType = .string) throws -> GraphMLExport {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (type, .string)))
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return try export(graph)
    }

    /// The text of each `Item`'s `value` data, in node order, decoded from base64 where marked;
    /// `nil` for an item without one.
    static func itemValues(_ parsed: ParsedGraphML) -> [String?] {
        parsed.nodes.map { parsed.named($0.data)["value"] }
    }
}

/// Passes events on, but removes the model's entities from the header: a producer that does not
/// say what its model is.
final class ModelHidingWriter: GraphWriter {
    private let base: any GraphWriter

    init(_ base: any GraphWriter) {
        self.base = base
    }

    func begin(_ document: DocumentInfo) throws {
        var document = document
        document.entities = []
        try base.begin(document)
    }

    var streamsFileBytes: Bool { base.streamsFileBytes }

    func write(_ event: GraphEvent) throws {
        try base.write(event)
    }

    func beginObject(_ row: ObjectRow) throws {
        try base.beginObject(row)
    }

    func finish() throws {
        try base.finish()
    }
}
