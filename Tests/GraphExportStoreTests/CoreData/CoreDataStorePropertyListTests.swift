import Foundation
import GraphExport
import GraphExportInflate
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// Stores whose `Z_METADATA` or `Z_MODELCACHE` property list is garbage, cut short or cyclic: a
/// clear message naming the store and the column, in bounded time, never a crash or a hang.
final class CoreDataStorePropertyListTests: XCTestCase {
    /// Damaged plists, each with the defect the reader must report.
    private static var damaged: [(name: String, bytes: [UInt8], defect: ArchiveError.PropertyListDefect)] {
        var huge = HandMadePlist([[0x51, 0x61]])
        huge.declaredCount = 1 << 60
        var pointsAtTable = HandMadePlist([[0xA1, 1], [0x51, 0x61]])
        pointsAtTable.offsetOverrides[1] = 12
        var aliased = HandMadePlist([[0xA1, 1], [0x51, 0x61]])
        aliased.offsetOverrides[1] = 8
        return [
            ("garbage", Array("these are not the bytes of a plist".utf8), .missingHeader),
            ("cyclic", HandMadePlist([[0xA1, 0]]).bytes, .cycle(object: 0)),
            ("2^60 objects", huge.bytes, .invalidTrailer("it declares 1152921504606846976 objects in 44 bytes")),
            ("offset into the offset table", pointsAtTable.bytes, .offsetOutOfRange(object: 1, offset: 12)),
            ("two objects at one offset", aliased.bytes, .cycle(object: 1)),
            (
                "cut short", Array(HandMadePlist([[0xA1, 1], [0x51, 0x61]]).bytes.prefix(30)),
                .invalidTrailer("the data is only 30 bytes long")
            ),
        ]
    }

    /// Before: a damaged metadata plist was ignored without a word.
    func testDamagedMetadataPlistIsAWarningAndEveryObjectIsStillExported() throws {
        for (name, bytes, defect) in Self.damaged {
            let (opened, warnings) = try openWithMetadataPlist(
                "x'\(Self.hex(bytes))'", warning: "is not a well-formed binary property list: \(defect)", name)
            XCTAssertEqual(opened.document.sourceFields.map(\.key), ["storeUUID"], name)
            let export = try CheckedExport(opened, shape: .flat, warnings: warnings)
            XCTAssertTrue(export.check.isValid, "\(name):\n\(export.check.summary())")
            XCTAssertEqual(
                export.objects.counts, ["Clipping": 4, "Note": 6, "Page": 7, "Photo": 10, "Scrapbook": 2, "Tag": 6],
                name)
        }
    }

    /// Before: a NULL or zero-byte `Z_PLIST` was reported as a plist that "does not start with
    /// 'bplist00'", as if it held damaged bytes.
    func testEmptyMetadataPlistIsAWarningThatSaysItIsEmpty() throws {
        for value in ["NULL", "x''"] {
            try openWithMetadataPlist(value, warning: "is empty, not a binary property list", value)
        }
    }

    /// Before: a store whose UUID was NULL was exported with ids `x-coredata:///…`.
    func testStoreWithoutAUUIDIsAnError() throws {
        let scrapbook = try ScrapbookCopy(for: self, editing: "UPDATE Z_METADATA SET Z_UUID = NULL")
        XCTAssertThrowsError(try CoreDataStore(path: scrapbook.store, model: try ModelFile.load(path: scrapbook.model)))
        {
            XCTAssertEqual(
                $0 as? CoreDataError, .malformedStore(path: scrapbook.store, reason: "Z_METADATA has no store UUID"))
        }
    }

    /// Without a model the cache is the model: a damaged one is the error, naming store and column.
    func testDamagedModelCacheIsAnErrorNamingStoreAndColumn() throws {
        let selfRoot = PlistWriter.bytes(
            HandMadeArchive.dictionary([
                ("$archiver", .string("NSKeyedArchiver")), ("$top", HandMadeArchive.dictionary([("root", .uid(1))])),
                ("$objects", .array([.string("$null"), .uid(1)])),
            ]))
        let cases =
            Self.damaged.map { ($0.name, $0.bytes, $0.defect) } + [
                ("root object that is a reference to itself", selfRoot, nil),
                ("compressed garbage", Deflate.compress(Array("no plist".utf8), framing: .raw), nil),
            ]
        for (name, bytes, plistDefect) in cases {
            // Bytes without the bplist00 header are tried as compressed data: a different error.
            let defect = BinaryPropertyList.hasHeader(bytes) ? plistDefect : nil
            let scrapbook = try ScrapbookCopy(
                for: self,
                editing:
                    "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB); INSERT INTO Z_MODELCACHE VALUES (x'\(Self.hex(bytes))')"
            )
            let start = Date()
            XCTAssertThrowsError(try CoreDataStore(path: scrapbook.store), name) { error in
                let source = scrapbook.store + " (Z_MODELCACHE)"
                XCTAssertTrue("\(error)".hasPrefix("'\(source)'"), "\(name): \(error)")
                guard let defect else {
                    return XCTAssertTrue(error is ArchiveError || error is InflateError, "\(name): \(error)")
                }
                XCTAssertEqual(error as? ArchiveError, .malformedPropertyList(source: source, defect: defect), name)
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, name)
        }
    }

    // MARK: - Helpers

    /// The Scrapbook sample with `Z_METADATA.Z_PLIST` set to the SQL value `plist`, opened with its
    /// model in bounded time, after checking that it said one warning, `'<store> (Z_METADATA)'`
    /// then `warning` and that the export's header names no framework version, and that it has
    /// none. The warnings it collects go on with the store.
    @discardableResult
    private func openWithMetadataPlist(
        _ plist: String, warning: String, _ label: String
    ) throws -> (store: CoreDataStore, warnings: CollectedWarnings) {
        let scrapbook = try ScrapbookCopy(for: self, editing: "UPDATE Z_METADATA SET Z_PLIST = \(plist)")
        let warnings = CollectedWarnings()
        let start = Date()
        let opened = try scrapbook.open(onWarning: warnings.record)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, label)
        XCTAssertEqual(
            warnings.take().map(\.message),
            ["'\(scrapbook.store) (Z_METADATA)' \(warning); the export's header names no framework version"], label)
        XCTAssertNil(opened.frameworkVersion, label)
        return (opened, warnings)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined()
    }
}
