import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportGraphML

enum Fixtures {
    /// Exports `graph` through a ``GraphMLGraphWriter`` into memory, giving the writer the graph's
    /// model unless `withModel` is false.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, withModel: Bool = true, pretty: Bool = false
    ) throws -> WriterOutput {
        try WriterOutput(graph, shape: shape) { sink, onWarning in
            let writer = GraphMLGraphWriter(sink: sink, options: GraphMLOptions(pretty: pretty), onWarning: onWarning)
            return withModel ? writer : ModelHidingWriter(writer)
        }
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly, with the model.
    static func exportItems(_ values: [Value], type: AttributeType = .string) throws -> WriterOutput {
        try export(try SampleGraphs.items(values, type: type))
    }

    /// `events`, written by hand between `begin(document)` and `finish()` by a compact
    /// ``GraphMLGraphWriter`` that reports its warnings to `log`, and parsed; the writer's first
    /// error, if it throws one.
    static func parse(
        writing events: [GraphEvent], document: DocumentInfo = SampleGraphs.document, log: WarningLog = WarningLog()
    ) throws -> ParsedGraphML {
        let sink = MemorySink()
        let writer = GraphMLGraphWriter(sink: sink) { log.warnings.append($0) }
        if let error = firstWriterError(afterBeginning: events, into: writer, document: document) { throw error }
        return try ParsedGraphML.parse(sink.bytes)
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

    func write(_ event: GraphEvent, at position: StreamPosition) throws {
        try base.write(event, at: position)
    }

    func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try base.beginObject(row, at: position)
    }

    func finish() throws {
        try base.finish()
    }
}
