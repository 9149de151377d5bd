import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

final class TimestampTests: XCTestCase {
    private func text(_ seconds: Double) -> String? {
        Timestamp(secondsSinceReferenceDate: seconds).iso8601
    }

    /// `Timestamp(iso8601:)` of `.iso8601`, or `nil` where either step gives none.
    private func roundTrip(_ seconds: Double) -> Double? {
        text(seconds).flatMap { Timestamp(iso8601: $0)?.secondsSinceReferenceDate }
    }

    func testKnownValues() {
        let cases: [(Double, String)] = [
            (0, "2001-01-01T00:00:00Z"),
            (526_914_238.203_19, "2017-09-12T13:03:58.20319Z"),
            (-631_064_399, "1981-01-02T00:20:01Z"),
            (-978_307_200, "1970-01-01T00:00:00Z"),
            (1e9, "2032-09-09T01:46:40Z"),
            (-1e9, "1969-04-24T22:13:20Z"),
            (1e-05, "2001-01-01T00:00:00.00001Z"),
            (0.1, "2001-01-01T00:00:00.1Z"),
            (86_399.999, "2001-01-01T23:59:59.999Z"),
            (-0.5, "2000-12-31T23:59:59.5Z"),
            (-1.25, "2000-12-31T23:59:58.75Z"),
            (-0.000_001, "2000-12-31T23:59:59.999999Z"),
            (-1e-05, "2000-12-31T23:59:59.99999Z"),
            (-86_400.001, "2000-12-30T23:59:59.999Z"),
            (-631_064_399.75, "1981-01-02T00:20:00.25Z"),
            (-26_481_600, "2000-02-29T12:00:00Z"),
            (-12_649_305_600, "1600-02-29T00:00:00Z"),
            (-63_113_904_000, "0001-01-01T00:00:00Z"),
            (-63_113_904_001, "0000-12-31T23:59:59Z"),
            (-63_145_526_400, "0000-01-01T00:00:00Z"),
            (-63_145_526_400.25, "-0001-12-31T23:59:59.75Z"),
            (-63_177_062_400, "-0001-01-01T00:00:00Z"),
            (-63_461_059_200, "-0010-01-01T00:00:00Z"),
            (252_423_993_599, "9999-12-31T23:59:59Z"),
            (252_423_993_599.5, "9999-12-31T23:59:59.5Z"),
            (252_423_993_600, "+10000-01-01T00:00:00Z"),
            (1e14, "+3170874-11-07T09:46:40Z"),
            (-1e14, "-3166873-02-25T14:13:20Z"),
        ]
        for (seconds, expected) in cases {
            XCTAssertEqual(text(seconds), expected, "\(seconds)")
            XCTAssertEqual(roundTrip(seconds)?.bitPattern, seconds.bitPattern, "\(seconds) → \(expected)")
        }
    }

    func testNonFiniteAndOutOfRangeValuesHaveNoText() {
        for seconds in [
            Double.nan, -.nan, .signalingNaN, .infinity, -.infinity, 1e15, -1e15, 1e300, -.greatestFiniteMagnitude,
        ] {
            XCTAssertNil(text(seconds), "\(seconds)")
        }
        XCTAssertNotNil(text(Timestamp.calendarLimit.nextDown))
        XCTAssertNotNil(text(-Timestamp.calendarLimit.nextDown))
    }

    /// Decision: negative zero has the same text as zero, the same instant, and reads back as
    /// positive zero. It is the one value whose bits the text does not keep.
    func testNegativeZeroReadsBackAsZero() throws {
        XCTAssertEqual(text(-0.0), "2001-01-01T00:00:00Z")
        let back = try XCTUnwrap(roundTrip(-0.0))
        XCTAssertEqual(back.bitPattern, (0.0).bitPattern)
    }

    /// The calendar arithmetic against Foundation's Gregorian calendar in UTC, for every year
    /// 1…9999: its first and last second, 28 February to 1 March, and random seconds.
    ///
    /// Foundation's calendar switches to the Julian calendar before 1582-10-15, while ISO 8601 is
    /// proleptic Gregorian. The Gregorian calendar repeats exactly every 400 years (146 097
    /// days), so dates before 1600 are moved 2000 years later, read by Foundation, and moved back.
    func testCalendarMatchesFoundationForYears1Through9999() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let shiftYears = 2000
        let shiftSeconds = Int64(5 * 146_097 * 86_400)
        let year1600 = Int64(-12_622_780_800)

