import Foundation
import GraphExport
import XCTest

/// A Core Data store whose external-storage side file is large (4 MB: 82 file chunks, its base64
/// 81 output blocks) exports, in every built-in format and the plugin event stream, byte for byte
/// as the same store with those bytes stored inline: the side file is streamed by the same rules
/// as bytes in memory.
final class ExternalDataStreamingTests: XCTestCase {
    /// Photo p8's image, an external-storage side file of the Scrapbook sample.
    private static let sideFile = ".Scrapbook_SUPPORT/_EXTERNAL_DATA/DFF75363-4E0E-48D9-9857-A9AE93F265E6"

    func testALargeSideFileExportsAsTheSameBytesStoredInline() throws {
        let copy = try ScratchFolder(for: self).copy(Inputs.scrapbook)
        let (store, model) = (copy + "/Scrapbook.sqlite", copy + "/Scrapbook.xcdatamodeld")
        let bytes = FileValueTests.pattern(4_000_001, seed: 5)
        try Data(bytes).write(to: URL(fileURLWithPath: copy + "/" + Self.sideFile))

        let streamed = try exports(store, model)
        try SQLiteFile(store, writable: true).run("UPDATE ZITEM SET ZIMAGE = ? WHERE Z_PK = 8", [.blob([1] + bytes)])
        let inline = try exports(store, model)
        for writer in FileValueWriters.perFormat {
            let expected = try XCTUnwrap(inline[writer.name])
            XCTAssertGreaterThan(expected.count, Base64.encodedCount(bytes.count), writer.name)
            FileValueWriters.assertSameBytes(try XCTUnwrap(streamed[writer.name]), expected, writer.name)
        }
    }

    /// The store's export by each writer of ``FileValueWriters/perFormat``, tree shape; the store is
    /// closed again when it returns.
    private func exports(_ store: String, _ model: String) throws -> [String: [UInt8]] {
        let sample = try StoreSample(path: store, model: model)
        var bytes: [String: [UInt8]] = [:]
        for writer in FileValueWriters.perFormat {
            bytes[writer.name] = try Export(sample.store, shape: .tree) { sink, _ in writer.make(sink) }.bytes
        }
        XCTAssertEqual(sample.warnings, [])
        return bytes
    }
}
