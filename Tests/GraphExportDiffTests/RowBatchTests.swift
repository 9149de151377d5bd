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
}
