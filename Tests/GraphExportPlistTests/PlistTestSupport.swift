import Foundation
import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

extension WriterOutput {
    /// The document as Python's `plistlib` reads it.
    func load() throws -> PlistNode {
        try PythonPlistlib.load(bytes)
    }

    /// The values `plistlib` reads for each `Item`'s `value`, decoded by the documented mapping as
    /// an attribute of `type`.
    func itemValues(type: AttributeType = .string) throws -> [Value] {
        let reader = PlistGraphReader(model: try SampleGraphs.itemModel(types: (type, .string)))
        return try reader.read(try load()).events.compactMap { event in
            guard case .attribute("value", let value) = event else { return nil }
            return value
        }
    }

    /// The `@graph` array as `plistlib` reads it.
    func graph(file: StaticString = #filePath, line: UInt = #line) throws -> [PlistNode] {
        guard case .array(let objects) = try XCTUnwrap(try load().members?.last?.value, file: file, line: line) else {
            throw PythonPlistlib.Failure(description: "no @graph array")
        }
        return objects
    }
}

/// Whether libxml2's parser finds `bytes` well-formed XML (with no network access and no DTD
/// loading) with a `plist` root, and what is wrong otherwise.
func libxml2Problem(_ bytes: [UInt8]) -> String? {
    do {
        guard case .start(let root, _)? = try ParsedXML.parse(bytes).items.first,
            root == XMLName(namespace: nil, local: "plist")
        else { return "the root element is not plist" }
        return nil
    } catch {
        return String(describing: error)
    }
}

enum Fixtures {
    /// The document's first two lines, as Apple's tools write them.
    static let prolog =
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
        + "\n"

    /// Exports `graph` through a ``PlistGraphWriter`` into memory.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: PlistOptions = PlistOptions()
    ) throws -> WriterOutput {
        try WriterOutput(graph, shape: shape) { PlistGraphWriter(sink: $0, options: options, onWarning: $1) }
    }

    /// Exports one `Item` per value (as its `value` attribute, of `type`).
    static func exportItems(_ values: [Value], type: AttributeType = .string) throws -> WriterOutput {
        try export(try SampleGraphs.items(values, type: type))
    }

    /// The raw XML each `Item`'s `value` was written as (`<real>nan</real>`), or `nil` when null,
    /// in a compact export of `exportItems`.
    static func rawValues(in export: WriterOutput) -> [String?] {
        export.text.components(separatedBy: "<key>@type</key><string>Item</string>").dropFirst().map { piece in
            guard let start = piece.range(of: "<key>value</key>") else { return nil }
            let rest = piece[start.upperBound...]
            let end = rest.range(of: "<key>")?.lowerBound ?? rest.range(of: "</dict>")!.lowerBound
            return String(rest[..<end])
        }
    }

    /// Exports each graph in each shape, compact and pretty, and checks everything the format
    /// promises: libxml2 finds the output well-formed; it starts with the XML declaration and the
    /// property list document type; Python's `plistlib` reads it; and what it reads, decoded by
    /// the documented mapping with the model's attribute types, is exactly the header's fields
    /// and the traversal's events. One Python process reads all the documents.
    static func assertRoundTrip(
        _ graphs: [any GraphSource], shapes: [ExportShape] = ExportShape.allCases, pretty: [Bool] = [false, true],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var cases: [(graph: any GraphSource, recording: RecordingGraphWriter, what: String)] = []
        var documents: [[UInt8]] = []
        for (index, graph) in graphs.enumerated() {
            for shape in shapes {
                let recording = RecordingGraphWriter()
                try GraphTraversal(source: graph, shape: shape).run(into: recording)
                for pretty in pretty {
                    let export = try export(graph, shape: shape, options: PlistOptions(pretty: pretty))
                    let what = "graph \(index), \(shape), pretty: \(pretty)"
                    XCTAssertTrue(export.text.hasPrefix(prolog), what, file: file, line: line)
                    XCTAssertTrue(export.text.hasSuffix("</plist>\n"), what, file: file, line: line)
                    if let problem = libxml2Problem(export.bytes) {
                        XCTFail("\(what): libxml2: \(problem)", file: file, line: line)
                    }
                    cases.append((graph, recording, what))
                    documents.append(export.bytes)
                }
            }
        }
        for (loaded, (graph, recording, what)) in zip(try PythonPlistlib.load(documents), cases) {
            let decoded = try PlistGraphReader(model: graph.model).read(loaded)
            let fields = Dictionary(uniqueKeysWithValues: (recording.document?.fields ?? []).map { ($0.key, $0.value) })
            XCTAssertEqual(decoded.fields, fields, "\(what): header", file: file, line: line)
            if let difference = EventComparison.firstDifference(recording.events, decoded.events) {
                XCTFail("\(what): \(difference)", file: file, line: line)
            }
        }
    }
}
