import Foundation
import GraphExport
import GraphExportJSON
import XCTest

/// Collects the warnings a writer reports.
final class WarningLog {
    var warnings: [Warning] = []
    var messages: [String] { warnings.map(\.message) }
}

/// One export's output and warnings.
struct JSONExport {
    let bytes: [UInt8]
    let warnings: [Warning]

    var text: String { String(decoding: bytes, as: UTF8.self) }

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
    /// A header that does not change with the tool's version.
    static let document = DocumentInfo(generator: "graphexport", sourceKind: "in-memory graph")

    /// An empty graph of `model` with the fixed ``document`` header.
    static func graph(_ model: GraphModel) -> InMemoryGraph {
        InMemoryGraph(model: model, document: document)
    }

    /// Albums own photos, a photo owns its details (one-to-one, cascade), photos and tags are
    /// many-to-many, and an album's cover has no inverse.
    static func albumModel() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Album",
                attributes: [
                    AttributeInfo(name: "title", type: .string), AttributeInfo(name: "rating", type: .double),
                ],
                relationships: [
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "album", deletionRule: .cascade),
                    RelationshipInfo(name: "cover", destination: "Photo", isToMany: false),
                ]),
            EntityInfo(
                name: "Photo",
                attributes: [AttributeInfo(name: "caption", type: .string)],
                relationships: [
                    RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos"),
                    RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "photos"),
                    RelationshipInfo(
                        name: "details", destination: "Details", isToMany: false, inverse: "photo",
                        deletionRule: .cascade),
                ]),
            EntityInfo(
                name: "Details",
                attributes: [AttributeInfo(name: "note", type: .string)],
                relationships: [
                    RelationshipInfo(name: "photo", destination: "Photo", isToMany: false, inverse: "details")
                ]),
            EntityInfo(
                name: "Tag",
                attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tags")
                ]),
        ])
    }

    /// One entity, `Item`, with attributes `value` and `other` of any value.
    static func itemModel() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Item",
                attributes: [AttributeInfo(name: "value", type: .string), AttributeInfo(name: "other", type: .string)])
        ])
    }

    /// Exports `graph` through a ``JSONGraphWriter`` into memory.
    static func export(_ graph: InMemoryGraph, shape: ExportShape = .tree, pretty: Bool = false) throws -> JSONExport {
        let sink = MemorySink()
        let log = WarningLog()
        let writer = JSONGraphWriter(sink: sink, options: JSONOptions(pretty: pretty)) { log.warnings.append($0) }
        try GraphTraversal(source: graph, shape: shape).run(into: writer)
        return JSONExport(bytes: sink.bytes, warnings: log.warnings)
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly.
    static func exportItems(_ values: [Value]) throws -> JSONExport {
        let graph = graph(try itemModel())
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return try export(graph)
    }

    /// The raw text each `Item`'s `value` was written as, in a compact export of `exportItems`.
    static func rawValues(in export: JSONExport) -> [String] {
        export.text.components(separatedBy: #""value":"#).dropFirst().map { piece in
            let end = piece.range(of: #","other":"#)!.lowerBound
            return String(piece[..<end])
        }
    }

    /// Whether `text` is exactly one number by the RFC 8259 grammar.
    static func isJSONNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }
}
