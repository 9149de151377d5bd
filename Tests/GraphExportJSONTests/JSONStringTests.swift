import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONStringTests: XCTestCase {
    private let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))

    func testEveryControlCharacterHasItsEscape() throws {
        let raw = Fixtures.rawValues(in: try Fixtures.exportItems([.string(controls)]))
        XCTAssertEqual(
            raw,
            [
                #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
                    + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
            ])
    }

    func testQuoteBackslashDeleteAndLineSeparatorsAreEscaped() throws {
        let raw = Fixtures.rawValues(in: try Fixtures.exportItems([.string("\"\\/\u{7F}\u{2028}\u{2029}")]))
        XCTAssertEqual(raw, [#""\"\\/\u007f\u2028\u2029""#])
    }

    func testOtherCharactersPassThroughUnescaped() throws {
        // U+2026 and U+20AC share U+2028's lead byte 0xE2 but need no escape.
        let text = "plain ASCII, … € ü 日本語 😀 👩‍👩‍👧 \u{2027}\u{202A}"
        let export = try Fixtures.exportItems([.string(text)])
        XCTAssertEqual(Fixtures.rawValues(in: export), ["\"\(text)\""])
    }

    func testEveryEscapeRoundTrips() throws {
        let texts = [
            controls,
            "\"quoted\" and \\backslashed\\",
            "\u{2028}line\u{2029}paragraph\u{7F}",
            "😀 emoji, 日本語 CJK, ü, é\u{301}",
            "\u{0}leading and trailing\u{1F}",
            "",
            String(repeating: "run without escapes ", count: 500) + "\n" + String(repeating: "x", count: 70_000),
            controls + "mixed" + controls + "\"\\" + "\u{2028}" + "日本" + "\u{1}",
        ]
        let graph = try Fixtures.exportItems(texts.map { .string($0) }).graph()
        XCTAssertEqual(graph.map { $0["value"] as? String }, texts)
    }

    func testEveryEscapeIsFoundAtEveryOffset() throws {
        // The escaper skips ordinary text 8 bytes at a time: each byte it must escape is placed
        // at every offset of a 24-byte string, so that it falls in every lane of a word and in the
        // tail that is scanned byte by byte.
        let specials = ["\u{0}", "\u{1F}", "\"", "\\", "\u{7F}", "\u{2028}", "\u{2029}", "\n"]
        var texts: [String] = []
        for special in specials {
            for offset in 0..<24 {
                texts.append(
                    String(repeating: "a", count: offset) + special + String(repeating: "b", count: 23 - offset))
            }
        }
        let export = try Fixtures.exportItems(texts.map { .string($0) })
        XCTAssertEqual(try export.graph().map { $0["value"] as? String }, texts)
        for (text, raw) in zip(texts, Fixtures.rawValues(in: export)) {
            XCTAssertEqual(raw.utf8.filter { $0 < 0x20 || $0 == 0x7F }, [], text.debugDescription)
            XCTAssertFalse(raw.contains("\u{2028}") || raw.contains("\u{2029}"), text.debugDescription)
        }
    }

    func testNamesAndIdentifiersAreEscapedToo() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Odd\"Entity", attributes: [AttributeInfo(name: "a\"b\\c\n", type: .string)])
        ])
        let graph = SampleGraphs.graph(model)
        try graph.add("Odd\"Entity", ["a\"b\\c\n": .string("v")])
        let object = try Fixtures.export(graph).graph()[0]
        XCTAssertEqual(object["@type"] as? String, "Odd\"Entity")
        XCTAssertEqual(object["@id"] as? String, "Odd\"Entity/1")
        XCTAssertEqual(object["a\"b\\c\n"] as? String, "v")
    }

    func testStringsMayBeLongerThanTheOutputBuffer() throws {
        let long = String(repeating: "ab\u{1}日", count: 100_000)
        let graph = try Fixtures.exportItems([.string(long)]).graph()
        XCTAssertEqual(graph[0]["value"] as? String, long)
    }
}
