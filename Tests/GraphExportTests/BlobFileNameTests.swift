import GraphExport
import XCTest

/// The names `--blobs` gives files: one per object and attribute, safe on any file system, never
/// shared, with the extension the bytes show; and the paths the export gives them.
final class BlobFileNameTests: XCTestCase {
    func testANameIsTheEntityTheKeyAndTheAttributeEachEscaped() {
        let coreData = ObjectID(prefix: "x-coredata://6F2C/Photo/p", number: 8)
        XCTAssertEqual(BlobFileName.stem(entity: "Photo", id: coreData, attribute: "thumbnail"), "Photo-p8-thumbnail")
        XCTAssertEqual(
            BlobFileName.stem(entity: "PlaylistTrack", id: ObjectID("PlaylistTrack/1,3421"), attribute: "art"),
            "PlaylistTrack-1%2C3421-art")
        XCTAssertEqual(
            BlobFileName.stem(entity: "my-table", id: ObjectID("my-table/'a.b"), attribute: "Bild ü"),
            "my%2Dtable-%27a%2Eb-Bild%20%C3%BC")
        XCTAssertEqual(
            BlobFileName.stem(entity: "Item", id: ObjectID("Item/3"), attribute: "info", position: ["thumb", "0"]),
            "Item-3-info-thumb-0")
        // Parts never hold the separator, so different parts never make one name.
        XCTAssertNotEqual(
            BlobFileName.stem(entity: "a-b", id: ObjectID("a-b/1"), attribute: "c"),
            BlobFileName.stem(entity: "a", id: ObjectID("a/b-1"), attribute: "c"))
    }

    func testALongNameKeepsItsStartAndAHashOfTheWhole() {
        let long = String(repeating: "x", count: 300)
        let name = BlobFileName.name(stem: long, fileExtension: "png")
        XCTAssertLessThanOrEqual(name.utf8.count, BlobFileName.maximumLength)
        XCTAssertTrue(name.hasPrefix(String(repeating: "x", count: 200) + "~"), name)
        XCTAssertTrue(name.hasSuffix(".png"))
        XCTAssertNotEqual(name, BlobFileName.name(stem: long + "y", fileExtension: "png"))
        XCTAssertEqual(BlobFileName.name(stem: "Photo-p8-image", fileExtension: "jpg"), "Photo-p8-image.jpg")
    }

    func testTheExtensionIsSniffedFromTheFirstBytes() {
        func sniffed(_ bytes: [UInt8]) -> String {
            bytes.withUnsafeBytes { BlobFileName.sniffedExtension(of: $0) }
        }
        XCTAssertEqual(sniffed([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), "png")
        XCTAssertEqual(sniffed([0xFF, 0xD8, 0xFF, 0xE0]), "jpg")
        XCTAssertEqual(sniffed(Array("GIF89a...".utf8)), "gif")
        XCTAssertEqual(sniffed(Array("GIF87a".utf8)), "gif")
        XCTAssertEqual(sniffed(Array("%PDF-1.7\n".utf8)), "pdf")
        for (major, compatible, expected) in [
            ("heic", "heic", "heic"), ("mif1", "heic", "heic"), ("avif", "avif", "bin"),
        ] {
            let box: [UInt8] =
                [0, 0, 0, 24] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + Array("mif1\(compatible)".utf8)
            XCTAssertEqual(sniffed(box), expected, major)
        }
        XCTAssertEqual(sniffed([0x89, 0x50]), "bin", "too short for a signature")
        XCTAssertEqual(sniffed([]), "bin")
        XCTAssertEqual(sniffed(Array("plain text".utf8)), "bin")
    }

    func testAPathIsTheFolderFromTheBaseThenTheName() {
        XCTAssertEqual(BlobFolder.relativePath(from: "/a/out", to: "/a/out/files"), "files/")
        XCTAssertEqual(BlobFolder.relativePath(from: "/a/out", to: "/a/files"), "../files/")
        XCTAssertEqual(BlobFolder.relativePath(from: "/a/out", to: "/a/out"), "")
        XCTAssertEqual(BlobFolder.relativePath(from: "/", to: "/x/y"), "x/y/")
        XCTAssertEqual(BlobFolder.relativePath(from: "/a/b/c", to: "/d"), "../../../d/")
    }
}
