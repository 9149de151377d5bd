import Foundation
import XCTest

/// An external-storage side file of 4 GiB (sparse: zeros that cost no disk) exports in every
/// built-in format with the peak memory of the export of the same store with its 20 KiB side
/// file, give or take 32 MiB, and with all of its base64 in the output. Before, it was written as
/// null (over 256 MiB), and before that it failed to allocate. Slow: 5.7 GB of base64 per format.
final class ExternalDataMemorySlowTests: XCTestCase {
    func testA4GiBSideFileExportsInEveryFormatInFlatMemory() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let arguments = CommandRunner.scrapbook(in: copy)
        let formats = ["json", "jsonl", "xml", "yaml", "plist", "graphml"]
        var normal: [String: (peak: Int, outputBytes: Int)] = [:]
        for format in formats { normal[format] = try PeakMemory.measure(["--format", format] + arguments) }

        let size = 4 << 30
        XCTAssertEqual(truncate(copy.appendingPathComponent(CommandRunner.photo8Image).path, off_t(size)), 0)
        // Measured here (debug build, 2 cores, output to /dev/null): peak 16.8–17.2 MB in every
        // format, as for the normal export (16.9–17.1 MB); 12 s (json, jsonl) to 21 s (graphml)
        // per format; about 3 minutes for the test, the output counted through a pipe.
        for format in formats {
            let before = try XCTUnwrap(normal[format])
            let large = try PeakMemory.measure(["--format", format] + arguments)
            XCTAssertLessThan(
                large.peak - before.peak, 32 << 20, "\(format): peak \(large.peak) bytes, \(before.peak) before")
            XCTAssertEqual(
                large.outputBytes, before.outputBytes - Self.base64Count(20_480) + Self.base64Count(size),
                "\(format): the output is the normal one with the larger base64 in place of the smaller")
        }
    }

    private static func base64Count(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }
}
