import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONStringTests: XCTestCase {
    private let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))

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
        for (text, raw) in zip(texts, export.rawJSONValues) {
            XCTAssertEqual(raw.utf8.filter { $0 < 0x20 || $0 == 0x7F }, [], text.debugDescription)
            XCTAssertFalse(raw.contains("\u{2028}") || raw.contains("\u{2029}"), text.debugDescription)
        }
    }

    func testLongTextsAreEscapedAlikeWherePiecesAreCut() throws {
        // A long text is escaped in pieces of 4096 bytes cut between characters: a three-byte
        // character, escaped (U+2028) or not (日), falls across each place a piece could end.
        let offsets = Array(4088..<4100)
        let texts = offsets.map { offset in
            String(repeating: "a", count: offset) + "\u{2028}日\"" + String(repeating: "b", count: 9000)
        }
        let expected = offsets.map { offset in
            "\"" + String(repeating: "a", count: offset) + #"\u2028日\""# + String(repeating: "b", count: 9000) + "\""
        }
        XCTAssertEqual(try Fixtures.exportItems(texts.map { .string($0) }).rawJSONValues, expected)
    }

    func testStringsMayBeLongerThanTheOutputBuffer() throws {
        let long = String(repeating: "ab\u{1}日", count: 100_000)
        let graph = try Fixtures.exportItems([.string(long)]).graph()
        XCTAssertEqual(graph[0]["value"] as? String, long)
    }
}
