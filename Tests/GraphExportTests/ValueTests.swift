import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

final class ValueTests: XCTestCase {
    func testDecimalDigitsReadsDecimalText() throws {
        let cases: [(String, Bool, String, Int, String)] = [
            ("-12.50", true, "125", -1, "-12.5"),
            ("3", false, "3", 0, "3"),
            ("0.000001", false, "1", -6, "0.000001"),
            ("1e-05", false, "1", -5, "0.00001"),
            ("+3E2", false, "3", 2, "300"),
            ("-0", false, "", 0, "0"),
            ("-0.000e7", false, "", 0, "0"),
            ("007", false, "7", 0, "7"),
            (".5", false, "5", -1, "0.5"),
            ("5.", false, "5", 0, "5"),
            ("1200", false, "12", 2, "1200"),
            ("-0.0012e3", true, "12", -1, "-1.2"),
            ("123.456e-10", false, "123456", -13, "0.0000000123456"),
            (
                "12345678901234567890.123456789", false, "12345678901234567890123456789", -9,
                "12345678901234567890.123456789"
            ),
            ("1e99999", false, "1", 99_999, "1" + String(repeating: "0", count: 99_999)),
        ]
        for (text, negative, digits, exponent, plain) in cases {
            let decimal = try XCTUnwrap(DecimalDigits(text: text), text)
            XCTAssertEqual(decimal.isNegative, negative, text)
            XCTAssertEqual(String(decoding: decimal.digits, as: UTF8.self), digits, text)
            XCTAssertEqual(decimal.exponent, exponent, text)
            XCTAssertEqual(decimal.plainText, plain, text)
            XCTAssertEqual(DecimalDigits(text: decimal.plainText), decimal, "plainText reads back: \(text)")
        }
    }

    func testDecimalDigitsRejectsEverythingElse() {
        for text in [
            "", "-", "+", ".", "-.", "e5", "1e", "1e+", "1.2.3", "1,5", " 1", "1 ", "0x10", "NaN", "nan", "inf",
            "Infinity", "--1", "+-1", "1e5.5", "1e100000", "1e-100000", "١٢", "1_000",
        ] {
            XCTAssertNil(DecimalDigits(text: text), text)
        }
    }

    func testDecimalDigitsOfShortestDoubles() throws {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (0.1, "0.1"), (-2.5, "-2.5"), (1e-05, "0.00001"), (1e21, "1000000000000000000000"),
            (123_456_789.123, "123456789.123"), (4_503_599_627_370_497, "4503599627370497"),
            (0.1 + 0.2, "0.30000000000000004"), (Double(Float(0.1)), "0.10000000149011612"),
        ]
        for (value, plain) in cases {
            XCTAssertEqual(DecimalDigits(shortest: value)?.plainText, plain, "\(value)")
        }
        let tiny = try XCTUnwrap(DecimalDigits(shortest: .leastNonzeroMagnitude))
        XCTAssertEqual(tiny.digits, Array("5".utf8))
        XCTAssertEqual(tiny.exponent, -324)
        let huge = try XCTUnwrap(DecimalDigits(shortest: -.greatestFiniteMagnitude))
        XCTAssertTrue(huge.isNegative)
        XCTAssertEqual(String(decoding: huge.digits, as: UTF8.self), "17976931348623157")
        XCTAssertEqual(huge.exponent, 292)
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertNil(DecimalDigits(shortest: value))
        }
    }

    /// The plain text made from a double's description is the one made through its digits.
    func testPlainTextOfShortestDoublesIsThatOfTheirDigits() {
        let cases: [Double] = [
            0, -0.0, 0.1, -2.5, 1e-05, 1e21, 300, -300, 12.99, 123_456_789.123, 4_503_599_627_370_497,
            123_456_789_012_345, 0.1 + 0.2, Double(Float(0.1)), .leastNonzeroMagnitude, -.greatestFiniteMagnitude,
        ]
        var random = SplitMix64(seed: 11)
        let randomCases = (0..<5_000).map { _ in Double(bitPattern: random.next()) }
        let prices = (0..<2_000).map { Double($0) / 100 - 10 }
        for value in cases + randomCases + prices {
            XCTAssertEqual(
                DecimalDigits.plainText(shortest: value), DecimalDigits(shortest: value)?.plainText, "\(value)")
        }
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertNil(DecimalDigits.plainText(shortest: value))
        }
    }

    /// `DecimalDigits(shortest:)` is exact: its plain text reads back as the same double.
    func testDecimalDigitsOfRandomDoublesReadBack() {
        var random = SplitMix64(seed: 10)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite, let decimal = DecimalDigits(shortest: value) else { continue }
            XCTAssertEqual(Double(decimal.plainText)?.bitPattern, value == 0 ? 0 : value.bitPattern, "\(value)")
        }
    }

    func testDecimalDigitsSplit() {
        let cases: [(String, String, String)] = [
            ("0", "0", ""), ("300", "300", ""), ("12.5", "12", "5"), ("0.00012", "0", "00012"), ("-7.25", "7", "25"),
        ]
        for (text, whole, fraction) in cases {
            let parts = DecimalDigits(text: text)!.split()
            XCTAssertEqual(String(decoding: parts.whole, as: UTF8.self), whole, text)
            XCTAssertEqual(String(decoding: parts.fraction, as: UTF8.self), fraction, text)
        }
    }

    func testBase64KnownVectors() {
        let vectors = [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded)
        }
        var output = Array("prefix:".utf8)
        Base64.encode([0xFF, 0xFE], into: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "prefix://4=")
    }

    func testBase64MatchesFoundation() {
        var random = SplitMix64(seed: 64)
        for length in 0...100 {
            for _ in 0..<20 {
                let bytes = random.bytes(length)
                XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString(), "\(bytes)")
            }
        }
    }

    func testUUIDDescription() throws {
        let uuid = try XCTUnwrap(UUIDValue(bytes: Array(0...15)))
        XCTAssertEqual(uuid.description, "00010203-0405-0607-0809-0a0b0c0d0e0f")
        XCTAssertEqual(
            UUIDValue(bytes: Array(repeating: 0xFF, count: 16))?.description, "ffffffff-ffff-ffff-ffff-ffffffffffff")
        for count in [0, 15, 17, 32] {
            XCTAssertNil(UUIDValue(bytes: Array(repeating: 1, count: count)))
        }
        var random = SplitMix64(seed: 4122)
        for _ in 0..<200 {
            let bytes = random.bytes(16)
            let foundation = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                    bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            XCTAssertEqual(UUIDValue(bytes: bytes)?.description, foundation.uuidString.lowercased())
        }
    }

    func testIsIdenticalComparesBits() {
        XCTAssertTrue(Value.double(.nan).isIdentical(to: .double(.nan)))
        XCTAssertFalse(Value.double(.nan).isIdentical(to: .double(-.nan)))
        XCTAssertFalse(Value.double(0).isIdentical(to: .double(-0.0)))
        XCTAssertFalse(
            Value.date(Timestamp(secondsSinceReferenceDate: 0)).isIdentical(
                to: .date(Timestamp(secondsSinceReferenceDate: -0.0))))
        XCTAssertFalse(Value.string("é").isIdentical(to: .string("e\u{301}")))
        XCTAssertTrue(Value.string("é").isIdentical(to: .string("é")))
        XCTAssertFalse(Value.uri("é").isIdentical(to: .uri("e\u{301}")))
        XCTAssertFalse(Value.integer(1).isIdentical(to: .double(1)))
        XCTAssertTrue(Value.null.isIdentical(to: .null))
    }
}
