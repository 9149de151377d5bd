import XCTest

@testable import GraphExportDecoders

/// The wire-format reader: fields in order, every length checked, malformed bytes an error.
final class ProtobufMessageTests: XCTestCase {
    func testReadsVarintsTextAndEmbeddedMessagesInOrder() throws {
        let bytes = ProtobufWriter { writer in
            writer.varint(1, 150)
            writer.text(2, "héllo")
            writer.message(3) { $0.varint(1, UInt64.max) }
            writer.raw([0x25, 1, 0, 0, 0, 0x29, 2, 0, 0, 0, 0, 0, 0, 0])
        }.bytes
        var fields: [ProtobufMessage.Field] = []
        try ProtobufMessage(bytes).forEachField { fields.append($0) }
        XCTAssertEqual(fields.map(\.number), [1, 2, 3, 4, 5])
        XCTAssertEqual(try fields[0].integer(), 150)
        XCTAssertEqual(try fields[1].text(), "héllo")
        XCTAssertEqual(try fields[2].message().required(1, in: "test").integer(), UInt64.max)
        XCTAssertEqual(fields[3].payload, .fixed32(1))
        XCTAssertEqual(fields[4].payload, .fixed64(2))
    }

    func testTheLastOfARepeatedFieldIsItsValue() throws {
        let bytes = ProtobufWriter { writer in
            writer.varint(1, 1)
            writer.varint(1, 2)
        }.bytes
        XCTAssertEqual(try ProtobufMessage(bytes).field(1)?.integer(), 2)
        XCTAssertNil(try ProtobufMessage(bytes).field(9))
    }

    func testMalformedBytesAreDefectsNotCrashes() {
        let cases: [([UInt8], ProtobufError)] = [
            ([0x08], .truncated(offset: 1)),
            ([0x0A, 0x05, 1, 2], .truncated(offset: 2)),
            ([0x08] + Array(repeating: 0xFF, count: 10) + [0x01], .overlongVarint(offset: 11)),
            ([0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], .overlongVarint(offset: 11)),
            ([0x00, 0x01], .badFieldNumber(offset: 1)),
            ([0x0B], .unsupportedWireType(3, field: 1)),
            ([0x0F], .unsupportedWireType(7, field: 1)),
            ([0x0D, 1, 2], .truncated(offset: 1)),
            ([0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F], .truncated(offset: 6)),
        ]
        for (bytes, expected) in cases {
            XCTAssertThrowsError(try ProtobufMessage(bytes).forEachField { _ in }, "\(bytes)") { error in
                XCTAssertEqual(error as? ProtobufError, expected, "\(bytes)")
            }
        }
    }

    func testAFieldOfAnotherWireTypeThanTheLayoutSaysIsADefect() throws {
        let bytes = ProtobufWriter { $0.varint(2, 5) }.bytes
        let field = try XCTUnwrap(try ProtobufMessage(bytes).field(2))
        XCTAssertThrowsError(try field.text()) { error in
            XCTAssertEqual(error as? ProtobufError, .wrongWireType(field: 2, expected: "length-delimited"))
        }
        let invalid = ProtobufWriter { $0.bytes(2, [0xFF]) }.bytes
        XCTAssertThrowsError(try ProtobufMessage(invalid).field(2)?.text()) { error in
            XCTAssertEqual(error as? ProtobufError, .invalidUTF8(field: 2))
        }
        XCTAssertThrowsError(try ProtobufMessage([]).required(3, in: "Document")) { error in
            XCTAssertEqual(error as? ProtobufError, .missingField(message: "Document", field: 3))
            XCTAssertEqual("\(error)", "the Document has no field 3")
        }
    }
}
