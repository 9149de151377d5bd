import CYAML
import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLStringTests: XCTestCase {
    private let coreSchema = YAMLCoreSchema()
    private let yaml11 = YAML11Types()

    /// Strings that YAML 1.1 or 1.2 readers would type as something else if written plain.
    static let lookAlikes = [
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
        "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~", "",
        "0", "-0", "+1", "42", "017", "0o17", "0x1F", "0x_1F", "-0x1F", "0b1010", "+0b1_0", "1_000", "1,000",
        "1e3", "1E3", "-1e+3", "1.0e-05", "1e-05", "1.", ".5", "-.5", "1.5", "1.2.3", ".", "1_0.5", "._5",
        ".inf", ".Inf", ".INF", "+.inf", "-.inf", ".nan", ".NaN", ".NAN",
        "12:30", "1:20:30", "-1:20", "190:20:30.15", "12:30.5",
        "2017-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-12-15 2:59:43.10",
        "2002-12-14", "2001-12-14T21:59:43Z", "2001-1-1 1:02:03",
        "<<", "=",
    ]

    /// Strings plain style cannot hold as they are.
    static let syntaxLookAlikes = [
        "@id", "-", "- item", "--- doc", "...", "? key", ": value", "key: value", "key:", "a #comment",
        "# comment", "*alias", "&anchor", "!tag", "!!str", "|", ">", "'single'", "\"double\"", "%YAML",
        "`tick`", "[1, 2]", "{a: b}", " leading", "trailing ", "\ttab", "tab\t", "a\tb", ",", "{", "]",
    ]

    func testLookAlikesAreDoubleQuotedAndReadBackAsStrings() throws {
        let texts = Self.lookAlikes + Self.syntaxLookAlikes
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
            let (_, scalars) = try Fixtures.exportStrings(texts, options: options)
            for (text, scalar) in zip(texts, scalars) {
                XCTAssertEqual(scalar.style, YAML_DOUBLE_QUOTED_SCALAR_STYLE, text)
            }
            try Fixtures.assertSameDataAsJSON(try SampleGraphs.items(texts.map { .string($0) }), options: options)
        }
    }

    func testIndicatorsAfterAnyNumberOfOrdinaryCharactersAreCaught() throws {
        // The plain-style check skips ordinary text 8 bytes at a time: ": ", " #" and the flow
        // indicators must be caught at every offset, across the 8-byte boundaries too.
        let texts = (0...17).flatMap { count -> [String] in
            let padding = String(repeating: "x", count: count)
            return [
                padding + ": a value long enough", padding + ":", padding + " #a comment long enough",
                padding + ":\ta value long enough",
                padding + "a," + padding, padding + "[" + padding, padding + "}", padding + "\u{7F}" + padding,
                padding + "\u{1}" + padding,
            ]
        }
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
            let (_, scalars) = try Fixtures.exportStrings(texts, options: options)
            for (text, scalar) in zip(texts, scalars)
            where !text.contains(",") && !text.contains("[")
                && !text.hasSuffix("}") || options.maxBlockDepth == 0
            {
                XCTAssertEqual(scalar.style, YAML_DOUBLE_QUOTED_SCALAR_STYLE, "\(text.debugDescription) \(options)")
            }
        }
    }

    func testPlainStringsAreStringsToYAML11And12Readers() throws {
        // Short strings over the characters implicit types are made of, and some words.
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789.-+_:eExXoObBnNyYtTfFaAlLsSuU~<=, ".unicodeScalars)
        var texts = ["yesterday", "nothing", "online", "offset", "nan", "inf", "NaN", "Infinity", "0x", "0b2", "1e"]
        for _ in 0..<2000 {
            let length = Int.random(in: 1...7, using: &random)
            texts.append(
                String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random)! })))
        }
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
            let (_, scalars) = try Fixtures.exportStrings(texts, options: options)
            var plain = 0
            for scalar in scalars where scalar.style == YAML_PLAIN_SCALAR_STYLE {
                plain += 1
                XCTAssertFalse(coreSchema.isNonString(scalar.value), scalar.value)
                XCTAssertFalse(yaml11.isNonString(scalar.value), scalar.value)
            }
            XCTAssertGreaterThan(plain, 300)
            XCTAssertFalse(scalars.contains { $0.style == YAML_SINGLE_QUOTED_SCALAR_STYLE })
        }
    }

    func testOrdinaryStringsArePlain() throws {
        let texts = [
            "text", "Trip to the sea", "a:b", "x#y", "a-b", "-5x", "1st", "2nd place", "1.0.x", "x-coredata://AB/E/p1",
            "https://example.com/a?b=c&d=e#f", "é", "日本語テキスト", "عربي", "a, b [c] {d}", "what?", "100%", "C++",
            "yes!", "nul", "nulls", "0xg", "12:60", "2017-01-011", "/path/to/file", "(x)", "$var", "a'b\"c",
        ]
        let (_, scalars) = try Fixtures.exportStrings(texts)
        for (text, scalar) in zip(texts, scalars) {
            XCTAssertEqual(scalar.style, YAML_PLAIN_SCALAR_STYLE, text)
        }
    }

    func testEveryControlCharacterIsEscaped() throws {
        let controls = (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + (0x7F...0x9F).map { Unicode.Scalar(UInt8($0)) }
        let special: [Unicode.Scalar] = ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}"]
        let texts =
            (controls + special).map { String($0) } + (controls + special).map { "a\($0)b" }
            + [String(String.UnicodeScalarView(controls + special)), "\u{0}leading and trailing\u{1F}"]
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
            let (export, scalars) = try Fixtures.exportStrings(texts, options: options)
            for (text, scalar) in zip(texts, scalars) where text != "\n" && text != "a\nb" {
                XCTAssertEqual(scalar.style, YAML_DOUBLE_QUOTED_SCALAR_STYLE, text.debugDescription)
            }
            // Nothing but line breaks and printable characters reaches the output.
            let outside = Array(export.text.unicodeScalars).filter {
                $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || special.contains($0))
            }
            XCTAssertEqual(outside.map(\.value), [])
            try Fixtures.assertSameDataAsJSON(try SampleGraphs.items(texts.map { .string($0) }), options: options)
        }
        let raw = try Fixtures.exportItems([.string(String(String.UnicodeScalarView(controls.prefix(0x20))))]).text
        XCTAssertTrue(
            raw.contains(
                #"value: "\0\x01\x02\x03\x04\x05\x06\a\b\t\n\v\f\r\x0E\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\e\x1C\x1D\x1E\x1F""#
            ), raw)
    }

    func testMultiLineStringsAreLiteralBlocksWhereTheyReadBackExactly() throws {
        let literal = [
            "a\nb", "a\nb\n", "a\nb\n\n", "\n", "\n\n", " a\nb", "a\n b", "\na", "a\n\n\nb", "-\n-", "---\nx",
            "...\nx", "a\n...\nb", "#x\ny", "key: value\n- item\n", "  indented\n    more\n", "日本\nテキスト",
            "\"quoted\"\n'single'", "yes\nno", "a\\b\nc",
        ]
        let escaped = [
            "a \nb", "a\nb ", "a\tb\nc", "a\r\nb", "a\rb", "a\u{2028}b\nc", "a\u{2029}b\nc", "a\u{85}b\nc", "😀\nx",
            "\u{FEFF}a\nb", "a\u{0}\nb",
        ]
        let texts = literal + escaped
        let (export, scalars) = try Fixtures.exportStrings(texts)
        for (text, scalar) in zip(texts, scalars) {
            let expected = literal.contains(text) ? YAML_LITERAL_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE
            XCTAssertEqual(scalar.style, expected, text.debugDescription)
        }
        XCTAssertTrue(export.text.contains("  value: |-\n    a\n    b\n  other: null\n"))
        XCTAssertTrue(export.text.contains("  value: |2-\n     a\n    b\n"))
        XCTAssertTrue(export.text.contains("  value: |+\n    a\n    b\n\n  other: null\n"))

        let noBlocks = try Fixtures.exportItems(texts.map { .string($0) }, options: YAMLOptions(literalBlocks: false))
        let quoted = try Fixtures.valueScalars(in: noBlocks)
        XCTAssertEqual(quoted.map(\.node), texts.map { .string($0) })
        XCTAssertTrue(quoted.allSatisfy { $0.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE })
    }

    func testUnicodeText() throws {
        let texts = [
            "é", "e\u{301}", "日本語テキスト", "👩‍👩‍👧‍👦", "🇫🇷", "עברית", "\u{202E}reversed", "\u{A0}nbsp\u{A0}", "\u{FFFD}",
            "\u{E000}", "\u{10FFFF}", "x😀", "ß",
        ]
        let (export, scalars) = try Fixtures.exportStrings(texts)
        XCTAssertTrue(export.text.contains("  value: 日本語テキスト\n"))
        XCTAssertTrue(export.text.contains(#"  value: "x\U0001F600""#))
        XCTAssertEqual(scalars[0].style, YAML_PLAIN_SCALAR_STYLE)
        XCTAssertEqual(scalars[1].style, YAML_PLAIN_SCALAR_STYLE)
        try Fixtures.assertSameDataAsJSON(try SampleGraphs.items(texts.map { .string($0) }))
    }

    func testMegabyteStringsStayOnOneLine() throws {
        let plain = String(repeating: "word ", count: 200_000) + "end"
        let lines = String(repeating: "a line of text\n", count: 70_000)
        let escaped = String(repeating: "ab\u{1}日 ", count: 150_000)
        let texts = [plain, lines, escaped]
        let (export, scalars) = try Fixtures.exportStrings(texts)
        XCTAssertEqual(
            scalars.map(\.style), [YAML_PLAIN_SCALAR_STYLE, YAML_LITERAL_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE])
        let outputLines = export.text.split(separator: "\n")
        XCTAssertTrue(outputLines.contains { $0 == "  value: " + plain })
        XCTAssertEqual(outputLines.count, 5 + 3 * 4 + 70_000)
    }

    func testNamesAndIdentifiersAreQuotedWhereNeeded() throws {
        let names = ["Odd\"Entity", "yes", "123", "a: b", "@other", "line\nbreak", String(repeating: "k", count: 200)]
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Odd\"Entity", attributes: names.map { AttributeInfo(name: $0, type: .string) },
                relationships: [RelationshipInfo(name: "null", destination: "true", isToMany: false)]),
            EntityInfo(name: "true"),
        ])
        let graph = SampleGraphs.graph(model)
        let object = try graph.add("Odd\"Entity", Dictionary(uniqueKeysWithValues: names.map { ($0, .string($0)) }))
        try graph.link(object, "null", to: try graph.add("true"))
        for shape in ExportShape.allCases {
            for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
                let written = try Fixtures.export(graph, shape: shape, options: options).graph()
                XCTAssertEqual(written[0]["@type"], .string("Odd\"Entity"))
                XCTAssertEqual(written[0]["@id"], .string("Odd\"Entity/1"))
                for name in names {
                    XCTAssertEqual(written[0][MarkerEscape.key(for: name)], .string(name))
                }
                XCTAssertEqual(written[0]["null"]?["@id"], .string("true/2"))
                try Fixtures.assertSameDataAsJSON(graph, shape: shape, options: options)
            }
        }
    }
}
