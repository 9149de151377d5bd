import GraphExport
import XCTest

final class ByteBufferTests: XCTestCase {
    func testGrowingKeepsEveryByteInOrder() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for index in 0..<1000 {
            let byte = UInt8(truncatingIfNeeded: index)
            buffer.append(byte)
            expected.append(byte)
            if index % 7 == 0 {
                let run = [UInt8](repeating: byte, count: index % 50)
                buffer.append(run)
                expected += run
            }
        }
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(buffer.bytes(from: 0), expected)
        XCTAssertEqual(buffer.bytes(from: expected.count - 3), Array(expected.suffix(3)))
    }

    func testReservedRoomTakesUncheckedAppendsAndWritesInPlace() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append(Array("id=".utf8))
        buffer.reserve(100)
        for byte in "0123456789".utf8 { buffer.appendReserved(byte) }
        buffer.append(upTo: 20) { room in
            XCTAssertEqual(room.count, 20)
            room[0] = UInt8(ascii: "!")
            room[1] = UInt8(ascii: "?")
            return 2
        }
        XCTAssertEqual(String(decoding: buffer.bytes(from: 0), as: UTF8.self), "id=0123456789!?")
    }

    func testArrayTextIsAppendedAndTheArrayComesBackEmpty() {
        var buffer = ByteBuffer()
        buffer.append(UInt8(ascii: "["))
        let lentCount = buffer.appendThroughArray { array in
            let count = array.count
            array += Array("2017-09-12T04:23:58Z".utf8)
            return count
        }
        let secondCount = buffer.appendThroughArray { array in
            let count = array.count
            array.append(UInt8(ascii: "]"))
            return count
        }
        XCTAssertEqual([lentCount, secondCount], [0, 0])
        XCTAssertEqual(String(decoding: buffer.bytes(from: 0), as: UTF8.self), "[2017-09-12T04:23:58Z]")
    }

    func testRemovingKeepsWhatCameBefore() {
        var buffer = ByteBuffer()
        buffer.append(Array("abcdef".utf8))
        buffer.removeLast(2)
        XCTAssertEqual(buffer.bytes(from: 0), Array("abcd".utf8))
        buffer.removeAll()
        XCTAssertTrue(buffer.isEmpty)
        buffer.append(UInt8(ascii: "z"))
        buffer.withUnsafeBytes { XCTAssertEqual(Array($0), [UInt8(ascii: "z")]) }
    }
}
