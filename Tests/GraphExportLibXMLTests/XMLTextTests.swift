import GraphExport
import GraphExportLibXML
import XCTest

/// ``XMLText`` and ``GraphExport/Value/xmlText``: the text the XML and GraphML formats write for a
/// value, and the base64 fallback all three libxml2 formats use for text XML 1.0 cannot hold.
final class XMLTextTests: XCTestCase {
    func testTextXMLCanHoldIsKeptAsItIs() {
        for text in ["", "plain", "<&>\"'", "tab\tline\nreturn\r", "é😀\u{FFFD}\u{10FFFF}"] {
            let checked = XMLText(text)
            XCTAssertEqual(checked.text, text)
            XCTAssertNil(checked.base64Because)
        }
    }

    func testTextXMLCannotHoldIsTheBase64OfItsUTF8Bytes() {
        let checked = XMLText("a\u{0}é\u{FFFF}")
        XCTAssertEqual(checked.text, Base64.encode(Array("a\u{0}é\u{FFFF}".utf8)))
        XCTAssertEqual(checked.base64Because, "\u{0}", "the first character XML cannot hold")
        XCTAssertEqual(XMLText("\u{1B}[0m").text, "G1swbQ==")
    }

    func testEachKindOfValueHasItsText() throws {
        let uuid = try XCTUnwrap(UUIDValue(bytes: Array(0..<16)))
        let cases: [(Value, String)] = [
            (.integer(-9_223_372_036_854_775_808), "-9223372036854775808"),
            (.double(0.1), "0.1"), (.double(1e-05), "1e-05"), (.double(-0.0), "-0.0"), (.double(5e+20), "5e+20"),
            (.double(.nan), "NaN"), (.double(.infinity), "INF"), (.double(-.infinity), "-INF"),
            (.decimal("12.50"), "12.50"), (.string("a\u{1}b"), "a\u{1}b"),
            (.uri("https://example.com/?a&b"), "https://example.com/?a&b"),
            (.boolean(true), "true"), (.boolean(false), "false"),
            (.date(Timestamp(secondsSinceReferenceDate: 0.25)), "2001-01-01T00:00:00.25Z"),
            (.binary([0xFF, 0x00, 0x10]), "/wAQ"), (.binary([]), ""),
            (.uuid(uuid), "00010203-0405-0607-0809-0a0b0c0d0e0f"),
        ]
        // A date with no ISO 8601 form is its seconds, and says so.
        let noISO8601 = [(Double.infinity, "INF"), (-.infinity, "-INF"), (.nan, "NaN"), (1e16, "1e+16")].map {
            (Value.date(Timestamp(secondsSinceReferenceDate: $0)), $1)
        }
        for (index, (value, text)) in (cases + noISO8601).enumerated() {
            let rendered = try XCTUnwrap(value.xmlText, "\(value)")
            XCTAssertEqual(rendered.text, text, "\(value)")
            XCTAssertEqual(rendered.isDateWithoutISO8601, index >= cases.count, "\(value)")
        }
        XCTAssertNil(Value.null.xmlText)
    }
}
