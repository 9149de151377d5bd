import Foundation
import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistValueTests: XCTestCase {
    /// Integers as exact digits, decimals as exact strings, booleans as empty elements, binary as
    /// base64 data (the raw text of the first values checked), each read back as it was.
    func testIntegersDecimalsBooleansAndBinaryAreExactAndReadBack() throws {
        let integers: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        let decimals = ["-12.50", "3", "0.000001", "123456789012345678901234567890.123456789"]
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255) + Array(0...255)]
        let rows: [(what: String, values: [Value], type: AttributeType, raw: [String])] = [
            ("integers", integers.map { .integer($0) }, .integer64, integers.map { "<integer>\($0)</integer>" }),
            ("decimals", decimals.map { .decimal($0) }, .decimal, decimals.map { "<string>\($0)</string>" }),
            ("booleans", [.boolean(true), .boolean(false)], .boolean, ["<true/>", "<false/>"]),
            (
                "binary", blobs.map { .binary($0) }, .binary,
                [
                    "<data></data>", "<data>AA==</data>", "<data>AAE=</data>", "<data>AAEC</data>",
                    "<data>AAEC//4=</data>",
                ]
            ),
        ]
        let exports = try rows.map { try Fixtures.exportItems($0.values, type: $0.type) }
        for (row, export) in zip(rows, exports) {
            let raw = Fixtures.rawValues(in: export)
            XCTAssertEqual(raw.count, row.values.count, row.what)
            XCTAssertEqual(Array(raw.prefix(row.raw.count)), row.raw, row.what)
        }
        try PythonPlistlib.require()
        for (row, export) in zip(rows, exports) {
            XCTAssertEqual(try export.itemValues(type: row.type), row.values, row.what)
        }
    }

    func testDoublesAreRealsThatReadBackBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        let special: [Double] = [
            0, -0.0, 0.1, 1e-05, 5, 5e20, .nan, .infinity, -.infinity, -.nan, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, Double(Float(4.5)), 123_456_789.123_456_78,
        ]
        let values = special + (0..<300).map { _ in Double(bitPattern: generator.next()) }
        let export = try Fixtures.exportItems(values.map { .double($0) }, type: .double)
        XCTAssertEqual(
            Fixtures.rawValues(in: export)[0..<12],
            [
                "<real>0.0</real>", "<real>-0.0</real>", "<real>0.1</real>", "<real>1e-05</real>", "<real>5.0</real>",
                "<real>5e+20</real>", "<real>nan</real>", "<real>+infinity</real>", "<real>-infinity</real>",
                "<real>nan</real>", "<real>5e-324</real>", "<real>1.7976931348623157e+308</real>",
            ])
        XCTAssertEqual(export.warnings, [], "a property list holds NaN and the infinities")
        try PythonPlistlib.require()
        for (value, read) in zip(values, try export.itemValues(type: .double)) {
            guard case .double(let double) = read else { return XCTFail("\(read)") }
            XCTAssertTrue(
                value.isNaN ? double.isNaN : value.bitPattern == double.bitPattern, "\(value) read as \(double)")
        }
    }

    /// A `<date>` only for whole seconds in 0001–9999; the full ISO text in a `<string>` for the
    /// rest; seconds in a `<real>`, with one warning, when there is no ISO text.
    func testDatesAreDatesOnlyWhenExact() throws {
        let cases: [(seconds: Double, raw: String)] = [
            (0, "<date>2001-01-01T00:00:00Z</date>"),
            (315_532_800, "<date>2011-01-01T00:00:00Z</date>"),
            (-978_307_200, "<date>1970-01-01T00:00:00Z</date>"),
            (-63_113_904_000, "<date>0001-01-01T00:00:00Z</date>"),
            (252_423_993_599, "<date>9999-12-31T23:59:59Z</date>"),
            (0.5, "<string>2001-01-01T00:00:00.5Z</string>"),
            (-1.5, "<string>2000-12-31T23:59:58.5Z</string>"),
            (326_246_400.203_19, "<string>2011-05-05T00:00:00.20319Z</string>"),
            (-63_113_904_001, "<string>0000-12-31T23:59:59Z</string>"),
            (-63_145_526_401, "<string>-0001-12-31T23:59:59Z</string>"),
            (252_423_993_600, "<string>+10000-01-01T00:00:00Z</string>"),
            (1e16, "<real>1e+16</real>"),
            (.nan, "<real>nan</real>"),
            (-.infinity, "<real>-infinity</real>"),
        ]
        let export = try Fixtures.exportItems(
            cases.map { .date(Timestamp(secondsSinceReferenceDate: $0.seconds)) }, type: .date)
        XCTAssertEqual(Fixtures.rawValues(in: export), cases.map(\.raw))
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Item.value (Item/12): dates with no ISO 8601 form written as <real> seconds since "
                    + "2001-01-01T00:00:00Z"
            ])
        try PythonPlistlib.require()
        for (expected, read) in zip(cases, try export.itemValues(type: .date)) {
            guard case .date(let timestamp) = read else { return XCTFail("\(read)") }
            let seconds = timestamp.secondsSinceReferenceDate
            XCTAssertTrue(
                expected.seconds.isNaN ? seconds.isNaN : seconds.bitPattern == expected.seconds.bitPattern,
                "\(expected.raw) read as \(seconds)")
        }
    }

    func testUUIDsAndURIsAreStrings() throws {
        let uuid = UUID()
        let value = Value.uuid(try XCTUnwrap(UUIDValue(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) })))
        let uuidExport = try Fixtures.exportItems([value], type: .uuid)
        XCTAssertEqual(Fixtures.rawValues(in: uuidExport), ["<string>\(uuid.uuidString.lowercased())</string>"])
        let uriExport = try Fixtures.exportItems([.uri("https://example.com/a?b=\"c\"&d=<e>")], type: .uri)
        XCTAssertEqual(
            Fixtures.rawValues(in: uriExport),
            ["<string>https://example.com/a?b=&quot;c&quot;&amp;d=&lt;e&gt;</string>"])
        try PythonPlistlib.require()
        XCTAssertEqual(try uuidExport.itemValues(type: .uuid), [value])
        XCTAssertEqual(try uriExport.itemValues(type: .uri), [.uri("https://example.com/a?b=\"c\"&d=<e>")])
    }

    func testNullsHaveNoKeyAndAreListedInAtNull() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["other": .string("")])
        try graph.add("Item")
        let export = try Fixtures.export(graph)
        XCTAssertTrue(
            export.text.contains(
                "<key>@type</key><string>Item</string><key>other</key><string></string>"
                    + "<key>@null</key><array><string>value</string></array></dict>"))
        XCTAssertTrue(
            export.text.contains(
                "<key>@type</key><string>Item</string>"
                    + "<key>@null</key><array><string>value</string><string>other</string></array></dict>"))
        try PythonPlistlib.require()
        let objects = try export.graph()
        XCTAssertEqual(
            objects.map { $0.members?.map(\.key) ?? [] },
            [["@id", "@type", "other", "@null"], ["@id", "@type", "@null"]])
    }
}
