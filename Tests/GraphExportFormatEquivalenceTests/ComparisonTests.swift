import GraphExport
import GraphExportJSON
import GraphExportXML
import GraphExportYAML
import XCTest

/// The comparison itself: it sees a change of one character or of the last bit of a double in
/// every format, and pretty exports read back as the compact ones.
final class ComparisonTests: XCTestCase {
    private func albumGraph() throws -> InMemoryGraph {
        let model = try GraphModel(entities: [
            EntityInfo.entity("Album", ["title": .string, "ratio": .double])
        ])
        let graph = InMemoryGraph(model: model)
        try graph.add("Album", ["title": .string("Trip"), "ratio": .double(0.1)])
        return graph
    }

    func testAChangedCharacterOrLastBitIsADifferenceInEveryFormat() throws {
        let graph = try albumGraph()
        let expected = try SourceGraph.flat(graph)
        for format in ReadableFormat.allCases {
            let bytes = try Export(graph, shape: .tree, format: format).bytes
            XCTAssertEqual(
                NeutralDifferences.between(try format.read(bytes, model: graph.model).flattened(), expected, ("", "")),
                [], "\(format)")
            for (from, to, attribute) in [("Trip", "Trap", "title"), ("0.1", "0.10000000000000002", "ratio")] {
                let changed = Array(
                    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: from, with: to).utf8)
                let differences = NeutralDifferences.between(
                    try format.read(changed, model: graph.model).flattened(), expected, (format.rawValue, "source"))
                XCTAssertEqual(differences.count, 1, "\(format): \(differences)")
                XCTAssert(differences.first?.hasPrefix("Album/1.\(attribute): ") == true, "\(format): \(differences)")
            }
        }
    }

    func testPrettyExportsOfTheScrapbookReadBackAsItsRecords() throws {
        let sample = try StoreSample(
            copying: Inputs.scrapbook, store: "Scrapbook.sqlite", model: "Scrapbook.xcdatamodeld", for: self)
        let model = sample.store.model
        let expected = try SourceGraph.flat(sample.store)
        let exports: [(String, (any ByteSink, @escaping WarningHandler) -> any GraphWriter, ReadableFormat)] = [
            ("json", { JSONGraphWriter(sink: $0, options: JSONOptions(pretty: true), onWarning: $1) }, .json),
            ("xml", { XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true), onWarning: $1) }, .xml),
            (
                "xml elements",
                { XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true, style: .elements), onWarning: $1) },
                .xmlElements
            ),
            (
                "yaml indented by 4",
                { YAMLGraphWriter(sink: $0, options: YAMLOptions(indentation: 4), onWarning: $1) }, .yaml
            ),
            (
                "yaml in flow style",
                {
                    YAMLGraphWriter(
                        sink: $0, options: YAMLOptions(maxBlockDepth: 0, literalBlocks: false), onWarning: $1)
                },
                .yaml
            ),
        ]
        for (name, writer, format) in exports {
            for shape in ExportShape.allCases {
                let bytes = try Export(sample.store, shape: shape, writer: writer).bytes
                let differences = NeutralDifferences.between(
                    try format.read(bytes, model: model).flattened(), expected, ("pretty \(name)", "the source"))
                XCTAssertEqual(differences, [], "\(name) \(shape)")
            }
        }
    }

    func testThePlainSQLCheckSeesChangedValuesKeysOrdersAndObjects() throws {
        let sample = try StoreSample(
            copying: Inputs.scrapbook, store: "Scrapbook.sqlite", model: "Scrapbook.xcdatamodeld", for: self)
        let records = try SourceGraph.flat(sample.store)
        XCTAssertEqual(try sample.sql.problems(of: records), [])
        func id(_ entity: String, _ key: Int) -> String { HostileStore.id(entity, key) }
        var changed = records
        changed.objects[id("Photo", 8)]?.attributes["caption"] = .string(Array("changed".utf8))
        changed.objects[id("Photo", 13)]?.attributes["takenAt"] = .date(seconds: -1_342_773_000.5)
        changed.objects[id("Photo", 8)]?.relationships["page"] = [id("Page", 1)]
        changed.objects[id("Page", 2)]?.relationships["items"]?.removeLast()
        changed.objects[id("Tag", 4)]?.relationships["items"]?.removeFirst()
        changed.objects[id("Scrapbook", 1)]?.relationships["pages"]?.reverse()
        changed.objects[id("Note", 2)] = nil
        let problems = try sample.sql.problems(of: changed)
        for expected in [
            "Photo/p8.caption", "Photo/p13.takenAt", "Photo/p8.page", "Page/p2.items", "Tag/p4.items",
            "Scrapbook/p1.pages", "Note/p2: a row without an object", "Note: 6 rows in ZITEM, 5 objects",
        ] {
            XCTAssert(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
        }
        XCTAssertEqual(problems.count, 8, "\(problems)")
    }
}
