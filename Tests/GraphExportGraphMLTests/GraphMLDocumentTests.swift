import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLDocumentTests: XCTestCase {
    func testScrapbookIsOneNodePerObjectAndOneEdgePerLink() throws {
        let parsed = try Fixtures.export(try SampleGraphs.scrapbook()).parsedGraphML()

        XCTAssertEqual(
            parsed.nodes.map(\.id),
            ["Scrapbook/1", "Page/3", "Note/8", "Photo/5", "Page/4", "Photo/6", "Tag/9", "Photo/7", "Scrapbook/2"],
            "tree order: each object once, where it nests")
        XCTAssertEqual(
            parsed.edgeTexts,
            [
                "Scrapbook/1 → Page/3 (pages)", "Page/3 → Note/8 (notes)", "Page/3 → Photo/5 (photos)",
                "Scrapbook/1 → Page/4 (pages)", "Page/4 → Photo/6 (photos)", "Scrapbook/1 → Tag/9 (tags)",
                "Tag/9 → Photo/5 (photos)", "Tag/9 → Photo/7 (photos)",
            ])
        XCTAssertEqual(
            parsed.edges.map { parsed.named($0.data)["inverse"] },
            [
                "scrapbook", "page", "page", "scrapbook", "page", "scrapbook", "tag", "tag",
            ])
        XCTAssertEqual(parsed.graphAttributes, ["id": "G", "edgedefault": "directed"])
        XCTAssertEqual(parsed.header, ["generator": "graphexport", "sourceKind": "in-memory graph", "shape": "tree"])

        let photo = parsed.named(parsed.nodes[3].data)
        XCTAssertEqual(
            photo,
            [
                "@type": "Photo", "aspectRatio": "1.5", "caption": "Sunset\nover the sea", "fileSize": "3145728",
                "height": "2000", "width": "3000", "identifier": "6ba7b810-9dad-11d1-80b4-00c04fd43003",
                "printPrice": "12.50", "rating": "4.5", "sourceURL": "https://example.com/p?a=1&b=2",
                "takenAt": "2011-05-05T00:00:00.25Z", "thumbnail": "iVBORwD/",
            ])
        XCTAssertEqual(parsed.nodes[3].data.first?.key, "type", "@type comes first")
        XCTAssertEqual(
            parsed.named(parsed.nodes[8].data),
            [
                "@type": "Scrapbook", "identifier": "6ba7b810-9dad-11d1-80b4-00c04fd43002", "isFavorite": "false",
                "title": "",
            ],
            "null attributes have no data; the empty string has empty data")
    }

    func testKeysComeFromTheModelInModelOrder() throws {
        let parsed = try Fixtures.export(try SampleGraphs.scrapbook()).parsedGraphML()
        XCTAssertEqual(
            parsed.keys.map { "\($0.id) \($0.domain) \($0.name) \($0.type)" },
            [
                "g.generator graph generator string", "g.sourceKind graph sourceKind string",
                "g.shape graph shape string", "type node @type string",
                "a0 node color string", "a1 node createdAt string", "a2 node text string",
                "a3 node backgroundColor string", "a4 node number int", "a5 node title string",
                "a6 node aspectRatio double", "a7 node caption string", "a8 node fileSize long", "a9 node height int",
                "a10 node identifier string", "a11 node printPrice string", "a12 node rating double",
                "a13 node sourceURL string", "a14 node takenAt string", "a15 node thumbnail string",
                "a16 node width int", "a17 node isFavorite boolean", "a18 node pageCount int",
                "a19 node subtitle string", "a20 node name string",
                "label edge label string", "inverse edge inverse string",
            ],
            "color, subtitle and the other attributes that never have a value are declared too")
    }

    func testTreeAndFlatShapesGiveTheSameNodesAndEdges() throws {
        let graph = try SampleGraphs.scrapbook()
        let tree = try Fixtures.export(graph, shape: .tree).parsedGraphML()
        let flat = try Fixtures.export(graph, shape: .flat).parsedGraphML()
        XCTAssertEqual(
            flat.nodes.map(\.id),
            ["Note/8", "Page/3", "Page/4", "Photo/5", "Photo/6", "Photo/7", "Scrapbook/1", "Scrapbook/2", "Tag/9"])
        XCTAssertEqual(Set(tree.edgeTexts), Set(flat.edgeTexts))
        XCTAssertEqual(tree.edges.count, flat.edges.count)
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: tree.nodes.map { ($0.id, tree.named($0.data)) }),
            Dictionary(uniqueKeysWithValues: flat.nodes.map { ($0.id, flat.named($0.data)) }))
        XCTAssertEqual(flat.header["shape"], "flat")
    }

    func testCompactLayout() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (.integer32, .string)))
        try graph.add("Item", ["value": .integer(7), "other": .string("a<b")])
        XCTAssertEqual(
            try Fixtures.export(graph).text,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:gx="urn:graphexport:1">\
            <key id="g.generator" for="graph" attr.name="generator" attr.type="string"/>\
            <key id="g.sourceKind" for="graph" attr.name="sourceKind" attr.type="string"/>\
            <key id="g.shape" for="graph" attr.name="shape" attr.type="string"/>\
            <key id="type" for="node" attr.name="@type" attr.type="string"/>\
            <key id="a0" for="node" attr.name="value" attr.type="int"/>\
            <key id="a1" for="node" attr.name="other" attr.type="string"/>\
            <key id="label" for="edge" attr.name="label" attr.type="string"/>\
            <key id="inverse" for="edge" attr.name="inverse" attr.type="string"/>\
            <graph id="G" edgedefault="directed">\
            <data key="g.generator">graphexport</data><data key="g.sourceKind">in-memory graph</data>\
            <data key="g.shape">tree</data>\
            <node id="Item/1"><data key="type">Item</data><data key="a0">7</data><data key="a1">a&lt;b</data></node>\
            </graph></graphml>

            """)
    }

    func testPrettyLayout() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Folder", attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [
                    RelationshipInfo(
                        name: "files", destination: "File", isToMany: true, inverse: "folder", deletionRule: .cascade)
                ]),
            EntityInfo(
                name: "File",
                relationships: [
                    RelationshipInfo(name: "folder", destination: "Folder", isToMany: false, inverse: "files")
                ]),
        ])
        let graph = SampleGraphs.graph(model)
        let folder = try graph.add("Folder", ["name": .string("Docs")])
        let file = try graph.add("File")
        try graph.link(file, "folder", to: folder)
        XCTAssertEqual(
            try Fixtures.export(graph, pretty: true).text,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:gx="urn:graphexport:1">
              <key id="g.generator" for="graph" attr.name="generator" attr.type="string"/>
              <key id="g.sourceKind" for="graph" attr.name="sourceKind" attr.type="string"/>
              <key id="g.shape" for="graph" attr.name="shape" attr.type="string"/>
              <key id="type" for="node" attr.name="@type" attr.type="string"/>
              <key id="a0" for="node" attr.name="name" attr.type="string"/>
              <key id="label" for="edge" attr.name="label" attr.type="string"/>
              <key id="inverse" for="edge" attr.name="inverse" attr.type="string"/>
              <graph id="G" edgedefault="directed">
                <data key="g.generator">graphexport</data>
                <data key="g.sourceKind">in-memory graph</data>
                <data key="g.shape">tree</data>
                <node id="Folder/1">
                  <data key="type">Folder</data>
                  <data key="a0">Docs</data>
                </node>
                <edge source="Folder/1" target="File/2">
                  <data key="label">files</data>
                  <data key="inverse">folder</data>
                </edge>
                <node id="File/2">
                  <data key="type">File</data>
                </node>
              </graph>
            </graphml>

            """)
    }

    func testCompactAndPrettyReadTheSame() throws {
        for shape in ExportShape.allCases {
            let graph = try SampleGraphs.scrapbook()
            let compact = try Fixtures.export(graph, shape: shape).parsedGraphML()
            let pretty = try Fixtures.export(graph, shape: shape, pretty: true).parsedGraphML()
            XCTAssertEqual(compact.keys, pretty.keys)
            XCTAssertEqual(compact.graphData, pretty.graphData)
            XCTAssertEqual(compact.nodes, pretty.nodes)
            XCTAssertEqual(compact.edges, pretty.edges)
        }
    }

    func testHeaderFieldsAreGraphData() throws {
        let header = WriterHeader(
            generator: "graphexport 9", source: "Photos.sqlite", frameworkVersion: "1240",
            on: try SampleGraphs.itemModel())
        let parsed = try Fixtures.export(header.graph, shape: .flat).parsedGraphML()
        XCTAssertEqual(parsed.header, header.values(in: .flat))
        XCTAssertEqual(
            parsed.keys.filter { $0.domain == "graph" }.map(\.id), header.fields(in: .flat).map { "g." + $0.key })
    }

}
