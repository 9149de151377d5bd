import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

enum Fixtures {
    /// Exports `graph` through an ``XMLGraphWriter`` into memory.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: XMLOptions = XMLOptions()
    ) throws -> WriterOutput {
        try WriterOutput(graph, shape: shape) { XMLGraphWriter(sink: $0, options: options, onWarning: $1) }
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly.
    static func exportItems(
        _ values: [Value], type: AttributeType = .string, options: XMLOptions = XMLOptions()
    ) throws -> WriterOutput {
        try export(try SampleGraphs.items(values, type: type), options: options)
    }

    /// Exports `graph`, reads the XML back into events and checks that they are the events the
    /// traversal produced and the header it wrote; returns the export. The document is parsed both
    /// into a tree and through SAX2, which must agree.
    @discardableResult
    static func assertRoundTrip(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: XMLOptions = XMLOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> WriterOutput {
        let recording = RecordingGraphWriter()
        try GraphTraversal(source: graph, shape: shape).run(into: recording)
        let export = try export(graph, shape: shape, options: options)
        let parsed = try export.parsedXML()
        let streamed = try ParsedXML.parseStreaming(export.bytes)
        XCTAssertEqual(parsed.items, streamed.items, "libxml2's tree and SAX2 readings differ", file: file, line: line)
        let decoded = try XMLExportReader(model: graph.model, style: options.style).read(parsed)
        let fields = Dictionary(uniqueKeysWithValues: (recording.document?.fields ?? []).map { ($0.key, $0.value) })
        XCTAssertEqual(decoded.fields, fields, "header", file: file, line: line)
        if let difference = EventComparison.firstDifference(recording.events, decoded.events) {
            XCTFail("\(shape), \(options): \(difference)", file: file, line: line)
        }
        return export
    }

    /// The elements named `local` (in no namespace), each as its attributes by local name.
    static func elements(_ local: String, in parsed: ParsedXML) -> [[String: String]] {
        parsed.items.compactMap { item in
            guard case .start(let name, let attributes) = item, name.namespace == nil, name.local == local else {
                return nil
            }
            return Dictionary(uniqueKeysWithValues: attributes.map { (prefixed($0.name), $0.value) })
        }
    }

    /// `gx:local` for a name in the format's namespace, the local name otherwise.
    static func prefixed(_ name: XMLName) -> String {
        name.namespace == XMLGraphWriter.namespace ? "gx:" + name.local : name.local
    }
}
