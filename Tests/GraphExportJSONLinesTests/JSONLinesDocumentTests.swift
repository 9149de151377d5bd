import Foundation
import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

final class JSONLinesDocumentTests: XCTestCase {
    private let header = #"{"@source":{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"}}"#

    private let albumLines = [
        "Details/3": #"{"@id":"Details/3","@type":"Details","note":"sunset","photo":{"@id":"Photo/2"}}"#,
        "Photo/2": #"{"@id":"Photo/2","@type":"Photo","caption":"Beach","album":{"@id":"Album/1"},"#
            + #""tags":[{"@id":"Tag/5"}],"details":{"@id":"Details/3"}}"#,
        "Photo/4": #"{"@id":"Photo/4","@type":"Photo","caption":"Hill","album":{"@id":"Album/1"},"#
            + #""tags":[{"@id":"Tag/5"}],"details":null}"#,
        "Album/1": #"{"@id":"Album/1","@type":"Album","title":"Trip","rating":4.5,"#
            + #""photos":[{"@id":"Photo/2"},{"@id":"Photo/4"}],"cover":{"@id":"Photo/4"}}"#,
        "Photo/6": #"{"@id":"Photo/6","@type":"Photo","caption":"Loose","album":null,"tags":[],"details":null}"#,
        "Tag/5": #"{"@id":"Tag/5","@type":"Tag","name":"sea","photos":[{"@id":"Photo/2"},{"@id":"Photo/4"}]}"#,
    ]

    func testTreeShapeWritesNestedObjectsOnTheirOwnLinesBeforeTheirOwners() throws {
        let export = try Fixtures.export(try SampleGraphs.albumGraph())
        let order = ["Details/3", "Photo/2", "Photo/4", "Album/1", "Photo/6", "Tag/5"]
        XCTAssertEqual(export.text, ([header] + order.map { albumLines[$0]! }).joined(separator: "\n") + "\n")
        XCTAssertEqual(export.warnings, [])
    }

    func testFlatShapeWritesTheSameLinesInScanOrder() throws {
        let export = try Fixtures.export(try SampleGraphs.albumGraph(), shape: .flat)
        let order = ["Album/1", "Photo/2", "Photo/4", "Photo/6", "Details/3", "Tag/5"]
        let flatHeader = header.replacingOccurrences(of: #""shape":"tree""#, with: #""shape":"flat""#)
        XCTAssertEqual(export.text, ([flatHeader] + order.map { albumLines[$0]! }).joined(separator: "\n") + "\n")
    }

    func testHeaderLineHoldsTheFieldsAsStrings() throws {
        let header = WriterHeader(
            source: "Photos\n\u{2028}.sqlite", frameworkVersion: "1241", on: try SampleGraphs.albumModel())
        for shape in ExportShape.allCases {
            let export = try Fixtures.export(header.graph, shape: shape)
            let lines = try export.foundationObjects()
            XCTAssertEqual(lines.count, 1)
            XCTAssertEqual(lines[0] as NSDictionary, ["@source": header.values(in: shape)] as NSDictionary)
            XCTAssertEqual(export.lines().count, 1, "an escaped line break breaks no line")
        }
    }

    func testScrapbookReadsBackExactlyInBothShapes() throws {
        for shape in ExportShape.allCases {
            let export = try Fixtures.assertRoundTrip(try SampleGraphs.scrapbook(), shape: shape)
            XCTAssertEqual(export.lines().count, 1 + 9)
            XCTAssertEqual(export.warnings, [])
        }
        // Post-order: notes and photos before their page, pages and tags before their scrapbook.
        let tree = try Fixtures.export(try SampleGraphs.scrapbook()).objects().map { $0["@id"] as? String }
        XCTAssertEqual(
            tree,
            [
                "Note/8", "Photo/5", "Page/3", "Photo/6", "Page/4", "Photo/7", "Tag/9", "Scrapbook/1", "Scrapbook/2",
            ])
    }

    /// Random models and graphs: every attribute type, every kind of relationship, ownership
    /// cycles, values with their edge cases.
    func testRandomGraphsReadBackExactlyInBothShapes() throws {
        for seed in UInt64(1)...40 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            for shape in ExportShape.allCases {
                try Fixtures.assertRoundTrip(graph, shape: shape)
            }
        }
    }

    func testDeepChainReadsBackExactly() throws {
        let export = try Fixtures.assertRoundTrip(makeChain(length: 1000), shape: .tree)
        let ids = try export.objects().map { $0["@id"] as? String }
        XCTAssertEqual(ids.first, "Node/1000")
        XCTAssertEqual(ids.last, "Node/1")
    }
}
