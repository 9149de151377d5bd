import CYAML
import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLDocumentTests: XCTestCase {
    func testBothShapesReadAsTheJSONExportReads() throws {
        let graph = try Fixtures.albumGraph()
        for shape in ExportShape.allCases {
            try Fixtures.assertSameDataAsJSON(graph, shape: shape)
            try Fixtures.assertSameDataAsJSON(graph, shape: shape, options: YAMLOptions(maxBlockDepth: 0))
            try Fixtures.assertSameDataAsJSON(graph, shape: shape, options: YAMLOptions(literalBlocks: false))
            try Fixtures.assertSameDataAsJSON(graph, shape: shape, options: YAMLOptions(indentation: 4))
        }
    }

    func testTreeLayout() throws {
        XCTAssertEqual(
            try Fixtures.export(try Fixtures.albumGraph()).text,
            """
            "@source":
              generator: graphexport
              sourceKind: in-memory graph
              shape: tree
            "@graph":
            - "@id": Album/1
              "@type": Album
              title: Trip
              rating: 4.5
              photos:
              - "@id": Photo/2
                "@type": Photo
                caption: Beach
                album: {"@id": Album/1}
                tags:
                - {"@id": Tag/5}
                details:
                  "@id": Details/3
                  "@type": Details
                  note: |
                    sunset
                    over the sea
                  photo: {"@id": Photo/2}
              - "@id": Photo/4
                "@type": Photo
                caption: Hill
                album: {"@id": Album/1}
                tags:
                - {"@id": Tag/5}
                details: null
              cover: {"@id": Photo/4}
            - "@id": Photo/6
              "@type": Photo
              caption: Loose
              album: null
              tags: []
              details: null
            - "@id": Tag/5
              "@type": Tag
              name: "yes"
              photos:
              - {"@id": Photo/2}
              - {"@id": Photo/4}

            """)
    }

    func testFlatLayoutAndFlowObjectsBeyondTheBlockDepth() throws {
        let graph = try Fixtures.albumGraph()
        let flat = try Fixtures.export(graph, shape: .flat).text
        XCTAssertTrue(
            flat.contains(
                """
                - "@id": Album/1
                  "@type": Album
                  title: Trip
                  rating: 4.5
                  photos:
                  - {"@id": Photo/2}
                  - {"@id": Photo/4}
                  cover: {"@id": Photo/4}

                """))
        let oneLevel = try Fixtures.export(graph, options: YAMLOptions(maxBlockDepth: 1)).text
        XCTAssertTrue(
            oneLevel.contains(
                """
                  photos:
                  - {"@id": Photo/2, "@type": Photo, caption: Beach, album: {"@id": Album/1}, tags: [{"@id": Tag/5}], \
                details: {"@id": Details/3, "@type": Details, note: "sunset\\nover the sea\\n", photo: {"@id": Photo/2}}}

                """), oneLevel)
        let noBlock = try Fixtures.export(graph, shape: .flat, options: YAMLOptions(maxBlockDepth: 0)).text
        XCTAssertTrue(
            noBlock.hasSuffix(
                """
                "@graph":
                - {"@id": Album/1, "@type": Album, title: Trip, rating: 4.5, photos: [{"@id": Photo/2}, {"@id": Photo/4}], \
                cover: {"@id": Photo/4}}
                - {"@id": Photo/2, "@type": Photo, caption: Beach, album: {"@id": Album/1}, tags: [{"@id": Tag/5}], \
                details: {"@id": Details/3}}
                - {"@id": Photo/4, "@type": Photo, caption: Hill, album: {"@id": Album/1}, tags: [{"@id": Tag/5}], \
                details: null}
                - {"@id": Photo/6, "@type": Photo, caption: Loose, album: null, tags: [], details: null}
                - {"@id": Details/3, "@type": Details, note: "sunset\\nover the sea\\n", photo: {"@id": Photo/2}}
                - {"@id": Tag/5, "@type": Tag, name: "yes", photos: [{"@id": Photo/2}, {"@id": Photo/4}]}

                """), noBlock)
    }

    func testIndentationOption() throws {
        let text = try Fixtures.export(try Fixtures.albumGraph(), options: YAMLOptions(indentation: 4)).text
        XCTAssertTrue(text.hasPrefix("\"@source\":\n    generator: graphexport\n"))
        XCTAssertTrue(text.contains("\n-   \"@id\": Album/1\n    \"@type\": Album\n"))
        XCTAssertTrue(text.contains("\n        details:\n            \"@id\": Details/3\n"))
    }

    func testSourceHoldsTheHeaderFieldsAsStrings() throws {
        let header = WriterHeader(
            source: "yes", storeUUID: "1234-12-12", model: "1.0", modelVersion: "Photos: 2 # final\n",
            on: try SampleGraphs.itemModel())
        for shape in ExportShape.allCases {
            let document = try Fixtures.export(header.graph, shape: shape).document()
            guard case .mapping(let source)? = document["@source"] else { return XCTFail("no @source mapping") }
            XCTAssertEqual(
                Dictionary(uniqueKeysWithValues: source.map { ($0.key, $0.value) }),
                header.values(in: shape).mapValues { .string($0) })
            XCTAssertEqual(document, .mapping([("@source", .mapping(source)), ("@graph", .sequence([]))]))
        }
    }

    func testRandomGraphsReadAsTheJSONExportsRead() throws {
        for seed in UInt64(1)...25 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            for shape in ExportShape.allCases {
                let export = try Fixtures.export(graph, shape: shape)
                let reader: ParsedYAML
                do {
                    reader = try export.read()
                } catch {
                    XCTFail("seed \(seed), \(shape): \(error)\n\(export.text)")
                    continue
                }
                XCTAssertFalse(reader.scalars.contains { $0.style == YAML_SINGLE_QUOTED_SCALAR_STYLE })
                let json = try Fixtures.jsonDocument(graph, shape: shape)
                XCTAssertEqual(reader.root.asJSONWritesIt, json, "seed \(seed), \(shape)")
            }
            try Fixtures.assertSameDataAsJSON(graph, options: YAMLOptions(maxBlockDepth: 1))
        }
    }

    /// A sink that keeps the size of every block it is given.
    private final class BlockSink: ByteSink {
        var sizes: [Int] = []
        var bytes: [UInt8] = []

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            sizes.append(bytes.count)
            self.bytes += bytes
        }
    }

    func testOutputReachesTheSinkInBlocks() throws {
        let graph = try SampleGraphs.items((0..<2000).map { .string("item number \($0)") })
        let sink = BlockSink()
        try GraphTraversal(source: graph).run(into: YAMLGraphWriter(sink: sink))
        XCTAssertEqual(sink.bytes, try Fixtures.export(graph).bytes)
        XCTAssertGreaterThan(sink.sizes.count, 3)
        XCTAssertTrue(sink.sizes.dropLast().allSatisfy { (16_000...16_384).contains($0) }, "\(sink.sizes)")
    }
}
