import GraphExport
import GraphExportJSONText
import XCTest

@testable import GraphExportDiff

/// Two values are the same exactly when the JSON export writes them alike: checked on every pair
/// of a set of values chosen to tell the rules apart (kinds, bits, Unicode forms, nesting).
final class ExportedValueTests: XCTestCase {
    private static let values: [Value] = [
        .null, .integer(1), .integer(-1), .double(1), .double(0), .double(-0.0), .double(.nan),
        .double(-.nan), .double(.infinity), .double(0.1), .double(0.1 + 1e-17), .decimal("1"), .decimal("1.50"),
        .string("1"), .string("é"), .string("e\u{301}"), .string("1.50"), .uri("é"), .boolean(true), .boolean(false),
        .date(Timestamp(secondsSinceReferenceDate: 0)), .date(Timestamp(secondsSinceReferenceDate: 0.5)),
        .date(Timestamp(secondsSinceReferenceDate: .infinity)), .binary([]), .binary([0]), .binary([0, 1]),
        .uuid(UUIDValue(bytes: Array(0..<16))!), .string("00010203-0405-0607-0809-0a0b0c0d0e0f"),
        .array([]), .array([.integer(1)]), .array([.double(1)]), .array([.string("é")]),
        .array([.string("e\u{301}")]), .map([:]), .map(["a": .integer(1)]), .map(["a": .double(1)]),
        .map(["b": .integer(1)]), .map(["a": .integer(1), "b": .null]), .map(["b": .null, "a": .integer(1)]),
    ]

    func testValuesAreTheSameExactlyWhenTheirJSONIs() throws {
        for left in Self.values {
            for right in Self.values {
                XCTAssertEqual(
                    try ExportedValue.same(left, right), json(left) == json(right), "\(left) and \(right)")
                XCTAssertEqual(
                    try ExportedValue.same(RowValue(left), RowValue(right)), json(left) == json(right),
                    "\(left) and \(right) in rows")
            }
        }
    }

    /// Text and bytes lent by a store compare as their owned values do.
    func testBorrowedTextAndBytesCompareByTheirBytes() throws {
        let composed = Array("é".utf8)
        let decomposed = Array("e\u{301}".utf8)
        try composed.withUnsafeBytes { left in
            try decomposed.withUnsafeBytes { right in
                XCTAssertTrue(try ExportedValue.same(.text(left), .text(left)))
                XCTAssertFalse(try ExportedValue.same(.text(left), .text(right)))
                XCTAssertTrue(try ExportedValue.same(.text(left), .other(.string("é"))))
                XCTAssertFalse(try ExportedValue.same(.text(left), .bytes(left)))
                XCTAssertTrue(try ExportedValue.same(.bytes(right), .other(.binary(decomposed))))
            }
        }
    }

    private func json(_ value: Value) -> [UInt8] {
        var text: [UInt8] = []
        JSONText.appendValue(value, to: &text)
        return text
    }
}
