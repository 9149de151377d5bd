import Foundation
import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

/// Values are written exactly as the JSON format writes them: these are the JSON format's own
/// expectations, checked on the raw text of each line.
final class JSONLinesValueTests: XCTestCase {
    private let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))

    func testIntegersAreExactDigits() throws {
        let values: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        let export = try Fixtures.exportItems(values.map { .integer($0) })
        XCTAssertEqual(Fixtures.rawValues(in: export), values.map { String($0) })
    }

    func testFiniteDoublesAreTheShortestTextThatReadsBack() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<500).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        let values: [Double] =
            [
                0, -0.0, 0.1, 1e-05, 5, 5e20, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi,
                123_456_789.123_456_78,
            ] + random
        let export = try Fixtures.exportItems(values.map { .double($0) })
        let raw = Fixtures.rawValues(in: export)
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

    func testNonFiniteDoublesAreStringsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan), "other": .double(-.infinity)])
        try graph.add("Item", ["value": .double(.infinity), "other": .double(1)])
        try graph.add("Item", ["value": .double(-.nan)])
        let export = try Fixtures.export(graph)
        let objects = try export.objects()
        XCTAssertEqual(objects.map { $0["value"] as? String }, ["NaN", "Infinity", "NaN"])
        XCTAssertEqual(objects[0]["other"] as? String, "-Infinity")
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                #"Item.value: NaN/Infinity written as the strings "NaN"/"Infinity"/"-Infinity" (JSON has no such numbers)"#,
                #"Item.other: NaN/Infinity written as the strings "NaN"/"Infinity"/"-Infinity" (JSON has no such numbers)"#,
            ])
    }

    func testDecimalsAreExactStrings() throws {
        let texts = ["-12.50", "3", "0.000001", "123456789012345678901234567890.123456789"]
        let export = try Fixtures.exportItems(texts.map { .decimal($0) })
        XCTAssertEqual(Fixtures.rawValues(in: export), texts.map { "\"\($0)\"" })
    }

    func testDatesAreISO8601TextOrSecondsWithAWarning() throws {
        let seconds: [Double] = [0, 526_789_438.203_19, -978_307_200, -1.5, 1e14, 1e16, .nan, -.infinity]
        let export = try Fixtures.exportItems(seconds.map { .date(Timestamp(secondsSinceReferenceDate: $0)) })
        XCTAssertEqual(
            Fixtures.rawValues(in: export),
            [
                #""2001-01-01T00:00:00Z""#, #""2017-09-11T02:23:58.20319Z""#, #""1970-01-01T00:00:00Z""#,
                #""2000-12-31T23:59:58.5Z""#, #""+3170874-11-07T09:46:40Z""#, "1e+16", #""NaN""#, #""-Infinity""#,
            ])
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].message.hasPrefix("Item.value: dates with no ISO 8601 form"))
    }

    func testBinaryIsBase64() throws {
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255)]
        let export = try Fixtures.exportItems(blobs.map { .binary($0) })
        XCTAssertEqual(
            Fixtures.rawValues(in: export)[0..<5], [#""""#, #""AA==""#, #""AAE=""#, #""AAEC""#, #""AAEC//4=""#])
        let decoded = try export.objects().map { object in
            try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(object["value"] as? String))).map { $0 }
        }
        XCTAssertEqual(decoded, blobs)
    }

    func testUUIDsBooleansNullAndURIs() throws {
        let uuid = UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let export = try Fixtures.exportItems([
            .uuid(try XCTUnwrap(UUIDValue(bytes: bytes))), .null, .boolean(true), .boolean(false),
            .uri("https://example.com/a?b=\"c\"&d=\u{2028}"),
        ])
        XCTAssertEqual(
            Fixtures.rawValues(in: export),
            [
                "\"\(uuid.uuidString.lowercased())\"", "null", "true", "false",
                #""https://example.com/a?b=\"c\"&d=\u2028""#,
            ])
        XCTAssertEqual(export.warnings, [])
    }

    func testEveryControlCharacterHasItsEscape() throws {
        let export = try Fixtures.exportItems([.string(controls)])
        XCTAssertEqual(
            Fixtures.rawValues(in: export),
            [
                #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
                    + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
            ])
    }

    func testQuoteBackslashDeleteAndLineSeparatorsAreEscaped() throws {
        let export = try Fixtures.exportItems([.string("\"\\/\u{7F}\u{2028}\u{2029}")])
        XCTAssertEqual(Fixtures.rawValues(in: export), [#""\"\\/\u007f\u2028\u2029""#])
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

    func testNamesAndIdentifiersAreEscapedToo() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Odd\"Entity", attributes: [AttributeInfo(name: "a\"b\\c\n", type: .string)])
        ])
        let graph = SampleGraphs.graph(model)
        try graph.add("Odd\"Entity", ["a\"b\\c\n": .string("v")])
        let export = try Fixtures.export(graph)
        XCTAssertEqual(export.lines().count, 2)
        let object = try export.objects()[0]
        XCTAssertEqual(object["@type"] as? String, "Odd\"Entity")
        XCTAssertEqual(object["@id"] as? String, "Odd\"Entity/1")
        XCTAssertEqual(object["a\"b\\c\n"] as? String, "v")
    }
}
