import XCTest

@testable import GraphExportPlainSQLite

/// ``SQLiteDateText``: SQLite's date and time text forms read and written in ISO 8601, checked
/// against SQLite's own date functions.
final class PlainSQLiteDateTextTests: XCTestCase {
    private func iso8601(_ text: String) -> String? {
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count + SQLiteDateText.maximumGrowth)
        let count = input.withUnsafeMutableBytes { text in
            output.withUnsafeMutableBytes { SQLiteDateText.iso8601(of: UnsafeRawBufferPointer(text), into: $0) }
        }
        return count.map { String(decoding: output[..<$0], as: UTF8.self) }
    }

    func testEveryFormIsWrittenInISO8601KeepingItsZoneOrItsLackOfOne() {
        let cases = [
            ("2006-02-14", "2006-02-14"),
            ("2006-02-14 22:04", "2006-02-14T22:04:00"),
            ("2006-02-14 22:04:36", "2006-02-14T22:04:36"),
            ("2006-02-14 22:04:36.123", "2006-02-14T22:04:36.123"),
            ("2006-02-14T22:04:36.1234567890", "2006-02-14T22:04:36.1234567890"),
            ("2006-02-14T22:04", "2006-02-14T22:04:00"),
            ("2006-02-14 22:04:36Z", "2006-02-14T22:04:36Z"),
            ("2006-02-14 22:04:36z", "2006-02-14T22:04:36Z"),
            ("2006-02-14T22:04+02:00", "2006-02-14T22:04:00+02:00"),
            ("2006-02-14T22:04:36.5-14:00", "2006-02-14T22:04:36.5-14:00"),
            ("22:04", "22:04:00"),
            ("22:04:36.5", "22:04:36.5"),
            ("00:00:00Z", "00:00:00Z"),
            ("2008-02-29", "2008-02-29"),
            ("2000-02-29 23:59:59", "2000-02-29T23:59:59"),
            ("0000-01-01", "0000-01-01"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(iso8601(text), expected, text)
        }
    }

    func testTextThatIsNoneOfTheFormsIsNotRead() {
        for text in [
            "", "now", "2006", "2006-02", "2006-2-14", "2006-02-14 ", " 2006-02-14", "2006-02-14  22:04",
            "2006-02-29", "1900-02-29", "2006-04-31", "2006-13-01", "2006-00-10", "2006-01-00",
            "2006-02-14 24:00:00", "2006-02-14 22:60", "2006-02-14 22:04:60", "2006-02-14 22:04:36.",
            "2006-02-14 22:04.5", "2006-02-14 22:04:36 +02:00", "2006-02-14 22:04:36+15:00",
            "2006-02-14 22:04:36+02", "2006-02-14 22:04:36+0200", "2006-02-14 22:04:36UTC",
            "2006-02-14 22:04:36Zx", "2006-02-14Z", "2453781.5", "1139954676", "22", "22:4", "12:00 PM",
            "2006-02-14\u{0}",
        ] {
            XCTAssertNil(iso8601(text), text.debugDescription)
        }
    }

    /// Every text the reader takes, SQLite takes too, and its ISO 8601 form is the same point in
    /// time to SQLite (`julianday`, which applies the zone when there is one, and reads a time alone
    /// as on 2000-01-01).
    func testSQLiteReadsTheSameTimeFromTheTextAndItsISO8601Form() throws {
        let database = try PlainDatabase(try ScratchFolder(for: self).path("dates.sqlite"))
        for text in [
            "2006-02-14", "2006-02-14 22:04", "2006-02-14 22:04:36.123", "2006-02-14T22:04:36.5+02:00",
            "2006-02-14 22:04:36z", "22:04", "23:59:59.999-05:30", "2008-02-29 12:00",
        ] {
            let form = try XCTUnwrap(iso8601(text), text)
            let days = try database.rows("SELECT julianday('\(text)'), julianday('\(form)')")[0]
            XCTAssertNotEqual(days[0], .null, text)
            XCTAssertEqual(days[0], days[1], "\(text) → \(form)")
        }
    }
}
