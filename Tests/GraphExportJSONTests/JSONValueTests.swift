import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONValueTests: XCTestCase {
    /// Chosen doubles, then 2000 random finite ones: each a JSON number that reads back bit for bit.
    func testFiniteDoublesRoundTripBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        let values: [Double] =
            [
                0, -0.0, 0.1, 1e-05, 5, -5, 1e-300, 1e300, 5e20, 1e16, 123_456_789.123_456_78,
                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, .pi, .ulpOfOne,
            ] + (0..<2000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        let export = try Fixtures.exportItems(values.map { .double($0) })
        let raw = export.rawJSONValues
        XCTAssertEqual(raw.count, values.count)
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

}
