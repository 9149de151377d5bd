import Foundation
import XCTest

@testable import GraphExportCoreData

/// Parses binary property lists written by Python's `plistlib`, by hand, and by Core Data itself
/// (every sample store's `Z_METADATA.Z_PLIST`).
final class ArchiveBinaryPropertyListTests: XCTestCase {
    // MARK: - Written by plistlib

    func testEveryValueKindPlistlibWrites() throws {
        let bytes = try Python.run(
            """
            import plistlib, sys, datetime
            value = {
                "ascii": "hello", "unicode": "h\\u00e9llo \\u2603 \\U0001d11e", "empty": "",
                "long": "x" * 100, "zero": 0, "byte": 255, "short": 256, "word": 65536,
                "wide": 2 ** 40, "max": 2 ** 63 - 1, "negative": -1, "min": -2 ** 63,
                "unsigned": 2 ** 64 - 1, "above": 2 ** 63, "real": 1.5, "small": -0.1,
                "true": True, "false": False, "data": b"\\x00\\x01\\xff", "blob": bytes(range(256)) * 2,
                "date": datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=743906532.5),
                "before": datetime.datetime(1981, 1, 2, 0, 0, 1),
                "array": [1, "two", [3.0]], "nested": {"a": {"b": {}}}, "uid": plistlib.UID(7),
                "wideuid": plistlib.UID(300), "many": list(range(40)),
            }
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
            """)
        let value = try BinaryPropertyList.parse(bytes, source: "plistlib")
        let dictionary = try XCTUnwrap(value.dictionary)

        XCTAssertEqual(dictionary.keys.first, "ascii", "file order is kept")
        XCTAssertEqual(dictionary.keys.last, "many")
        XCTAssertEqual(dictionary["ascii"], .string("hello"))
        XCTAssertEqual(dictionary["unicode"], .string("h\u{E9}llo \u{2603} \u{1D11E}"))
        XCTAssertEqual(dictionary["empty"], .string(""))
        XCTAssertEqual(dictionary["long"], .string(String(repeating: "x", count: 100)))
        XCTAssertEqual(dictionary["zero"], .integer(0))
        XCTAssertEqual(dictionary["byte"], .integer(255))
        XCTAssertEqual(dictionary["short"], .integer(256))
        XCTAssertEqual(dictionary["word"], .integer(65536))
        XCTAssertEqual(dictionary["wide"], .integer(1 << 40))
        XCTAssertEqual(dictionary["max"], .integer(.max))
        XCTAssertEqual(dictionary["negative"], .integer(-1))
        XCTAssertEqual(dictionary["min"], .integer(.min))
        XCTAssertEqual(dictionary["unsigned"], .unsignedInteger(.max))
        XCTAssertEqual(dictionary["above"], .unsignedInteger(1 << 63))
        XCTAssertEqual(dictionary["real"], .real(1.5))
        XCTAssertEqual(dictionary["small"], .real(-0.1))
        XCTAssertEqual(dictionary["true"], .boolean(true))
        XCTAssertEqual(dictionary["false"], .boolean(false))
        XCTAssertEqual(dictionary["data"], .data([0, 1, 255]))
        XCTAssertEqual(dictionary["blob"], .data(Array(0...255) + Array(0...255)))
        XCTAssertEqual(dictionary["date"], .date(743_906_532.5))
        XCTAssertEqual(dictionary["before"], .date(-631_065_599))
        XCTAssertEqual(dictionary["array"], .array([.integer(1), .string("two"), .array([.real(3)])]))
        XCTAssertEqual(
            dictionary["nested"]?.dictionary?["a"]?.dictionary?["b"]?.dictionary?.count, 0)
        XCTAssertEqual(dictionary["uid"], .uid(7))
        XCTAssertEqual(dictionary["wideuid"], .uid(300))
        XCTAssertEqual(dictionary["many"], .array((0..<40).map { .integer(Int64($0)) }))
    }

