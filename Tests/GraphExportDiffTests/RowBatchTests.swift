import GraphExport
import XCTest

@testable import GraphExportDiff

/// ``RowBatch``: objects packed one after the other and read back as they were, whatever their
/// size, and packed alike exactly when they hold the same.
final class RowBatchTests: XCTestCase {
    /// Text and bytes longer than the batch's first buffer, and more destinations than fit in
    /// it, make it grow without losing what it holds.
    func testObjectsLargerThanTheBufferAreReadBackWhole() throws {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000) + [UInt8(ascii: "z")]
        let blob = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        let many = (1...9000).map { ObjectKey(entity: 2, row: Int64($0)) }
        let batch = RowBatch()
        long.withUnsafeBytes { text in
            blob.withUnsafeBytes { bytes in
                let values: [RowValue] = [
                    .integer(-7), .text(text), .null, .double(2.5), .bytes(bytes), .boolean(true),
                    .date(Timestamp(secondsSinceReferenceDate: 86_400.5)), .other(.decimal("12.50")),
                ]
                for row in 1...3 {
                    batch.append(
                        BorrowedRecord(
                            key: ObjectKey(entity: 1, row: Int64(row)), values: values,
                            toOne: [nil, ObjectKey(entity: 3, row: 9)]),
                        destinations: [row == 2 ? Array(many.dropLast()) : many, []])
                }
            }
        }
        batch.appendEnd()
        XCTAssertEqual(batch.slots.count, 4)
        XCTAssertNil(batch.slots[3])
        var values: [RowValue] = []
        var toOne: [ObjectKey?] = []
        var destinations: [[ObjectKey]] = []
        for slot in 0..<3 {
            let key = batch.read(at: batch.slots[slot]!, values: &values, toOne: &toOne, destinations: &destinations)
            XCTAssertEqual(key, ObjectKey(entity: 1, row: Int64(slot + 1)))
            XCTAssertEqual(
                values.map(\.value),
                [
                    .integer(-7), .string(String(decoding: long, as: UTF8.self)), .null, .double(2.5),
                    .binary(blob), .boolean(true), .date(Timestamp(secondsSinceReferenceDate: 86_400.5)),
                    .decimal("12.50"),
                ])
            XCTAssertEqual(toOne, [nil, ObjectKey(entity: 3, row: 9)])
            XCTAssertEqual(destinations, [slot == 1 ? Array(many.dropLast()) : many, []])
        }
        let packed = try (0..<3).map { try XCTUnwrap(batch.bytes(of: $0)) }
        // The key is packed too: alike once it is set aside.
        XCTAssertEqual(Array(packed[0].dropFirst(16)), Array(packed[2].dropFirst(16)))
        XCTAssertNotEqual(Array(packed[0].dropFirst(16)), Array(packed[1].dropFirst(16)))
    }

    /// An object of a key alone (no value, no relationship) takes the most of its room that any
    /// object does; placed where it ends past the batch's first buffer, it makes the buffer grow
    /// rather than write beyond it (checked by ``RowBatch``'s own assertion in a debug build).
    func testObjectsOfAKeyAloneAtTheEndOfTheBufferAreReadBackWhole() throws {
        let batch = RowBatch()
        // 9 + 11 bytes of text and 40 of key and counts: then 1636 objects of 40 bytes end the
        // last one 36 bytes before 64 KiB, and the next one would end 4 bytes after it.
        let text = [UInt8](repeating: UInt8(ascii: "t"), count: 11)
        text.withUnsafeBytes { text in
            batch.append(
                BorrowedRecord(key: ObjectKey(entity: 1, row: 0), values: [.text(text)], toOne: []),
                destinations: [])
        }
        let rows = Int64(1)...Int64(1700)
        for row in rows {
            batch.append(BorrowedRecord(key: ObjectKey(entity: 1, row: row), values: [], toOne: []), destinations: [])
        }
        batch.appendEnd()
        var values: [RowValue] = []
        var toOne: [ObjectKey?] = []
        var destinations: [[ObjectKey]] = []
        for row in rows {
            let key = batch.read(
                at: try XCTUnwrap(batch.slots[Int(row)]), values: &values, toOne: &toOne, destinations: &destinations)
            XCTAssertEqual(key, ObjectKey(entity: 1, row: row))
            XCTAssertTrue(values.isEmpty && toOne.isEmpty && destinations.isEmpty)
        }
    }
}
