import CYAML
import Foundation
import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLValueTests: XCTestCase {
    private let coreSchema = YAMLCoreSchema()
    private let yaml11 = YAML11Types()

    func testEveryValueKindReadsAsTheJSONExportReads() throws {
        let uuid = try XCTUnwrap(UUIDValue(bytes: Array(0..<16)))
        let values: [Value] = [
            .null, .integer(0), .integer(.min), .integer(.max), .double(0), .double(-0.0), .double(0.1),
            .double(1e-05), .double(1e16), .double(5), .double(.nan), .double(.infinity), .double(-.infinity),
            .double(.leastNonzeroMagnitude), .decimal("-12.50"), .decimal("3"), .string("text"), .string("yes"),
            .string(""), .boolean(true), .boolean(false), .date(Timestamp(secondsSinceReferenceDate: 0)),
            .date(Timestamp(secondsSinceReferenceDate: -1.5)), .date(Timestamp(secondsSinceReferenceDate: 1e16)),
            .date(Timestamp(secondsSinceReferenceDate: .nan)), .binary([]), .binary([0, 1, 2, 255, 254]),
            .uuid(uuid), .uri("https://example.com/a?b=c#d"), .uri(""),
        ]
        let graph = try SampleGraphs.items(values)
        try Fixtures.assertSameDataAsJSON(graph)
        try Fixtures.assertSameDataAsJSON(graph, options: YAMLOptions(maxBlockDepth: 0))
    }

    func testIntegersArePlainDigits() throws {
        let values: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        let scalars = try Fixtures.valueScalars(in: try Fixtures.exportItems(values.map { .integer($0) }))
        XCTAssertEqual(scalars.map(\.value), values.map { String($0) })
        XCTAssertEqual(scalars.map(\.node), values.map { .integer($0) })
        XCTAssertTrue(scalars.allSatisfy { $0.style == YAML_PLAIN_SCALAR_STYLE && $0.tag == nil })
    }

    func testDoublesAreFloatsOfBothYAMLVersionsAndRoundTripBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        let special: [Double] = [
            0, -0.0, 0.1, 1e-05, 5, -5, 1e16, 1e-300, 1e300, 5e20, 123_456_789.123_456_78, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .pi, .ulpOfOne, 1e22, Double(Float.leastNonzeroMagnitude),
        ]
        let values = special + (0..<2000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        let export = try Fixtures.exportItems(values.map { .double($0) })
        let scalars = try Fixtures.valueScalars(in: export)
        let pyYAMLFloat = /[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?/
        XCTAssertEqual(
            scalars.prefix(8).map(\.value), ["0.0", "-0.0", "0.1", "1.0e-05", "5.0", "-5.0", "1.0e+16", "1.0e-300"])
        XCTAssertEqual(scalars.count, values.count)
        for (value, scalar) in zip(values, scalars) {
            XCTAssertEqual(scalar.style, YAML_PLAIN_SCALAR_STYLE)
            XCTAssertEqual(scalar.node, .float(value), scalar.value)
            XCTAssertTrue(yaml11.isNonString(scalar.value), "\(scalar.value) is no YAML 1.1 float")
            XCTAssertNotNil(scalar.value.wholeMatch(of: pyYAMLFloat), "\(scalar.value) is no float to PyYAML")
        }
        XCTAssertEqual(export.warnings, [])
    }

    func testNonFiniteDoublesAreYAMLsOwnFloatsWithoutWarnings() throws {
        let export = try Fixtures.exportItems([.double(.nan), .double(.infinity), .double(-.infinity), .double(-.nan)])
        let scalars = try Fixtures.valueScalars(in: export)
        XCTAssertEqual(scalars.map(\.value), [".nan", ".inf", "-.inf", ".nan"])
        XCTAssertEqual(
            scalars.map(\.node), [.float(.nan), .float(.infinity), .float(-.infinity), .float(.nan)])
        XCTAssertEqual(export.warnings, [])
    }

    func testDecimalsAreDoubleQuotedExactText() throws {
        let texts = ["-12.50", "3", "0.000001", "123456789012345678901234567890.123456789", "+3E2", "-0"]
        let scalars = try Fixtures.valueScalars(in: try Fixtures.exportItems(texts.map { .decimal($0) }))
        XCTAssertEqual(scalars.map(\.node), texts.map { .string($0) })
        XCTAssertTrue(scalars.allSatisfy { $0.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE })
    }

    func testDatesAreDoubleQuotedISO8601Text() throws {
        let seconds: [Double] = [0, 526_789_438.203_19, -978_307_200, -1.5, 1e14]
        let export = try Fixtures.exportItems(seconds.map { .date(Timestamp(secondsSinceReferenceDate: $0)) })
        let scalars = try Fixtures.valueScalars(in: export)
        XCTAssertEqual(
            scalars.prefix(4).map(\.node),
            [
                .string("2001-01-01T00:00:00Z"), .string("2017-09-11T02:23:58.20319Z"), .string("1970-01-01T00:00:00Z"),
                .string("2000-12-31T23:59:58.5Z"),
            ])
        XCTAssertTrue(scalars.allSatisfy { $0.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE })
        XCTAssertEqual(export.warnings, [])
    }

    func testDatesWithoutISO8601FormAreSecondsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: 1e16))])
        try graph.add("Item", ["value": .date(Timestamp(secondsSinceReferenceDate: .nan))])
        try graph.add(
            "Item",
            [
                "value": .date(Timestamp(secondsSinceReferenceDate: -.infinity)),
                "other": .date(Timestamp(secondsSinceReferenceDate: .infinity)),
            ])
        let export = try Fixtures.export(graph)
        XCTAssertEqual(try Fixtures.valueScalars(in: export).map(\.value), ["1.0e+16", ".nan", "-.inf"])
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Item.value: dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z",
                "Item.other: dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z",
            ])
        try Fixtures.assertSameDataAsJSON(graph)
    }

    func testBinaryIsTaggedBase64() throws {
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255), [0xFB, 0xFF]]
        let export = try Fixtures.exportItems(blobs.map { .binary($0) })
        let scalars = try Fixtures.valueScalars(in: export)
        XCTAssertEqual(scalars.map(\.node), blobs.map { .binary($0) })
        XCTAssertTrue(scalars.allSatisfy { $0.tag == "tag:yaml.org,2002:binary" })
        XCTAssertTrue(export.text.contains("  value: !!binary \"\"\n"))
        XCTAssertTrue(export.text.contains("  value: !!binary AAEC//4=\n"))
        XCTAssertTrue(export.text.contains("  value: !!binary +/8=\n"))
    }

    func testUUIDsURIsNullAndBooleans() throws {
        let uuid = UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let uris = [
            "https://example.com/a?b=\"c\"&d=\u{2028}", "x-coredata://0E1B2C3D/Item/p42", "urn:isbn:0451450523",
        ]
        let export = try Fixtures.exportItems(
            [.uuid(try XCTUnwrap(UUIDValue(bytes: bytes))), .null, .boolean(true), .boolean(false)]
                + uris.map { .uri($0) })
        let scalars = try Fixtures.valueScalars(in: export)
        XCTAssertEqual(
            scalars.map(\.node),
            [.string(uuid.uuidString.lowercased()), .null, .boolean(true), .boolean(false)] + uris.map { .string($0) })
        XCTAssertEqual(scalars[1...3].map(\.value), ["null", "true", "false"])
        XCTAssertTrue(scalars[1...3].allSatisfy { $0.style == YAML_PLAIN_SCALAR_STYLE })
        XCTAssertTrue(export.text.contains("  value: x-coredata://0E1B2C3D/Item/p42\n"))
        XCTAssertTrue(export.text.contains("  other: null\n"))
    }

    func testTheCoreSchemaResolverOfTheTests() {
        XCTAssertEqual(coreSchema.resolve("0o17"), .integer(15))
        XCTAssertEqual(coreSchema.resolve("0x1F"), .integer(31))
        XCTAssertEqual(coreSchema.resolve("-.inf"), .float(-.infinity))
        XCTAssertEqual(coreSchema.resolve("1e3"), .float(1000))
        XCTAssertEqual(coreSchema.resolve(""), .null)
        XCTAssertEqual(coreSchema.resolve("yes"), .string("yes"))
        XCTAssertEqual(coreSchema.resolve("017"), .integer(17))
        XCTAssertTrue(yaml11.isNonString("yes"))
        XCTAssertTrue(yaml11.isNonString("12:30"))
        XCTAssertTrue(yaml11.isNonString("1.0e-05"))
        XCTAssertFalse(yaml11.isNonString("1e-05"))
        XCTAssertFalse(yaml11.isNonString("0o17"))
    }
}
