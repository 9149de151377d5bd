import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// ``BlobFileWriter`` with a ``BlobFolder``: every binary value, also a file's and those inside
/// arrays and maps, becomes a file and its path; the header types `Binary` attributes `String`;
/// a discarded folder keeps nothing.
final class BlobFileWriterTests: XCTestCase {
    /// One `Item` with bytes as a `Binary` value, in a file, and inside an array and a map.
    private func graph(file: FileBytes) throws -> InMemoryGraph {
        let model = try GraphModel(entities: [
            EntityInfo.entity("Item", ["picture": .binary, "side": .binary, "info": .transformable, "title": .string])
        ])
        let graph = SampleGraphs.graph(model)
        let gif = Array("GIF89a-picture".utf8)
        try graph.add(
            "Item",
            [
                "picture": .binary(gif), "side": .binaryFile(file),
                "info": .map(["thumbs": .array([.binary([0xFF, 0xD8, 0xFF, 1]), .string("x")]), "n": .integer(2)]),
                "title": .string("bytes"),
            ])
        return graph
    }

    func testEveryBinaryValueBecomesAFileAndItsPath() throws {
        let folder = try temporaryFolder()
        let side = folder.appendingPathComponent("side.pdf")
        try Data("%PDF-1.4 side file".utf8).write(to: side)
        let graph = try graph(file: try FileBytes(path: side.path))
        let blobs = try BlobFolder(path: folder.appendingPathComponent("files").path, relativeTo: folder.path)
        let recording = RecordingGraphWriter()
        try GraphTraversal(source: graph).run(into: BlobFileWriter(recording, folder: blobs))
        blobs.commit()
        let attributes = recording.events.compactMap { event -> (String, Value)? in
            if case .attribute(let name, let value) = event { return (name, value) }
            return nil
        }
        XCTAssertEqual(attributes.map(\.0), ["picture", "side", "info", "title"])
        XCTAssertEqual(attributes[0].1, .string("files/Item-1-picture.gif"))
        XCTAssertEqual(attributes[1].1, .string("files/Item-1-side.pdf"))
        XCTAssertEqual(
            attributes[2].1,
            .map(["thumbs": .array([.string("files/Item-1-info-thumbs-0.jpg"), .string("x")]), "n": .integer(2)]))
        XCTAssertEqual(attributes[3].1, .string("bytes"))
        let files = folder.appendingPathComponent("files")
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: files.path)),
            ["Item-1-picture.gif", "Item-1-side.pdf", "Item-1-info-thumbs-0.jpg"])
        XCTAssertEqual(
            try Data(contentsOf: files.appendingPathComponent("Item-1-side.pdf")), try Data(contentsOf: side))
        XCTAssertEqual(blobs.count, 3)
        XCTAssertEqual(
            recording.document?.entities.first?.attributes.map(\.type), [.string, .string, .transformable, .string])
    }

    func testADiscardedFolderKeepsNothingAndAFolderItMadeGoesToo() throws {
        let folder = try temporaryFolder()
        let side = folder.appendingPathComponent("side")
        try Data([1, 2, 3]).write(to: side)
        let graph = try graph(file: try FileBytes(path: side.path))
        let made = folder.appendingPathComponent("made")
        let blobs = try BlobFolder(path: made.path, relativeTo: folder.path)
        try GraphTraversal(source: graph).run(into: BlobFileWriter(RecordingGraphWriter(), folder: blobs))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: made.path).count, 3)
        blobs.discard()
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.path))

        let existing = folder.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: existing.appendingPathComponent("mine.txt"))
        let again = try BlobFolder(path: existing.path, relativeTo: existing.path)
        try GraphTraversal(source: graph).run(into: BlobFileWriter(RecordingGraphWriter(), folder: again))
        again.discard()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: existing.path), ["mine.txt"])
    }
}