    func testWideReferencesAndOffsetsFromALargePlist() throws {
        let bytes = try Python.run(
            """
            import plistlib, sys
            value = [{"key%d" % i: "value %d" % i} for i in range(400)] + ["z" * 70000]
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
            """)
        let array = try XCTUnwrap(BinaryPropertyList.parse(bytes, source: "plistlib").array)

        XCTAssertEqual(array.count, 401)
        XCTAssertEqual(array[399].dictionary?["key399"], .string("value 399"))
        XCTAssertEqual(array[400].string?.count, 70000)
    }

    // MARK: - Written by hand: what plistlib never writes

    func testFourByteRealSetUTF8StringAndSixteenByteIntegers() throws {
        let float: [UInt8] = [0x22, 0x3F, 0xC0, 0, 0]  // 1.5 as a 4-byte float
        let utf8: [UInt8] = [0x72, 0xC3, 0xA9]  // "é", 2 bytes
        let negative128: [UInt8] = [0x14] + [UInt8](repeating: 0xFF, count: 16)  // -1
        var plist = HandMadePlist([[0xC3, 1, 2, 3], float, utf8, negative128])

        XCTAssertEqual(
            try BinaryPropertyList.parse(plist.bytes, source: "hand"),
            .array([.real(1.5), .string("\u{E9}"), .integer(-1)]))

        plist.objects[3] = [0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: "hand")) { error in
            XCTAssertEqual(
                error as? ArchiveError, .malformedPropertyList(source: "hand", defect: .integerTooLarge(object: 3)))
        }
    }

    func testSharedObjectsAreDecodedOnceAndEqual() throws {
        // One string referred to from three places.
        let plist = HandMadePlist([[0xA3, 1, 1, 1], [0x51, 0x61]])
        XCTAssertEqual(
            try BinaryPropertyList.parse(plist.bytes, source: "hand"),
            .array([.string("a"), .string("a"), .string("a")]))
    }

    // MARK: - Written by Core Data

    func testEverySampleStoreMetadataPlistMatchesItsManifest() throws {
        for store in ArchiveSamples.stores {
            let path = try ArchiveSamples.copy(store.folder + "/" + store.file, for: self)
            let blob = try ArchiveSamples.blob("SELECT Z_PLIST FROM Z_METADATA", inStoreAt: path)
            let plist = try XCTUnwrap(BinaryPropertyList.parse(blob, source: path).dictionary, store.file)
            let expected = try XCTUnwrap(ArchiveSamples.manifest(of: store)["Z_METADATA"] as? [String: Any])

            XCTAssertEqual(plist.keys.sorted(), expected["plist_keys"] as? [String], store.file)
            XCTAssertEqual(plist["NSStoreType"], .string("SQLite"), store.file)
            XCTAssertEqual(
                plist["NSPersistenceFrameworkVersion"],
                .integer(Int64(try XCTUnwrap(expected["NSPersistenceFrameworkVersion"] as? Int))), store.file)
            XCTAssertEqual(
                plist["NSStoreModelVersionIdentifiers"],
                .array((expected["NSStoreModelVersionIdentifiers"] as? [String] ?? []).map(PropertyListValue.string)),
                store.file)
            let hashes = try XCTUnwrap(plist["NSStoreModelVersionHashes"]?.dictionary, store.file)
            let expectedHashes = try XCTUnwrap(expected["NSStoreModelVersionHashes"] as? [String: String])
            XCTAssertEqual(hashes.keys.sorted(), expectedHashes.keys.sorted(), store.file)
            for (entity, hash) in expectedHashes {
                guard case .data(let bytes)? = hashes[entity] else {
                    XCTFail("\(store.file): the hash of \(entity) is not data")
                    continue
                }
                XCTAssertEqual(bytes.map { String(format: "%02x", $0) }.joined(), hash, "\(store.file) \(entity)")
            }
        }
    }
}
