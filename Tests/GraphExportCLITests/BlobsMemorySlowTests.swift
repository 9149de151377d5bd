import Foundation
import XCTest

/// `--blobs` copies a Core Data external-storage file of 512 MiB (sparse: zeros that cost no disk
/// to read) into its file in chunks: the export's peak memory is that of the export with the
/// 20 KiB side file, give or take 32 MiB, and the output holds the path, not the bytes.
final class BlobsMemorySlowTests: XCTestCase {
    /// Photo p8's image in the Scrapbook sample, 20 480 bytes.
    private static let sideFile = ".Scrapbook_SUPPORT/_EXTERNAL_DATA/DFF75363-4E0E-48D9-9857-A9AE93F265E6"

    func testALargeSideFileIsCopiedToItsFileInFlatMemory() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let blobs = copy.appendingPathComponent("exported")
        let arguments = [
            "--model", copy.appendingPathComponent("Scrapbook.xcdatamodeld").path, "--blobs", blobs.path,
            copy.appendingPathComponent("Scrapbook.sqlite").path,
        ]
        let before = try PeakMemory.measure(arguments)
        try FileManager.default.removeItem(at: blobs)
        let size = 512 << 20
        XCTAssertEqual(truncate(copy.appendingPathComponent(Self.sideFile).path, off_t(size)), 0)
        // Measured here (debug build, 2 cores): about 17 MB either way, 1–2 s for the large one.
        let large = try PeakMemory.measure(arguments)
        XCTAssertLessThan(large.peak - before.peak, 32 << 20, "peak \(large.peak) bytes, \(before.peak) before")
        XCTAssertEqual(large.outputBytes, before.outputBytes, "the output names the file, whatever its size")
        let written = try FileManager.default.attributesOfItem(
            atPath: blobs.appendingPathComponent("Photo-p8-image.jpg").path)
        XCTAssertEqual((written[.size] as? NSNumber)?.intValue, size)
    }
}
