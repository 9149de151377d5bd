import Foundation
import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

/// Doubles and strings on one line each, checked on the raw text of each line; the text of every
/// other value, the JSON writer's too, is the writer contract's `JSONValueTextTests`.
final class JSONLinesValueTests: XCTestCase {
    private let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))

    func testFiniteDoublesAreTheShortestTextThatReadsBack() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<500).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        let values: [Double] =
            [
                0, -0.0, 0.1, 1e-05, 5, 5e20, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi,
                123_456_789.123_456_78,
            ] + random
        let export = try Fixtures.exportItems(values.map { .double($0) })
        let raw = export.rawJSONValues
        XCTAssertEqual(raw[0..<6], ["0.0", "-0.0", "0.1", "1e-05", "5.0", "5e+20"])
        for (value, text) in zip(values, raw) {
            guard case .number(let number) = try StrictJSON.parse(Array(text.utf8)) else {
                XCTFail("\(text) is not a JSON number")
                continue
            }
            XCTAssertEqual(Double(number)?.bitPattern, value.bitPattern, text)
        }
        XCTAssertEqual(export.warnings, [])
    }

    func testEveryStringRoundTripsOnOneLine() throws {
        let texts = [
            controls, "\"quoted\" and \\backslashed\\", "\u{2028}line\u{2029}paragraph\u{7F}\u{85}",
            "😀 emoji, 日本語 CJK, ü, é\u{301}, … € \u{2027}\u{202A}", "\u{0}leading and trailing\u{1F}", "",
            "cr\r\nlf", String(repeating: "ab\u{1}日", count: 5_000),
        ]
        let export = try Fixtures.exportItems(texts.map { .string($0) })
        XCTAssertEqual(export.lines().count, 1 + texts.count)
        let objects = try export.nodes().dropFirst().map { try XCTUnwrap($0.members) }
        for (members, text) in zip(objects, texts) {
            guard case .string(let value) = members[2].value else { return XCTFail("\(members[2])") }
            XCTAssertTrue(value.utf8.elementsEqual(text.utf8), text.debugDescription)
        }
        XCTAssertEqual(try export.objects().map { $0["value"] as? String }, texts)
    }

}
