import Foundation
import XCTest

/// A value SQLite hands over whole (a plain database's BLOB, an inline Core Data binary) is held in
/// memory while it is written: its cost is bounded by a small multiple of its size, measured here
/// for a 100 MiB BLOB in every built-in format. (Side files of Core Data's external storage stream
/// instead: `ExternalDataMemorySlowTests`.)
final class InlineBlobMemorySlowTests: XCTestCase {
    private static let blobSize = 100 << 20

    /// The peak memory of an export whose one value is a 100 MiB BLOB stays under eight times the
    /// value's size, and the whole value is written: the output holds at least its base64 text.
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
}
