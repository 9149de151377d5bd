import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistDocumentTests: XCTestCase {
    func testTreeShapeNestsOwnedObjectsAndReferencesTheRest() throws {
        let export = try Fixtures.export(try SampleGraphs.albumGraph())
        XCTAssertEqual(
            export.text,
            Fixtures.prolog + #"<plist version="1.0"><dict>"#
                + #"<key>@source</key><dict><key>generator</key><string>graphexport</string>"#
                + #"<key>sourceKind</key><string>in-memory graph</string><key>shape</key><string>tree</string></dict>"#
                + #"<key>@graph</key><array>"#
                + #"<dict><key>@id</key><string>Album/1</string><key>@type</key><string>Album</string>"#
                + #"<key>title</key><string>Trip</string><key>rating</key><real>4.5</real>"#
                + #"<key>photos</key><array>"#
                + #"<dict><key>@id</key><string>Photo/2</string><key>@type</key><string>Photo</string>"#
                + #"<key>caption</key><string>Beach</string><key>album</key><dict><key>@id</key><string>Album/1</string></dict>"#
                + #"<key>tags</key><array><dict><key>@id</key><string>Tag/5</string></dict></array>"#
                + #"<key>details</key><dict><key>@id</key><string>Details/3</string><key>@type</key><string>Details</string>"#
                + #"<key>note</key><string>sunset</string><key>photo</key><dict><key>@id</key><string>Photo/2</string></dict>"#
                + #"</dict></dict>"#
                + #"<dict><key>@id</key><string>Photo/4</string><key>@type</key><string>Photo</string>"#
                + #"<key>caption</key><string>Hill</string><key>album</key><dict><key>@id</key><string>Album/1</string></dict>"#
                + #"<key>tags</key><array><dict><key>@id</key><string>Tag/5</string></dict></array>"#
                + #"<key>@null</key><array><string>details</string></array></dict>"#
                + #"</array><key>cover</key><dict><key>@id</key><string>Photo/4</string></dict></dict>"#
                + #"<dict><key>@id</key><string>Photo/6</string><key>@type</key><string>Photo</string>"#
                + #"<key>caption</key><string>Loose</string><key>tags</key><array/>"#
                + #"<key>@null</key><array><string>album</string><string>details</string></array></dict>"#
                + #"<dict><key>@id</key><string>Tag/5</string><key>@type</key><string>Tag</string>"#
                + #"<key>name</key><string>sea</string><key>photos</key><array>"#
                + #"<dict><key>@id</key><string>Photo/2</string></dict><dict><key>@id</key><string>Photo/4</string></dict>"#
                + #"</array></dict>"#
                + "</array></dict></plist>\n")
        XCTAssertEqual(export.warnings, [])
    }

    func testPrettyLayoutIndentsWithTabs() throws {
        /// A top-level object of the pretty flat export: its `@id`, `@type`, one attribute, one
        /// to-many of one reference, and the names listed in its `@null`.
        func object(
            _ id: String, _ type: String, _ attribute: (String, String), _ relationship: (String, String),
            null: [String] = []
        ) -> String {
            let nulls = null.map { "\n\t\t\t\t\t<string>\($0)</string>" }.joined()
            return """
                \t\t\t<dict>
                \t\t\t\t<key>@id</key>
                \t\t\t\t<string>\(id)</string>
                \t\t\t\t<key>@type</key>
                \t\t\t\t<string>\(type)</string>
                \t\t\t\t<key>\(attribute.0)</key>
                \t\t\t\t<string>\(attribute.1)</string>
                \t\t\t\t<key>\(relationship.0)</key>
                \t\t\t\t<array>
                \t\t\t\t\t<dict>
                \t\t\t\t\t\t<key>@id</key>
                \t\t\t\t\t\t<string>\(relationship.1)</string>
                \t\t\t\t\t</dict>
                \t\t\t\t</array>
                """
                    + (null.isEmpty ? "" : "\n\t\t\t\t<key>@null</key>\n\t\t\t\t<array>\(nulls)\n\t\t\t\t</array>")
                    + "\n\t\t\t</dict>"
        }
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let tag = try graph.add("Tag", ["name": .string("sea")])
        let photo = try graph.add("Photo", ["caption": .string("Beach")])
        try graph.link(tag, "photos", to: photo)
        XCTAssertEqual(
            try Fixtures.export(graph, shape: .flat, options: PlistOptions(pretty: true)).text,
            Fixtures.prolog + """
                <plist version="1.0">
                \t<dict>
                \t\t<key>@source</key>
                \t\t<dict>
                \t\t\t<key>generator</key>
                \t\t\t<string>graphexport</string>
                \t\t\t<key>sourceKind</key>
                \t\t\t<string>in-memory graph</string>
                \t\t\t<key>shape</key>
                \t\t\t<string>flat</string>
                \t\t</dict>
                \t\t<key>@graph</key>
                \t\t<array>
                \(object("Photo/2", "Photo", ("caption", "Beach"), ("tags", "Tag/1"), null: ["album", "details"]))
                \(object("Tag/1", "Tag", ("name", "sea"), ("photos", "Photo/2")))
                \t\t</array>
                \t</dict>
                </plist>

                """)
    }

    func testScrapbookReadsBackExactly() throws {
        try PythonPlistlib.require()
        try Fixtures.assertRoundTrip([try SampleGraphs.scrapbook(), try SampleGraphs.albumGraph()])
        let export = try Fixtures.export(try SampleGraphs.scrapbook())
        XCTAssertEqual(export.warnings, [])
        XCTAssertTrue(export.text.contains("<key>createdAt</key><date>2011-01-01T00:00:00Z</date>"))
        XCTAssertTrue(export.text.contains("<key>takenAt</key><string>2011-05-05T00:00:00.25Z</string>"))
        XCTAssertTrue(export.text.contains("<key>printPrice</key><string>12.50</string>"))
        XCTAssertTrue(export.text.contains("<key>thumbnail</key><data>iVBORwD/</data>"))
        XCTAssertTrue(
            export.text.contains("<key>title</key><string>Trip &lt;2011&gt; &amp; &quot;friends&quot;</string>"))
    }

    func testHeaderFieldsReadBack() throws {
        try PythonPlistlib.require()
        let header = WriterHeader(
            source: "Photos <1>.sqlite", frameworkVersion: "1241", modelVersion: "Photos\u{1}2",
            on: try SampleGraphs.itemModel())
        let export = try Fixtures.export(header.graph)
        let loaded = try PythonPlistlib.load(export.bytes)
        let source = try XCTUnwrap(loaded.members?.first?.value.members)
        XCTAssertEqual(source.map(\.key), header.fields(in: .tree).map(\.key) + ["@utf8Data"])
        let decoded = try PlistGraphReader(model: try SampleGraphs.itemModel()).read(loaded)
        XCTAssertEqual(decoded.fields, header.values(in: .tree))
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "the header's modelVersion holds U+0001, which XML 1.0 cannot hold: written as <data> of its UTF-8 "
                    + "bytes and listed in @source's @utf8Data"
            ])
    }

    /// Random models and graphs (every attribute type, every kind of relationship, ownership
    /// cycles, values with their edge cases, text with NUL and other characters XML cannot hold)
    /// in both shapes: libxml2 finds the output well-formed, and `plistlib` reads it back into
    /// exactly the events the traversal produced.
    func testRandomGraphsReadBackExactly() throws {
        try PythonPlistlib.require()
        var graphs: [any GraphSource] = []
        for seed in UInt64(1)...40 {
            var generator = RandomGraphGenerator(seed: seed)
            graphs.append(try generator.makeGraph())
        }
        try Fixtures.assertRoundTrip(graphs, pretty: [false])
    }
}
