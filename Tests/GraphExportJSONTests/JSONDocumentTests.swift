import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONDocumentTests: XCTestCase {
    func testTreeShapeNestsOwnedObjectsAndReferencesTheRest() throws {
        let graph = try Fixtures.export(try SampleGraphs.albumGraph()).graph()

        XCTAssertEqual(graph.map { $0["@id"] as? String }, ["Album/1", "Photo/6", "Tag/5"])
        let album = graph[0]
        XCTAssertEqual(album["@type"] as? String, "Album")
        XCTAssertEqual(album["title"] as? String, "Trip")
        XCTAssertEqual(album["rating"] as? Double, 4.5)
        XCTAssertEqual(album["cover"] as? [String: String], ["@id": "Photo/4"])

        let photos = try XCTUnwrap(album["photos"] as? [[String: Any]])
        XCTAssertEqual(photos.map { $0["@id"] as? String }, ["Photo/2", "Photo/4"])
        XCTAssertEqual(photos[0]["@type"] as? String, "Photo")
        XCTAssertEqual(photos[0]["caption"] as? String, "Beach")
        XCTAssertEqual(photos[0]["album"] as? [String: String], ["@id": "Album/1"])
        XCTAssertEqual(photos[0]["tags"] as? [[String: String]], [["@id": "Tag/5"]])
        let details = try XCTUnwrap(photos[0]["details"] as? [String: Any])
        XCTAssertEqual(details["@id"] as? String, "Details/3")
        XCTAssertEqual(details["@type"] as? String, "Details")
        XCTAssertEqual(details["note"] as? String, "sunset")
        XCTAssertEqual(details["photo"] as? [String: String], ["@id": "Photo/2"])
        XCTAssertTrue(photos[1]["details"] is NSNull, "an empty to-one relationship is null")

        let loose = graph[1]
        XCTAssertTrue(loose["album"] is NSNull)
        XCTAssertEqual(loose["tags"] as? [[String: String]], [])
        XCTAssertEqual(graph[2]["photos"] as? [[String: String]], [["@id": "Photo/2"], ["@id": "Photo/4"]])
    }

    func testFlatShapeListsEveryObjectWithReferencesOnly() throws {
        let graph = try Fixtures.export(try SampleGraphs.albumGraph(), shape: .flat).graph()

        XCTAssertEqual(
            graph.map { $0["@id"] as? String },
            ["Album/1", "Photo/2", "Photo/4", "Photo/6", "Details/3", "Tag/5"])
        XCTAssertEqual(graph[0]["photos"] as? [[String: String]], [["@id": "Photo/2"], ["@id": "Photo/4"]])
        XCTAssertEqual(graph[1]["details"] as? [String: String], ["@id": "Details/3"])
        XCTAssertTrue(graph[2]["details"] is NSNull)
        XCTAssertTrue(graph[3]["album"] is NSNull)
        XCTAssertEqual(graph[4]["photo"] as? [String: String], ["@id": "Photo/2"])
        for object in graph {
            for (key, value) in object where !key.hasPrefix("@") {
                XCTAssertFalse(
                    (value as? [String: Any])?["@type"] != nil, "\(key) holds a nested object in the flat shape")
            }
        }
    }

    func testSourceHoldsTheHeaderFieldsAsStrings() throws {
        let header = WriterHeader(source: "Photos.sqlite", on: try SampleGraphs.itemModel())
        for shape in ExportShape.allCases {
            let document = try Fixtures.export(header.graph, shape: shape).document()
            XCTAssertEqual(document["@source"] as? [String: String], header.values(in: shape))
            XCTAssertEqual(Set(document.keys), ["@source", "@graph"])
        }
    }

    func testCompactOutputIsOneLine() throws {
        let text = try Fixtures.export(try SampleGraphs.albumGraph()).text
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1)
        XCTAssertTrue(text.hasSuffix("]}\n"))
        XCTAssertFalse(text.contains(": "))
    }

    func testPrettyLayout() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let album = try graph.add("Album", ["title": .string("Trip")])
        let photo = try graph.add("Photo", ["caption": .string("Beach")])
        let tag = try graph.add("Tag", ["name": .string("sea")])
        try graph.add("Album", ["title": .string("Empty"), "rating": .double(1)])
        try graph.link(album, "photos", to: photo)
        try graph.link(album, "cover", to: photo)
        try graph.link(tag, "photos", to: photo)

        XCTAssertEqual(
            try Fixtures.export(graph, pretty: true).text,
            """
            {
              "@source": {
                "generator": "graphexport",
                "sourceKind": "in-memory graph",
                "shape": "tree"
              },
              "@graph": [
                {
                  "@id": "Album/1",
                  "@type": "Album",
                  "title": "Trip",
                  "rating": null,
                  "photos": [
                    {
                      "@id": "Photo/2",
                      "@type": "Photo",
                      "caption": "Beach",
                      "album": {"@id": "Album/1"},
                      "tags": [
                        {"@id": "Tag/3"}
                      ],
                      "details": null
                    }
                  ],
                  "cover": {"@id": "Photo/2"}
                },
                {
                  "@id": "Album/4",
                  "@type": "Album",
                  "title": "Empty",
                  "rating": 1.0,
                  "photos": [],
                  "cover": null
                },
                {
                  "@id": "Tag/3",
                  "@type": "Tag",
                  "name": "sea",
                  "photos": [
                    {"@id": "Photo/2"}
                  ]
                }
              ]
            }

            """)
    }

    func testCompactAndPrettyParseToTheSameDocument() throws {
        for shape in ExportShape.allCases {
            let graph = try SampleGraphs.albumGraph()
            let compact = try Fixtures.export(graph, shape: shape).document()
            let pretty = try Fixtures.export(graph, shape: shape, pretty: true).document()
            XCTAssertEqual(compact as NSDictionary, pretty as NSDictionary, "\(shape)")
        }
    }
}