        func foundationText(_ seconds: Int64) -> String {
            let shifted = seconds < year1600
            let date = Date(timeIntervalSinceReferenceDate: Double(shifted ? seconds + shiftSeconds : seconds))
            let parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
            let year = parts.year! - (shifted ? shiftYears : 0)
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, parts.month!, parts.day!, parts.hour!, parts.minute!,
                parts.second!)
        }
        func foundationStart(ofYear year: Int, month: Int = 1, day: Int = 1) -> Int64 {
            let shifted = year < 1600
            let date = calendar.date(
                from: DateComponents(year: shifted ? year + shiftYears : year, month: month, day: day))!
            return Int64(date.timeIntervalSinceReferenceDate) - (shifted ? shiftSeconds : 0)
        }

        var checked = 0
        var mismatches: [String] = []
        func check(_ seconds: Int64) {
            checked += 1
            let expected = foundationText(seconds)
            let actual = text(Double(seconds))
            if actual != expected, mismatches.count < 10 {
                mismatches.append("\(seconds): \(actual ?? "nil") vs \(expected)")
            }
            let fractional = text(Double(seconds) + 0.25)
            if fractional != String(expected.dropLast()) + ".25Z", mismatches.count < 10 {
                mismatches.append("\(seconds) + 0.25: \(fractional ?? "nil") vs \(expected)")
            }
        }

        for year in 1...9999 {
            let start = foundationStart(ofYear: year)
            check(start)
            check(start - 1)
            let march = foundationStart(ofYear: year, month: 3)
            check(march)
            check(march - 1)
        }
        var random = SplitMix64(seed: 2001)
        for _ in 0..<20_000 {
            check(Int64(random.int(in: -63_113_904_000...252_423_993_599)))
        }

        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(checked, 4 * 9999 + 20_000)
        XCTAssertEqual(foundationStart(ofYear: 1), -63_113_904_000)
        XCTAssertEqual(foundationStart(ofYear: 10000 - shiftYears) + shiftSeconds, 252_423_993_600)
    }

    func testFractionsAgainstFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SplitMix64(seed: 8601)
        for _ in 0..<2000 {
            let milliseconds = random.int(in: -10_000_000_000_000...10_000_000_000_000)
            let seconds = Double(milliseconds) / 1000
            let expected = formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            var trimmed = String(expected.dropLast())
            while trimmed.hasSuffix("0") { trimmed.removeLast() }
            if trimmed.hasSuffix(".") { trimmed.removeLast() }
            XCTAssertEqual(text(seconds), trimmed + "Z", "\(seconds)")
        }
    }

    /// `Timestamp(iso8601:)` of `.iso8601` gives back the same bits, for 100 000 random values in
    /// ±1e14 of every kind: uniform, every magnitude down to 0.01, random bits, and millisecond
    /// and microsecond times.
    func testRoundTripOfRandomValues() {
        var random = SplitMix64(seed: 1)
        var failures: [String] = []
        for index in 0..<100_000 {
            let seconds: Double
            switch index % 5 {
            case 0:
                seconds = (random.unit() * 2 - 1) * 1e14
            case 1:
                let magnitude = (1 + random.unit() * 9) * pow(10, Double(random.int(in: -2...13)))
                seconds = random.chance(0.5) ? magnitude : -magnitude
            case 2:
                let exponent = UInt64(random.int(in: (1023 - 6)...(1023 + 46)))
                seconds = Double(bitPattern: (random.next() & 0x800F_FFFF_FFFF_FFFF) | exponent << 52)
            case 3:
                seconds = ((random.unit() * 2 - 1) * 2e12).rounded() / 1000
            default:
                seconds = Double(random.int(in: -4_000_000_000_000_000...4_000_000_000_000_000)) / 1_000_000
            }
            let back = roundTrip(seconds)
            if back?.bitPattern != seconds.bitPattern, failures.count < 10 {
                failures.append("\(seconds) → \(text(seconds) ?? "nil") → \(back.map { "\($0)" } ?? "nil")")
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testRoundTripOfSpecialValues() {
        var values: [Double] = [
            0, 1, -1, 0.5, -0.5, 0.1, -0.1, 0.2, 0.1 + 0.2, 1.0 / 3, -1.0 / 3, 0.01, -0.01, 0.015_625,
            562_949_953_421_312, 562_949_953_421_311.9, -562_949_953_421_312, 1e14, -1e14, 99_999_999_999_999.99,
            999_999_999_999_999, -999_999_999_999_999, 526_914_238.203_19, -631_064_399, .pi * 1e8, -.pi * 1e8,
            86_400, -86_400, 86_399.999_999, -63_113_904_000, -63_145_526_400.25, 252_423_993_599.999, 252_423_993_600,
        ]
        values += values.filter { $0 != 0 }.flatMap { [$0.nextUp, $0.nextDown] }
        values += [1e-05, -1e-05, Timestamp.calendarLimit.nextDown, -Timestamp.calendarLimit.nextDown]
        for seconds in values {
            XCTAssertEqual(roundTrip(seconds)?.bitPattern, seconds.bitPattern, "\(seconds) → \(text(seconds) ?? "nil")")
        }
    }

    /// Guards against a bug found in 75f8a5e: `CivilTime.parse` checked the fraction's digits with
    /// `number(_:)`, which refuses more than 18 digits, so a timestamp within 0.01 s of a whole
    /// second whose shortest form has many digits read back as `nil`.
    func testRoundTripOfFractionsLongerThan18Digits() {
        var values: [Double] = [
            1e-20, -1e-20, .ulpOfOne, -.ulpOfOne, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude, 0.001_234_567_890_123_456_7, -0.001_234_567_890_123_456_7, (1e-05).nextUp,
            (-1e-05).nextDown, (0.01).nextDown,
        ]
        var random = SplitMix64(seed: 18)
        for _ in 0..<1000 {
            let magnitude = (1 + random.unit() * 9) * pow(10, Double(random.int(in: -30 ... -3)))
            values.append(random.chance(0.5) ? magnitude : -magnitude)
        }
        var failures: [String] = []
        for seconds in values where roundTrip(seconds)?.bitPattern != seconds.bitPattern {
            failures.append("\(seconds) → \(text(seconds).map { String($0.prefix(60)) } ?? "nil")")
        }
        XCTAssertEqual(failures.count, 0, "\(failures.prefix(5))")
    }

    func testReadingRejectsWhatIso8601NeverWrites() {
        let rejected = [
            "", "Z", "2001", "2001-01-01", "2001-01-01T00:00:00", "2001-01-01 00:00:00Z", "2001-01-01t00:00:00z",
            "2001-13-01T00:00:00Z", "2001-00-01T00:00:00Z", "2001-01-00T00:00:00Z", "2001-01-32T00:00:00Z",
            "2001-01-01T24:00:00Z", "2001-01-01T00:60:00Z", "2001-01-01T00:00:60Z", "2001-01-01T00:00:00.Z",
            "2001-01-01T00:00:00.5", "2001-01-01T00:00:00,5Z", "2001-01-01T00:00:00.5xZ", "2001-01-01T00:00:00.-5Z",
            "01-01-01T00:00:00Z", "2001-1-01T00:00:00Z", "x001-01-01T00:00:00Z", "2001-01-01T00:00:00+00:00",
            "2001-01-01T00:00:00.5Z ", " 2001-01-01T00:00:00Z", "--2001-01-01T00:00:00Z",
        ]
        for text in rejected {
            XCTAssertNil(Timestamp(iso8601: text), text)
        }
        XCTAssertEqual(Timestamp(iso8601: "2000-02-29T12:00:00Z")?.secondsSinceReferenceDate, -26_481_600)
    }

    /// Guards against a bug found in 75f8a5e: `CivilTime.parse` checked the day only against
    /// 1…31, so 30 February read as 2 March instead of being refused, although `init(iso8601:)`
    /// promises `nil` for anything `iso8601` does not write.
    func testReadingRejectsDaysTheMonthDoesNotHave() {
        for text in ["2001-02-29T00:00:00Z", "2001-02-30T00:00:00Z", "2001-04-31T00:00:00Z", "1900-02-29T00:00:00Z"] {
            XCTAssertNil(Timestamp(iso8601: text), "\(text) reads as \(Timestamp(iso8601: text)?.iso8601 ?? "nil")")
        }
    }
}
