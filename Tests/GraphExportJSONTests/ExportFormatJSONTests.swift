import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class ExportFormatJSONTests: XCTestCase {
    func testJSONIsTheJSONWriter() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let album = try graph.add("Album", ["title": .string("Lisbon")])
        let photo = try graph.add("Photo", ["caption": .string("Tram")])
        try graph.link(album, "photos", to: photo)
        for shape in ExportShape.allCases {
            for pretty in [false, true] {
                let sink = MemorySink()
                try GraphExporter(source: graph, shape: shape).write(to: sink, format: .json(pretty: pretty))
                XCTAssertEqual(sink.bytes, try Fixtures.export(graph, shape: shape, pretty: pretty).bytes)
            }
        }
    }

    func testJSONDefaultsToCompact() throws {
        let sink = MemorySink()
        try GraphExporter(source: SampleGraphs.graph(try SampleGraphs.itemModel())).write(to: sink, format: .json())
        let header = #"{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"}"#
        XCTAssertEqual(sink.text, #"{"@source":"# + header + #","@graph":[]}"# + "\n")
        XCTAssertEqual(ExportFormat.json().name, "json")
    }

    func testJSONWarningsGoToTheExportersHandler() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.infinity)])
        let log = WarningLog()
        try GraphExporter(source: graph) { log.warnings.append($0) }.write(to: MemorySink(), format: .json())
        XCTAssertEqual(log.warnings.count, 1)
        XCTAssertTrue(log.messages[0].hasPrefix("Item.value: NaN/Infinity"), log.messages[0])
    }

    func testJSONToFileParses() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        try graph.add("Tag", ["name": .string("sea")])
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("graphexport-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.json")

        try GraphExporter(source: graph, shape: .flat).write(toFile: file.path, format: .json(pretty: true))

        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let objects = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["name"] as? String }, ["sea"])
        XCTAssertEqual((document["@source"] as? [String: String])?["shape"], "flat")
    }
}
