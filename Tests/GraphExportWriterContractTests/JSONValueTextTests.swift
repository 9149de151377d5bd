import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// The JSON writer and the JSON Lines writer write each value as the same text: the table of
/// values and the raw text of each, checked on both.
final class JSONValueTextTests: XCTestCase {
    /// The two writers of JSON text.
    private let writers = everyWriter.filter { ["JSON", "JSON Lines"].contains($0.name) }

    private static let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))

    func testEachValueIsItsText() throws {
        let uuid = UUID()
        let uuidBytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let decimals = ["-12.50", "3", "0.000001", "123456789012345678901234567890.123456789"]
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255)]
        let unescaped = "plain ASCII, … € ü 日本語 😀 👩‍👩‍👧 \u{2027}\u{202A}"
        let datesWarning = "Item.value: dates with no ISO 8601 form"
        let rows: [(what: String, values: [Value], texts: [String], warning: String?)] = [
            (
                "integers, exact digits", [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min].map { .integer($0) },
                ["0", "1", "-1", "42", "9007199254740993", "9223372036854775807", "-9223372036854775808"], nil
            ),
            ("decimals, exact strings", decimals.map { .decimal($0) }, decimals.map { "\"\($0)\"" }, nil),
            (
                "dates, ISO 8601 text or seconds with one warning",
                [0, 526_789_438.203_19, -978_307_200, -1.5, 1e14, 1e16, .nan, -.infinity].map {
                    .date(Timestamp(secondsSinceReferenceDate: $0))
                },
                [
                    #""2001-01-01T00:00:00Z""#, #""2017-09-11T02:23:58.20319Z""#, #""1970-01-01T00:00:00Z""#,
                    #""2000-12-31T23:59:58.5Z""#, #""+3170874-11-07T09:46:40Z""#, "1e+16", #""NaN""#, #""-Infinity""#,
                ], datesWarning
            ),
            ("binary, base64", blobs.map { .binary($0) }, blobs.map { "\"\(Data($0).base64EncodedString())\"" }, nil),
            (
                "UUIDs, null, booleans, URIs and strings",
                [
                    .uuid(try XCTUnwrap(UUIDValue(bytes: uuidBytes))), .null, .boolean(true), .boolean(false),
                    .uri("https://example.com/a?b=\"c\"&d=\u{2028}"), .string("text"),
                ],
                [
                    "\"\(uuid.uuidString.lowercased())\"", "null", "true", "false",
                    #""https://example.com/a?b=\"c\"&d=\u2028""#, #""text""#,
                ], nil
            ),
            (
                "every control character, its escape", [.string(Self.controls)],
                [
                    #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
                        + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d"#
                        + #"\u001e\u001f""#
                ], nil
            ),
            (
                "quote, backslash, delete and line separators, escaped", [.string("\"\\/\u{7F}\u{2028}\u{2029}")],
                [#""\"\\/\u007f\u2028\u2029""#], nil
            ),
            // U+2026 and U+20AC share U+2028's lead byte 0xE2 but need no escape.
            ("other characters, unescaped", [.string(unescaped)], ["\"\(unescaped)\""], nil),
        ]
        XCTAssertEqual(writers.map(\.name), ["JSON", "JSON Lines"])
        for (name, make) in writers {
            for (what, values, texts, warning) in rows {
                let export = try WriterOutput(try SampleGraphs.items(values), writer: make)
                XCTAssertEqual(export.rawJSONValues, texts, "\(name): \(what)")
                XCTAssertEqual(
                    export.text.components(separatedBy: #""other":null"#).count - 1, values.count,
                    "\(name): \(what): an absent attribute is null")
                XCTAssertEqual(export.warnings.count, warning == nil ? 0 : 1, "\(name): \(what): \(export.warnings)")
                if let warning {
                    XCTAssertTrue(export.warnings.first?.message.hasPrefix(warning) ?? false, "\(name): \(what)")
                }
            }
        }
    }

    func testNonFiniteDoublesAreStringsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan), "other": .double(-.infinity)])
        try graph.add("Item", ["value": .double(.infinity), "other": .double(1)])
        try graph.add("Item", ["value": .double(-.infinity)])
        try graph.add("Item", ["value": .double(-.nan)])
        for (name, make) in writers {
            let export = try WriterOutput(graph, writer: make)
            XCTAssertEqual(export.rawJSONValues, [#""NaN""#, #""Infinity""#, #""-Infinity""#, #""NaN""#], name)
            XCTAssertTrue(export.text.contains(#""value":"NaN","other":"-Infinity""#), name)
            XCTAssertEqual(
                export.warnings.map(\.message),
                [
                    #"Item.value: NaN/Infinity written as the strings "NaN"/"Infinity"/"-Infinity" (JSON has no such numbers)"#,
                    #"Item.other: NaN/Infinity written as the strings "NaN"/"Infinity"/"-Infinity" (JSON has no such numbers)"#,
                ], name)
        }
    }

    func testNamesAndIdentifiersAreEscapedToo() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Odd\"Entity", attributes: [AttributeInfo(name: "a\"b\\c\n", type: .string)])
        ])
        let graph = SampleGraphs.graph(model)
        try graph.add("Odd\"Entity", ["a\"b\\c\n": .string("v")])
        for (name, make) in writers {
            let export = try WriterOutput(graph, writer: make)
            XCTAssertTrue(
                export.text.contains(#"{"@id":"Odd\"Entity/1","@type":"Odd\"Entity","a\"b\\c\n":"v"}"#),
                "\(name): \(export.text)")
            XCTAssertEqual(export.text.filter { $0 == "\n" }.count, name == "JSON" ? 1 : 2, name)
        }
    }
}
