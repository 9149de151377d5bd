import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONValueTests: XCTestCase {
    func testIntegersAreExactDigits() throws {
        let values: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        let export = try Fixtures.exportItems(values.map { .integer($0) })
        XCTAssertEqual(Fixtures.rawValues(in: export), values.map { String($0) })
    }

    func testFiniteDoublesRoundTripBitForBit() throws {
        let values: [Double] = [
            0, -0.0, 0.1, 1e-05, 5, -5, 1e-300, 1e300, 5e20, 1e16, 123_456_789.123_456_78,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .pi, .ulpOfOne,
        ]
        let export = try Fixtures.exportItems(values.map { .double($0) })
        let raw = Fixtures.rawValues(in: export)
        XCTAssertEqual(raw[0..<5], ["0.0", "-0.0", "0.1", "1e-05", "5.0"])
        for (value, text) in zip(values, raw) {
            XCTAssertTrue(Fixtures.isJSONNumber(text), "\(text) is not a JSON number")
            XCTAssertEqual(Double(text)?.bitPattern, value.bitPattern, text)
        }
        // Foundation's reader on Linux rounds some texts wrongly (123456789.12345678 comes back one
        // ulp off), so bit-exactness is checked on the raw text above; here only that it reads.
        let parsed = try export.graph().map { ($0["value"] as? NSNumber)?.doubleValue }
        XCTAssertEqual(parsed.count, values.count)
        XCTAssertEqual(parsed[1]?.sign, .minus)
        XCTAssertEqual(parsed[13], .leastNormalMagnitude)
        XCTAssertEqual(export.warnings, [])
    }

    func testRandomDoublesAreValidJSONNumbers() throws {
        var generator = SystemRandomNumberGenerator()
        let values = (0..<2000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        let raw = Fixtures.rawValues(in: try Fixtures.exportItems(values.map { .double($0) }))
        XCTAssertEqual(raw.count, values.count)
        for (value, text) in zip(values, raw) {
            XCTAssertTrue(Fixtures.isJSONNumber(text), "\(text) is not a JSON number")
            XCTAssertEqual(Double(text)?.bitPattern, value.bitPattern, text)
        }
    }

    func testNonFiniteDoublesAreStringsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .double(.nan), "other": .double(-.infinity)])
        try graph.add("Item", ["value": .double(.infinity), "other": .double(1)])
        try graph.add("Item", ["value": .double(-.infinity)])
        let export = try Fixtures.export(graph)
        let objects = try export.graph()
        XCTAssertEqual(objects.map { $0["value"] as? String }, ["NaN", "Infinity", "-Infinity"])
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
        let objects = try Fixtures.exportItems(texts.map { .decimal($0) }).graph()
        XCTAssertEqual(objects.map { $0["value"] as? String }, texts)
    }

    func testDatesAreISO8601Text() throws {
        let seconds: [Double] = [0, 526_789_438.203_19, -978_307_200, -1.5, 1e14]
        let objects = try Fixtures.exportItems(seconds.map { .date(Timestamp(secondsSinceReferenceDate: $0)) }).graph()
        let texts = objects.map { $0["value"] as? String }
        XCTAssertEqual(
            texts[0..<4],
            ["2001-01-01T00:00:00Z", "2017-09-11T02:23:58.20319Z", "1970-01-01T00:00:00Z", "2000-12-31T23:59:58.5Z"])
        for (value, text) in zip(seconds, texts) {
            XCTAssertEqual(Timestamp(iso8601: text ?? "")?.secondsSinceReferenceDate.bitPattern, value.bitPattern)
        }
    }

    func testDatesWithoutISO8601FormAreSecondsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: 1e16))])
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: .nan))])
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: -.infinity))])
        let export = try Fixtures.export(graph)
        XCTAssertEqual(Fixtures.rawValues(in: export), ["1e+16", #""NaN""#, #""-Infinity""#])
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].message.hasPrefix("Item.value: dates with no ISO 8601 form"))
        XCTAssertEqual(try export.graph()[0]["value"] as? Double, 1e16)
    }

    func testBinaryIsBase64() throws {
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255)]
        let export = try Fixtures.exportItems(blobs.map { .binary($0) })
        XCTAssertEqual(
            Fixtures.rawValues(in: export)[0..<5], [#""""#, #""AA==""#, #""AAE=""#, #""AAEC""#, #""AAEC//4=""#])
        let decoded = try export.graph().map { object in
            try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(object["value"] as? String))).map { $0 }
        }
        XCTAssertEqual(decoded, blobs)
    }

    func testUUIDsAreCanonicalLowercaseText() throws {
        let uuid = UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let objects = try Fixtures.exportItems([.uuid(try XCTUnwrap(UUIDValue(bytes: bytes)))]).graph()
        XCTAssertEqual(objects[0]["value"] as? String, uuid.uuidString.lowercased())
    }

    func testOtherValues() throws {
        let export = try Fixtures.exportItems([
            .null, .boolean(true), .boolean(false), .uri("https://example.com/a?b=\"c\"&d=\u{2028}"),
            .string("text"),
        ])
        XCTAssertEqual(Fixtures.rawValues(in: export)[0..<3], ["null", "true", "false"])
        let objects = try export.graph()
        XCTAssertTrue(objects[0]["value"] is NSNull)
        XCTAssertTrue(objects[0]["other"] is NSNull)
        XCTAssertEqual(objects[1]["value"] as? Bool, true)
        XCTAssertEqual(objects[2]["value"] as? Bool, false)
        XCTAssertEqual(objects[3]["value"] as? String, "https://example.com/a?b=\"c\"&d=\u{2028}")
        XCTAssertEqual(objects[4]["value"] as? String, "text")
        XCTAssertEqual(export.warnings, [])
    }
}
