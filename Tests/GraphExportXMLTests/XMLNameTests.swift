import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLNameTests: XCTestCase {
    /// Names as a generic SQLite database may have them, and how each is written.
    private let oddNames: [(name: String, written: String)] = [
        ("my column", "my_x0020_column"), ("a:b", "a_x003A_b"), ("1abc", "_x0031_abc"),
        ("_x0041_", "_x005F_x0041_"), ("", "_x_"), ("😀", "😀"), ("-a", "_x002D_a"), ("a-b.c·d", "a-b.c·d"),
        ("é", "é"), ("xmlns", "_x0078_mlns"), ("xmlnsx", "xmlnsx"), ("gx:id", "gx_x003A_id"), ("_", "_"),
        ("_x", "_x005F_x"), ("__x_", "__x005F_x_"), ("x_", "x_"), ("tab\there", "tab_x0009_here"),
        ("nul\u{0}", "nul_x0000_"), ("\u{FFFF}", "_xFFFF_"),
        ("a\u{1F600}", "a\u{1F600}"), ("\u{E0000}x", "\u{E0000}x"), ("\u{F0000}", "_xF0000_"),
        ("a\u{10FFFF}", "a_x10FFFF_"),
        ("caf\u{E9} au lait", "caf\u{E9}_x0020_au_x0020_lait"), ("<tag>", "_x003C_tag_x003E_"),
        ("%", "_x0025_"), ("x\u{300}", "x\u{300}"), ("\u{300}x", "_x0300_x"),
    ]

    private func oddModel(_ names: [String]) throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "my table",
                attributes: names.map { AttributeInfo(name: $0, type: .string) },
                relationships: [
                    RelationshipInfo(
                        name: "child rows", destination: "1 odd:entity", isToMany: true, inverse: "_x parent",
                        deletionRule: .cascade),
                    RelationshipInfo(name: " ", destination: "1 odd:entity", isToMany: false),
                ]),
            EntityInfo(
                name: "1 odd:entity",
                attributes: [AttributeInfo(name: "", type: .string)],
                relationships: [
                    RelationshipInfo(name: "_x parent", destination: "my table", isToMany: false, inverse: "child rows")
                ]),
        ])
    }

    func testOddNamesAreEncodedAsDocumented() throws {
        let names = oddNames.map(\.name)
        let graph = SampleGraphs.graph(try oddModel(names))
        var values: [String: Value] = [:]
        for (index, name) in names.enumerated() { values[name] = index % 3 == 0 ? .null : .string("v\(index)") }
        let row = try graph.add("my table", values)
        let child = try graph.add("1 odd:entity", ["": .string("empty-named")])
        try graph.link(child, "_x parent", to: row)
        try graph.link(row, " ", to: child)

        let export = try Fixtures.export(graph)
        let parsed = try export.parsedXML()
        guard case .start(let element, let attributes) = parsed.items[1] else { return XCTFail("no object") }
        XCTAssertEqual(element.local, "my_x0020_table")
        let written = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name.local, $0.value) })
        var nulls: [String] = []
        for (index, odd) in oddNames.enumerated() {
            if index % 3 == 0 {
                nulls.append(odd.written)
            } else {
                XCTAssertEqual(written[odd.written], "v\(index)", odd.name.debugDescription)
            }
            XCTAssertEqual(
                XMLExportReader.decodeName(odd.written).map { Array($0.unicodeScalars) }, Array(odd.name.unicodeScalars)
            )
        }
        XCTAssertEqual(written["null"], nulls.joined(separator: " "))
        XCTAssertTrue(export.text.contains("<child_x0020_rows><_x0031__x0020_odd_x003A_entity gx:id="))
        XCTAssertTrue(export.text.contains(#" _x_="empty-named"><_x005F_x_x0020_parent>"#))
        XCTAssertTrue(export.text.contains(#"<_x0020_><gx:ref gx:id="1 odd:entity/2"/></_x0020_>"#))
        for style in XMLOptions.Style.allCases {
            for shape in ExportShape.allCases {
                try Fixtures.assertRoundTrip(graph, shape: shape, options: XMLOptions(style: style))
            }
        }
    }

    func testRandomNamesReadBack() throws {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "_", "x", "X", "0", "9", "-", ".", ":", " ", "\t", "\u{0}", "\u{1}", "·", "é", "\u{300}",
            "\u{37E}", "\u{2070}", "\u{3000}", "\u{FFFD}", "\u{FFFE}", "😀", "\u{EFFFF}", "\u{F0000}", "/", "#", "F",
        ]
        var random = SystemRandomNumberGenerator()
        var names: Set<String> = []
        while names.count < 300 {
            let length = Int.random(in: 0...8, using: &random)
            names.insert(
                String(String.UnicodeScalarView((0..<length).map { _ in pool.randomElement(using: &random)! })))
        }
        let ordered = names.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let graph = SampleGraphs.graph(
            try GraphModel(entities: [
                EntityInfo(name: "T", attributes: ordered.map { AttributeInfo(name: $0, type: .integer64) })
            ]))
        var values: [String: Value] = [:]
        for (index, name) in ordered.enumerated() { values[name] = index % 4 == 0 ? .null : .integer(Int64(index)) }
        try graph.add("T", values)
        for style in XMLOptions.Style.allCases {
            try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
        }
    }

    func testModelNamesNeverClashWithTheFormatsMarkers() throws {
        let names = ["id", "ref", "null", "base64", "encoding", "export", "gx", "xmlns", "xml", "type"]
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "ref", attributes: names.map { AttributeInfo(name: $0, type: .string) },
                relationships: [RelationshipInfo(name: "gx:ref", destination: "ref", isToMany: false)])
        ])
        let graph = SampleGraphs.graph(model)
        var values: [String: Value] = [:]
        for name in names { values[name] = .string("user \(name)") }
        values["null"] = .null
        values["base64"] = .string("\u{1}")
        let first = try graph.add("ref", values)
        let second = try graph.add("ref", ["id": .string("not the identifier")])
        try graph.link(first, "gx:ref", to: second)
        for style in XMLOptions.Style.allCases {
            try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
        }
        let parsed = try Fixtures.export(graph).parsedXML()
        let objects = Fixtures.elements("ref", in: parsed)
        XCTAssertEqual(objects.map { $0["gx:id"] }, ["ref/1", "ref/2"])
        XCTAssertEqual(objects.map { $0["id"] }, ["user id", "not the identifier"])
        XCTAssertEqual(objects[0]["gx:null"], "null")
        XCTAssertEqual(objects[0]["null"], nil)
        XCTAssertEqual(objects[0]["gx:base64"], "base64")
        XCTAssertEqual(objects[0]["_x0078_mlns"], "user xmlns", "an attribute named xmlns declares no namespace")
        XCTAssertTrue(
            try Fixtures.export(graph).text.contains(#"<gx_x003A_ref><gx:ref gx:id="ref/2"/></gx_x003A_ref>"#),
            "a relationship named gx:ref is no reference")
    }
}
