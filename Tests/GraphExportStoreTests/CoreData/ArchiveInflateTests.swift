import GraphExportInflate
import XCTest

@testable import GraphExportCoreData

/// Decompression and the sniffing of `Z_MODELCACHE` encodings (`coredata-format.md` §1.2).
final class ArchiveInflateTests: XCTestCase {
    private let source = "test.sqlite (Z_MODELCACHE)"

    func testRealModelCacheIsRawDeflateAndInflatesToTheManifestSize() throws {
        let store = try XCTUnwrap(ArchiveSamples.stores.first { $0.file == "CoreDataMigration_Example_3.sqlite" })
        let path = try ArchiveSamples.copy(store.folder + "/" + store.file, for: self)
        let blob = try ArchiveSamples.blob("SELECT Z_CONTENT FROM Z_MODELCACHE", inStoreAt: path)
        let cache = try XCTUnwrap(ArchiveSamples.manifest(of: store)["Z_MODELCACHE"] as? [String: Any])

        XCTAssertEqual(blob.count, cache["compressed_bytes"] as? Int)
        let inflated = try Inflate.decompress(blob, framing: .raw, source: source)
        XCTAssertEqual(inflated.count, cache["inflated_bytes"] as? Int)
        XCTAssertEqual(try ModelCacheContent.propertyList(fromBlob: blob, source: source), inflated)
    }

    func testSniffingAcceptsPlainRawAndZlibEncodings() throws {
        let plist = HandMadePlist([[0x51, 0x61]]).bytes

        XCTAssertEqual(try ModelCacheContent.propertyList(fromBlob: plist, source: source), plist)
        XCTAssertEqual(
            try ModelCacheContent.propertyList(fromBlob: Deflate.compress(plist, framing: .raw), source: source), plist)
        let zlib = Deflate.compress(plist, framing: .zlib)
        XCTAssertEqual(zlib.first, 0x78)
        XCTAssertEqual(try ModelCacheContent.propertyList(fromBlob: zlib, source: source), plist)
    }

    func testLZFSEIsRefusedByName() {
        for magic in ["bvx2", "bvxn", "bvx-", "bvx1"] {
            let blob = Array(magic.utf8) + [0x10, 0, 0, 0, 0x51, 0x61]
            XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: blob, source: source)) { error in
                XCTAssertEqual(error as? ArchiveError, .lzfseCompressed(source: source))
                XCTAssertTrue("\(error)".contains("LZFSE-compressed model caches are not supported"))
            }
        }
    }

    func testGarbageTruncationAndNonPlistContentAreErrors() {
        let plist = HandMadePlist([[0x51, 0x61]]).bytes
        let raw = Deflate.compress(plist, framing: .raw)

        XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: [0xFF, 0xFF, 0xFF], source: source)) {
            guard case .corrupt(let named, _)? = $0 as? InflateError else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(named, self.source)
        }
        XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: [], source: source))
        for length in 1..<raw.count {
            XCTAssertThrowsError(
                try ModelCacheContent.propertyList(fromBlob: Array(raw.prefix(length)), source: source),
                "\(length) of \(raw.count) bytes")
        }
        let text = Deflate.compress(Array("not a property list".utf8), framing: .raw)
        XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: text, source: source)) {
            guard case .unknownEncoding? = $0 as? ArchiveError else { return XCTFail("\($0)") }
        }
    }

    func testDecompressionBombsStopAtTheLimit() throws {
        // 65 MB of zeros in about 300 KB, against the default limit.
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let bomb = Deflate.compress(zeros, repetitions: 65, framing: .raw)
        XCTAssertLessThan(bomb.count, 400_000)
        XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: bomb, source: source)) { error in
            XCTAssertEqual(error as? InflateError, .tooLarge(source: self.source, limit: Inflate.defaultLimit))
        }
        // The zlib framing, against a smaller limit: a bomb gets no second try in another framing.
        let zlibBomb = Deflate.compress(zeros, repetitions: 2, framing: .zlib)
        XCTAssertThrowsError(try ModelCacheContent.propertyList(fromBlob: zlibBomb, limit: 1 << 20, source: source)) {
            XCTAssertEqual($0 as? InflateError, .tooLarge(source: self.source, limit: 1 << 20))
        }
        let small = Deflate.compress(zeros, framing: .raw)
        XCTAssertThrowsError(try Inflate.decompress(small, framing: .raw, limit: 1000, source: source)) { error in
            XCTAssertEqual(error as? InflateError, .tooLarge(source: self.source, limit: 1000))
        }
        XCTAssertEqual(try Inflate.decompress(small, framing: .raw, limit: 1 << 20, source: source), zeros)
    }
}
