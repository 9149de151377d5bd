import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLDocumentTests: XCTestCase {
    private let gx = XMLGraphWriter.namespace

    func testScrapbookTreeNestsOwnedObjectsAndReadsBackInBothStyles() throws {
        let graph = try SampleGraphs.scrapbook()
        for style in XMLOptions.Style.allCases {
            try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
        }
        let parsed = try Fixtures.export(graph).parsedXML()
        XCTAssertEqual(
            topLevelIDs(parsed), ["Scrapbook/1", "Scrapbook/2"], "pages, photos, notes and tags nest under their owners"
        )
        XCTAssertEqual(Fixtures.elements("Photo", in: parsed).map { $0["gx:id"] }, ["Photo/5", "Photo/6", "Photo/7"])
        let text = try Fixtures.export(graph).text
        XCTAssertTrue(text.contains(#"<tag gx:null="true"/></Photo>"#), "an empty to-one relationship is marked null")
        XCTAssertTrue(text.contains(#"<notes/>"#), "an empty to-many relationship is an empty element")
        XCTAssertTrue(text.contains(#"<page><gx:ref gx:id="Page/3"/></page>"#))
        XCTAssertTrue(text.contains(#" title="" gx:null="createdAt pageCount subtitle">"#))
    }

    func testScrapbookFlatListsEveryObjectWithReferencesOnly() throws {
        let graph = try SampleGraphs.scrapbook()
        for style in XMLOptions.Style.allCases {
            try Fixtures.assertRoundTrip(graph, shape: .flat, options: XMLOptions(style: style))
        }
        let parsed = try Fixtures.export(graph, shape: .flat).parsedXML()
        XCTAssertEqual(
            topLevelIDs(parsed),
            ["Note/8", "Page/3", "Page/4", "Photo/5", "Photo/6", "Photo/7", "Scrapbook/1", "Scrapbook/2", "Tag/9"])
        var depth = 0
        for item in parsed.items {
            switch item {
            case .start(let name, _):
                depth += 1
                if name.namespace == nil { XCTAssertLessThanOrEqual(depth, 3, "\(name) nests in the flat shape") }
            case .end: depth -= 1
            case .text: XCTFail("text in a compact attribute-style document")
            }
        }
    }

    func testRootHoldsTheHeaderFieldsInTheFormatNamespace() throws {
        let header = WriterHeader(
            generator: "graphexport", source: "Photos & Co.sqlite", on: try SampleGraphs.itemModel())
        for shape in ExportShape.allCases {
            let parsed = try Fixtures.export(header.graph, shape: shape).parsedXML()
            XCTAssertEqual(parsed.version, "1.0")
            XCTAssertEqual(parsed.encoding, "UTF-8")
            guard case .start(let root, let attributes) = parsed.items.first else { return XCTFail("no root") }
            XCTAssertEqual(root, XMLName(namespace: gx, local: "export"))
            let fields = header.fields(in: shape)
            XCTAssertEqual(attributes.map { Fixtures.prefixed($0.name) }, fields.map { "gx:" + $0.key })
            XCTAssertEqual(attributes.map(\.value), fields.map(\.value))
        }
    }

    /// Every writer's empty graph is `EmptyGraphTests` (writer contract); the pretty attribute
    /// style writes it as the compact one does.
    func testAPrettyEmptyGraphIsTheCompactText() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        XCTAssertEqual(
            try Fixtures.export(graph, options: XMLOptions(pretty: true)).text, try Fixtures.export(graph).text)
    }

    /// An album with a photo, a tag referencing it, and values of several kinds.
    private func smallGraph() throws -> InMemoryGraph {
        let model = try GraphModel(entities: [
            EntityInfo.entity(
                "Album", ["title": .string, "rating": .double],
                relationships: [
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "album", deletionRule: .cascade),
                    RelationshipInfo(name: "cover", destination: "Photo", isToMany: false),
                ]),
            EntityInfo.entity(
                "Photo", ["caption": .string, "data": .binary],
                relationships: [
                    RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos")
                ]),
        ])
        let graph = SampleGraphs.graph(model)
        let album = try graph.add("Album", ["title": .string("Trip\r\n"), "rating": .double(.infinity)])
        let photo = try graph.add("Photo", ["caption": .string("a\u{1}b"), "data": .binary([1, 2, 3])])
        try graph.add("Album", ["title": .string("")])
        try graph.link(photo, "album", to: album)
        return graph
    }

    func testCompactAttributeStyleText() throws {
        let export = try Fixtures.export(try smallGraph())
        XCTAssertEqual(
            export.text,
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="graphexport" gx:sourceKind="in-memory graph" gx:shape="tree"><Album gx:id="Album/1" title="Trip&#13;&#10;" rating="INF"><photos><Photo gx:id="Photo/2" caption="YQFi" data="AQID" gx:base64="caption"><album><gx:ref gx:id="Album/1"/></album></Photo></photos><cover gx:null="true"/></Album><Album gx:id="Album/3" title="" gx:null="rating"><photos/><cover gx:null="true"/></Album></gx:export>

            """#)
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Photo.caption (Photo/2): U+0001 cannot be written in XML 1.0, so text of this attribute holding such "
                    + "characters is written as base64 of its UTF-8 bytes, listed in gx:base64"
            ])
    }

    func testPrettyElementStyleText() throws {
        let export = try Fixtures.export(try smallGraph(), options: XMLOptions(pretty: true, style: .elements))
        XCTAssertEqual(
            export.text,
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="graphexport" gx:sourceKind="in-memory graph" gx:shape="tree">
              <Album gx:id="Album/1">
                <title>Trip&#13;
            </title>
                <rating>INF</rating>
                <photos>
                  <Photo gx:id="Photo/2">
                    <caption gx:encoding="base64">YQFi</caption>
                    <data>AQID</data>
                    <album>
                      <gx:ref gx:id="Album/1"/>
                    </album>
                  </Photo>
                </photos>
                <cover gx:null="true"/>
              </Album>
              <Album gx:id="Album/3">
                <title></title>
                <rating gx:null="true"/>
                <photos/>
                <cover gx:null="true"/>
              </Album>
            </gx:export>

            """#)
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].message.hasSuffix(#"marked gx:encoding="base64""#))
    }

    func testPrettyAndCompactParseToTheSameTree() throws {
        let graphs = [try SampleGraphs.scrapbook(), try smallGraph()]
        for graph in graphs {
            for shape in ExportShape.allCases {
                for style in XMLOptions.Style.allCases {
                    let compact = try Fixtures.export(graph, shape: shape, options: XMLOptions(style: style))
                    let pretty = try Fixtures.export(
                        graph, shape: shape, options: XMLOptions(pretty: true, style: style))
                    XCTAssertNotEqual(compact.bytes, pretty.bytes)
                    XCTAssertEqual(
                        try compact.parsedXML().items, try pretty.parsedXML().withoutLayout, "\(shape), \(style)")
                    try Fixtures.assertRoundTrip(graph, shape: shape, options: XMLOptions(pretty: true, style: style))
                }
            }
        }
    }

    func testCompactOutputIsTheDeclarationAndOneLine() throws {
        let text = try Fixtures.export(try SampleGraphs.scrapbook()).text
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false).count, 3)
        XCTAssertTrue(text.hasSuffix("</gx:export>\n"))
    }

    func testTheReaderRejectsWhatTheWriterNeverWrites() throws {
        let model = try SampleGraphs.itemModel()
        let reader = XMLExportReader(model: model, style: .attributes)
        let prefix = #"<?xml version="1.0" encoding="UTF-8"?><gx:export xmlns:gx="urn:graphexport:1">"#
        let documents = [
            #"<Item gx:id="I/1" value="a"/>"#,
            #"<Item gx:id="I/1" value="a" other="b" extra="c"/>"#,
            #"<Item gx:id="I/1" value="a" gx:null="other"><gx:ref gx:id="I/2"/></Item>"#,
            #"<Item value="a" gx:id="I/1" gx:null="other"/>"#,
            #"<Thing gx:id="T/1"/>"#,
            #"<Item gx:id="I/1" value="a" other="b" gx:base64="value"/>"#,
        ]
        for document in documents {
            let parsed = try ParsedXML.parse(Array((prefix + document + "</gx:export>").utf8))
            XCTAssertThrowsError(try reader.read(parsed), document)
        }
        let good = #"<Item gx:id="I/1" value="a" other="YQFi" gx:base64="other"/>"#
        let decoded = try reader.read(try ParsedXML.parse(Array((prefix + good + "</gx:export>").utf8)))
        XCTAssertEqual(
            decoded.events,
            [
                .beginObject(entity: "Item", id: ObjectID("I/1")), .attribute(name: "value", value: .string("a")),
                .attribute(name: "other", value: .string("a\u{1}b")), .endObject,
            ])
    }

    /// The `gx:id` of each object directly under the root.
    private func topLevelIDs(_ parsed: ParsedXML) -> [String] {
        var depth = 0
        var ids: [String] = []
        for item in parsed.withoutLayout {
            switch item {
            case .start(_, let attributes):
                depth += 1
                if depth == 2 { ids.append(attributes.first { $0.name.local == "id" }?.value ?? "?") }
            case .end: depth -= 1
            case .text: break
            }
        }
        return ids
    }
}
