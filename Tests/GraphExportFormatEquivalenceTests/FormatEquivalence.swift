import Foundation
import GraphExport
import XCTest

/// A value some formats are known to read back as something else than the source holds, asserted
/// to still happen (so that a fix shows up as a failure asking to remove the entry).
struct KnownDiscrepancy {
    let formats: Set<ReadableFormat>
    let id: String
    let attribute: String
    /// What those formats read back instead of the source's value.
    let readsBack: NeutralValue
    /// Why, and where it would be fixed.
    let reason: String
}

/// Exports a source in every ``ReadableFormat`` and shape, reads each export back with its own
/// reader (libxml2, libyaml, a strict JSON parser) and compares: each export's objects with the
/// source's own records (``SourceGraph``), its header with the source's, every tree-shaped export's
/// nesting and order with the JSON one's, and, for a Core Data store, the source's records with
/// plain SQL (``CoreDataSQLCheck``).
enum FormatEquivalence {
    static func problems(
        _ source: any GraphSource, formats: [ReadableFormat] = ReadableFormat.allCases,
        shapes: [ExportShape] = ExportShape.allCases, known: [KnownDiscrepancy] = [], sql: CoreDataSQLCheck? = nil
    ) throws -> [String] {
        let expected = try SourceGraph.flat(source)
        var problems = try sql?.problems(of: expected).map { "plain SQL: " + $0 } ?? []
        for shape in shapes {
            var info = source.document
            info.shape = shape
            let header = Dictionary(uniqueKeysWithValues: info.fields.map { ($0.key, $0.value) })
            var json: NeutralDocument?
            for format in [.json] + formats.filter({ $0 != .json }) {
                let name = "\(shape) \(format.rawValue)"
                let export = try Export(source, shape: shape, format: format)
                if format == .json, (try? JSONSerialization.jsonObject(with: Data(export.bytes))) == nil {
                    problems.append("\(name): Foundation's JSON reader refuses the export")
                }
                var document: NeutralDocument
                do {
                    document = try format.read(export.bytes, model: source.model)
                } catch {
                    problems.append("\(name): cannot be read back: \(error)")
                    continue
                }
                for discrepancy in known where discrepancy.formats.contains(format) {
                    problems += apply(discrepancy, to: &document, expected: expected).map { "\(name): \($0)" }
                }
                if document.header != header {
                    problems.append("\(name): header \(document.header.sorted { $0.key < $1.key })")
                }
                // The other tree-shaped exports are compared with the JSON one, nesting and order
                // included; equal to it, they have its objects.
                if let json, format != .jsonLines {
                    problems += NeutralDifferences.between(document, json, (name, "\(shape) json"))
                } else {
                    problems += NeutralDifferences.between(document.flattened(), expected, (name, "the source"))
                }
                if format == .json { json = document }
            }
        }
        return problems
    }

    /// Checks that `discrepancy` still happens in `document` and puts the source's value in its
    /// place.
    private static func apply(_ discrepancy: KnownDiscrepancy, to document: inout NeutralDocument, expected: FlatGraph)
        -> [String]
    {
        let original = expected.objects[discrepancy.id]?.attributes[discrepancy.attribute] ?? .null
        var found: NeutralValue?
        func patch(_ nodes: inout [NeutralNode]) {
            for index in nodes.indices {
                if nodes[index].id == discrepancy.id {
                    found = nodes[index].attributes[discrepancy.attribute]
                    if found == discrepancy.readsBack { nodes[index].attributes[discrepancy.attribute] = original }
                }
                for (name, relationship) in nodes[index].relationships {
                    guard case .items(var items) = relationship else { continue }
                    var children = items.compactMap { item -> NeutralNode? in
                        if case .node(let node) = item { return node }
                        return nil
                    }
                    guard !children.isEmpty else { continue }
                    patch(&children)
                    var next = children.makeIterator()
                    for position in items.indices {
                        if case .node = items[position], let child = next.next() { items[position] = .node(child) }
                    }
                    nodes[index].relationships[name] = .items(items)
                }
            }
        }
        patch(&document.nodes)
        guard found == discrepancy.readsBack else {
            return [
                "\(discrepancy.id).\(discrepancy.attribute) no longer reads back as the known discrepancy "
                    + "\(discrepancy.readsBack) but as \(found?.description ?? "nothing"): remove it from the list (\(discrepancy.reason))"
            ]
        }
        return []
    }
}

extension XCTestCase {
    /// Fails with the first problems ``FormatEquivalence`` finds.
    func assertFormatsAgree(
        _ source: any GraphSource, _ name: String, formats: [ReadableFormat] = ReadableFormat.allCases,
        shapes: [ExportShape] = ExportShape.allCases, known: [KnownDiscrepancy] = [], sql: CoreDataSQLCheck? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let problems = try FormatEquivalence.problems(source, formats: formats, shapes: shapes, known: known, sql: sql)
        guard !problems.isEmpty else { return }
        let shown = problems.prefix(40).joined(separator: "\n")
        XCTFail(
            "\(name): \(problems.count) differences\n\(shown)\(problems.count > 40 ? "\n…" : "")", file: file,
            line: line)
    }
}
