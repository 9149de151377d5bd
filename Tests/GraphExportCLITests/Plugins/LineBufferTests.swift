import XCTest

@testable import GraphExportPlugin

/// How a plugin's answers and error lines are cut into lines: each byte searched once, so that a
/// 40 MB answer costs as much work per byte as a short one.
final class LineBufferTests: XCTestCase {
    /// Before: every read searched the whole answer again, some 13 billion bytes for this one
    /// (27 s in a release build), and a correct answer over 15 MB timed out.
    func testALongLineIsSearchedOnceHoweverManyReadsItTakes() {
        let chunk = ArraySlice([UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024))
        var buffer = LineBuffer()
        let reads = 640
        for _ in 0..<reads {
            buffer.append(chunk)
            XCTAssertNil(buffer.nextLine())
        }
        buffer.append(Array("b\n{\"next\":1}".utf8)[...])
        let line = buffer.nextLine()
        XCTAssertEqual(line?.count, reads * chunk.count + 1)
        XCTAssertEqual(line?.last, UInt8(ascii: "b"))
        XCTAssertEqual(buffer.searchedBytes, reads * chunk.count + 2, "each byte of the line and its newline once")
        XCTAssertNil(buffer.nextLine())
        XCTAssertEqual(buffer.unfinishedCount, 10)
        XCTAssertEqual(String(decoding: buffer.takeUnfinished(), as: UTF8.self), "{\"next\":1}")
        XCTAssertEqual(buffer.unfinishedCount, 0)
    }

    func testLinesComeWholeInOrderWhateverTheReadsCut() {
        let text = "one\ntwo\n\nthree is longer\nfour"
        var buffer = LineBuffer()
        var lines: [String] = []
        for piece in [Array("on".utf8), Array("e\ntwo\n\nth".utf8), Array("ree is longer\nfour".utf8)] {
            buffer.append(piece[...])
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        XCTAssertEqual(lines, ["one", "two", "", "three is longer"])
        XCTAssertEqual(buffer.unfinishedCount, 4)
        XCTAssertEqual(String(decoding: buffer.takeUnfinished(), as: UTF8.self), "four")
        XCTAssertEqual(buffer.searchedBytes, text.utf8.count, "no byte searched twice")
    }

    /// Many short lines in one read, taken one by one: the lines taken are dropped in one move
    /// once they are half the buffer, not one by one from its front.
    func testManyLinesInOneReadAreTakenOneByOne() {
        let count = 10_000
        var buffer = LineBuffer()
        buffer.append(Array((0..<count).map { "\($0)\n" }.joined().utf8)[...])
        var taken = 0
        while let line = buffer.nextLine() {
            XCTAssertEqual(String(decoding: line, as: UTF8.self), "\(taken)")
            taken += 1
        }
        XCTAssertEqual(taken, count)
        XCTAssertEqual(buffer.unfinishedCount, 0)
    }
}
