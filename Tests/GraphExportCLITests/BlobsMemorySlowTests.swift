import Foundation
import XCTest

/// `--blobs` copies a Core Data external-storage file of 512 MiB (sparse: zeros that cost no disk
/// to read) into its file in chunks: the export's peak memory is that of the export with the
/// 20 KiB side file, give or take 32 MiB, and the output holds the path, not the bytes.
final class BlobsMemorySlowTests: XCTestCase {
    func testALargeSideFileIsCopiedToItsFileInFlatMemory() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let blobs = copy.appendingPathComponent("exported")
        let arguments = ["--blobs", blobs.path] + CommandRunner.scrapbook(in: copy)
        let before = try PeakMemory.measure(arguments)
        try FileManager.default.removeItem(at: blobs)
        let size = 512 << 20
        XCTAssertEqual(truncate(copy.appendingPathComponent(CommandRunner.photo8Image).path, off_t(size)), 0)
        // Measured here (debug build, 2 cores): about 17 MB either way, 1–2 s for the large one.
        let large = try PeakMemory.measure(arguments)
        XCTAssertLessThan(large.peak - before.peak, 32 << 20, "peak \(large.peak) bytes, \(before.peak) before")
        XCTAssertEqual(large.outputBytes, before.outputBytes, "the output names the file, whatever its size")
        let written = try FileManager.default.attributesOfItem(
            atPath: blobs.appendingPathComponent("Photo-p8-image.jpg").path)
        XCTAssertEqual((written[.size] as? NSNumber)?.intValue, size)
    }
}
