import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportTestSupport
import XCTest

/// Side files of external-storage attributes that are not what they should be: only regular files
/// inside the store's own `.<name>_SUPPORT/_EXTERNAL_DATA/` are read, never through a link; anything
/// else is a warning naming the object and the file, and a null value.
final class CoreDataExternalDataTests: XCTestCase {
    fileprivate static let folder = ".Scrapbook_SUPPORT/_EXTERNAL_DATA"
    /// Photo p8's image (20 480 bytes).
    fileprivate static let image = "DFF75363-4E0E-48D9-9857-A9AE93F265E6"
    /// Scrapbook p1's cover image (6 144 bytes), left alone by every test but the folder ones.
    private static let cover = "164CDE2F-49C3-4B38-8E1F-8672BFB19507"

    /// Before: the link was followed, and the file outside the store was exported as the image.
    func testSideFileThatIsASymbolicLinkIsNeverFollowed() throws {
        let secret = Array("TOPSECRET outside the store\n".utf8)
        for target in ["outside", "/dev/zero", Self.cover] {
            let scrapbook = try ScrapbookCopy(for: self)
            let outside = scrapbook.scratch.path("secret")
            try Data(secret).write(to: URL(fileURLWithPath: outside))
            try scrapbook.replaceImage { path in
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: target == "outside" ? outside : target)
            }
            try scrapbook.assertImageRefused(
                because: "is a symbolic link, which is never followed", "link to \(target)", forbidden: secret)
        }
    }

    /// Before: reading the FIFO waited for a writer forever.
    func testSideFileThatIsAFIFOIsNotRead() throws {
        let scrapbook = try ScrapbookCopy(for: self)
        try scrapbook.replaceImage { path in
            guard mkfifo(path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        }
        try scrapbook.assertImageRefused(because: "is a FIFO, not a regular file", "FIFO")
    }

    func testFolderInPlaceOfASideFileIsNotRead() throws {
        let scrapbook = try ScrapbookCopy(for: self)
        try scrapbook.replaceImage { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        try scrapbook.assertImageRefused(because: "is a folder, not a regular file", "folder")
    }

    /// Before: a side file of more than 256 MiB was written as null, with a warning (and before
    /// that, read whole into memory). Now a side file of any size is a file value, which the store
    /// does not read: writers stream it. A sparse file costs no disk.
    func testSideFileOfAnySizeIsAFileValueTheStoreDoesNotRead() throws {
        let scrapbook = try ScrapbookCopy(for: self)
        let size = 300 << 20
        try scrapbook.replaceImage { path in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            defer { close(descriptor) }
            guard ftruncate(descriptor, off_t(size)) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        }
        let start = Date()
        for shape in ExportShape.allCases {
            let export = try scrapbook.export(shape, streamsFileBytes: true)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            guard case .binaryFile(let file)? = export.graph[scrapbook.id("Photo", 8)]?.value("image") else {
                return XCTFail("\(shape): the image is not a file value")
            }
            XCTAssertEqual(file.count, size)
            XCTAssertEqual(file.path, scrapbook.folder + "/" + Self.folder + "/" + Self.image)
            XCTAssertEqual(file.owner, "Photo p8 image")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the file is not read")
    }

    /// Before: a linked folder was read wherever it pointed.
    func testLinkedSupportOrExternalDataFolderIsRefused() throws {
        for linked in [".Scrapbook_SUPPORT", Self.folder] {
            let scrapbook = try ScrapbookCopy(for: self)
            let original = scrapbook.folder + "/" + linked
            let elsewhere = scrapbook.scratch.path("elsewhere")
            try FileManager.default.moveItem(atPath: original, toPath: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: original, withDestinationPath: elsewhere)
            let reason = "is not read: \(linked) is a symbolic link, which is never followed"
            for shape in ExportShape.allCases {
                let export = try scrapbook.export(shape)
                XCTAssertTrue(export.check.isValid, "\(linked) \(shape):\n\(export.check.summary())")
                XCTAssertEqual(export.graph[scrapbook.id("Photo", 8)]?.value("image"), .null, "\(linked) \(shape)")
                XCTAssertEqual(export.graph[scrapbook.id("Scrapbook", 1)]?.value("coverImage"), .null)
                let messages = export.warnings.map(\.message).sorted()
                XCTAssertEqual(messages.count, 2, "\(linked) \(shape): \(messages)")
                XCTAssertTrue(messages[0].hasPrefix("Photo p8 image: "), messages[0])
                XCTAssertTrue(messages[1].hasPrefix("Scrapbook p1 coverImage: "), messages[1])
                for (message, file) in zip(messages, [Self.image, Self.cover]) {
                    XCTAssertTrue(message.contains(file) && message.contains(reason), "\(linked): \(message)")
                }
            }
        }
    }

    /// A `0x02` reference whose name is no file name of the folder is kept as stored, with a
    /// warning; before, it was kept without one (or, for `..`, the parent folder was opened).
    func testReferenceThatNamesNoFileIsKeptAsStoredWithAWarning() throws {
        for name in ["..", ".", "../../etc/passwd", "A\u{0}B"] {
            let stored = [UInt8(2)] + Array(name.utf8) + [0]
            let hex = stored.map { String(format: "%02X", $0) }.joined()
            let scrapbook = try ScrapbookCopy(for: self, editing: "UPDATE ZITEM SET ZIMAGE = x'\(hex)' WHERE Z_PK = 8")
            let export = try scrapbook.export(.flat)
            XCTAssertEqual(export.graph[scrapbook.id("Photo", 8)]?.value("image"), .binary(stored), name)
            XCTAssertEqual(
                export.warnings.map(\.message),
                [
                    "Photo p8 image: the external-storage reference names no file in "
                        + "\(scrapbook.folder)/\(Self.folder)/; written as the stored bytes"
                ], name)
        }
    }
}

/// What these tests do with a copy of the Scrapbook sample: replace Photo p8's side file, export,
/// check what the export made of it.
extension ScrapbookCopy {
    /// Removes Photo p8's side file and lets `make` put something else under its name.
    fileprivate func replaceImage(_ make: (String) throws -> Void) throws {
        let path = folder + "/" + CoreDataExternalDataTests.folder + "/" + CoreDataExternalDataTests.image
        try FileManager.default.removeItem(atPath: path)
        try make(path)
    }

    /// An export through a recording writer that is given file values as files when
    /// `streamsFileBytes`, as their bytes otherwise.
    fileprivate func export(_ shape: ExportShape, streamsFileBytes: Bool = false) throws -> CheckedExport {
        let warnings = CollectedWarnings()
        let opened = try open(onWarning: warnings.record)
        XCTAssertEqual(warnings.take(), [], "opening warned")
        return try CheckedExport(opened, shape: shape, warnings: warnings, streamsFileBytes: streamsFileBytes)
    }

    fileprivate func id(_ entity: String, _ row: Int64) -> ObjectID {
        ObjectID("x-coredata://6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93/\(entity)/p\(row)")
    }

    /// In both shapes: Photo p8's image is null, one warning names the object, the attribute,
    /// the file and `reason`, the cover image beside it is still read, and no exported value
    /// contains `forbidden`.
    fileprivate func assertImageRefused(
        because reason: String, _ label: String, forbidden: [UInt8]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for shape in ExportShape.allCases {
            let export = try self.export(shape)
            XCTAssertTrue(
                export.check.isValid, "\(label) \(shape):\n\(export.check.summary())", file: file, line: line)
            XCTAssertEqual(
                export.graph[id("Photo", 8)]?.value("image"), .null, "\(label) \(shape)", file: file, line: line)
            let path = folder + "/" + CoreDataExternalDataTests.folder + "/" + CoreDataExternalDataTests.image
            XCTAssertEqual(
                export.warnings.map(\.message),
                ["Photo p8 image: external data file \(path) \(reason); written as null"], "\(label) \(shape)",
                file: file, line: line)
            guard case .binary(let cover)? = export.graph[id("Scrapbook", 1)]?.value("coverImage") else {
                return XCTFail("\(label) \(shape): the cover image is no longer read", file: file, line: line)
            }
            XCTAssertEqual(cover.count, 6_144, "\(label) \(shape)", file: file, line: line)
            XCTAssertEqual(Array(cover.prefix(4)), [0x89, 0x50, 0x4E, 0x47], file: file, line: line)
            guard let forbidden else { continue }
            for case .attribute(let name, .binary(let bytes)) in export.recording.events
            where bytes.count >= forbidden.count
                && (0...(bytes.count - forbidden.count)).contains(where: {
                    Array(bytes[$0..<$0 + forbidden.count]) == forbidden
                })
            {
                XCTFail("\(label) \(shape): \(name) holds the file outside the store", file: file, line: line)
            }
        }
    }
}
