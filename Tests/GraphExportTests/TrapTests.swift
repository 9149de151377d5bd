import GraphExport
import XCTest

/// Text from outside (a damaged store, a hand-edited file) must be refused, never trap.
final class TrapTests: XCTestCase {
    /// Guards against a bug found in 75f8a5e: `CivilTime.daysFromCivil` overflowed `Int64` (a
    /// trap) for years beyond about ±2.5 × 10¹¹, which `CivilTime.parse` accepted.
    func testHugeYearsAreRefused() {
        XCTAssertNil(Timestamp(iso8601: "999999999999999999-01-01T00:00:00Z"))
        XCTAssertNil(Timestamp(iso8601: "-300000000000-01-01T00:00:00Z"))
    }

    /// Guards against a bug found in 75f8a5e: `DecimalDigits(text:)` took `abs` of the exponent,
    /// which traps for `Int.min`.
    func testAnExponentOfIntMinIsRefused() {
        XCTAssertNil(DecimalDigits(text: "1e-9223372036854775808"))
        XCTAssertNil(DecimalDigits(text: "1e9223372036854775807"))
    }
}
