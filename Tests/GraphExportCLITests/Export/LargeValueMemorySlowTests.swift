import Foundation
import XCTest

/// Values far larger than memory export in bounded memory (``PeakMemory``). Slow: they make and
/// read gigabytes.
final class LargeValueMemorySlowTests: XCTestCase {
    // MARK: - A side file copied with --blobs

    /// `--blobs` copies a Core Data external-storage file of 512 MiB (sparse: zeros that cost no disk
    /// to read) into its file in chunks: the export's peak memory is that of the export with the
    /// 20 KiB side file, give or take 32 MiB, and the output holds the path, not the bytes.
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

    // MARK: - An inline value

    /// The size of the inline value.
    private static let blobSize = 100 << 20

    /// A value SQLite hands over whole (a plain database's BLOB, an inline Core Data binary) is held
    /// in memory while it is written (side files of Core Data's external storage stream instead:
    /// ``testA4GiBSideFileExportsInEveryFormatInFlatMemory()``): the peak memory of an export whose
    /// one value is a 100 MiB BLOB stays under eight times the value's size, in every built-in
    /// format, and the whole value is written: the output holds at least its base64 text.
    func testA100MiBBlobExportsInEveryFormatInBoundedMemory() throws {
        let folder = try ScratchDatabase.make(
            "blob.sqlite",
            sql: """
                CREATE TABLE Item (id INTEGER PRIMARY KEY, data BLOB);
                INSERT INTO Item (data) VALUES (randomblob(\(Self.blobSize)));
                """, for: self)
        let store = folder.appendingPathComponent("blob.sqlite").path
        let base64Length = (Self.blobSize + 2) / 3 * 4
        for format in ["json", "jsonl", "xml", "yaml", "plist", "graphml"] {
            let (peak, outputBytes) = try PeakMemory.measure(["--format", format, store])
            XCTAssertGreaterThan(outputBytes, base64Length, "\(format): the value was not written whole")
            XCTAssertLessThan(peak, 8 * Self.blobSize, "\(format): \(peak) bytes at the peak")
        }
    }

    // MARK: - A side file in every format

    /// An external-storage side file of 4 GiB (sparse: zeros that cost no disk) exports in every
    /// built-in format with the peak memory of the export of the same store with its 20 KiB side
    /// file, give or take 32 MiB, and with all of its base64 in the output. Before, it was written as
    /// null (over 256 MiB), and before that it failed to allocate. Slow: 5.7 GB of base64 per format.
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
