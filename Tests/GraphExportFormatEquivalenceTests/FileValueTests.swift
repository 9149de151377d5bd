import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// Bytes that live in files (``Value/binaryFile(_:)``) in every built-in writer: each one streams
/// them, and writes them byte for byte as it writes the same bytes from memory, with every option
/// and in both shapes, whatever their length; a file that changes under the export stops it with
/// an error naming the file and the object, and `GraphExporter.write(toFile:)` then leaves no file.
final class FileValueTests: XCTestCase {
    private static let chunk = FileBytes.chunkLength
    /// Lengths around base64's groups of three and around the chunks files are read in.
    private static let lengths = [0, 1, 2, 3, 4, 57, chunk - 1, chunk, chunk + 1, 3 * chunk + 2]

    func testEveryWriterStreamsFiles() {
        for writer in FileValueWriters.all {
            XCTAssertTrue(writer.make(MemorySink()).streamsFileBytes, writer.name)
        }
    }

    func testFilesAreWrittenAsTheirBytesAreByEveryWriterInBothShapes() throws {
        let folder = try ScratchFolder(for: self).url
        let (files, bytes) = try albums(lengths: Self.lengths, in: folder)
        for writer in FileValueWriters.all {
            for shape in ExportShape.allCases {
                let streamed = try Export(files, shape: shape) { sink, _ in writer.make(sink) }
                let inMemory = try Export(bytes, shape: shape) { sink, _ in writer.make(sink) }
                FileValueWriters.assertSameBytes(streamed.bytes, inMemory.bytes, "\(writer.name), \(shape)")
                XCTAssertEqual(streamed.warnings, inMemory.warnings, "\(writer.name), \(shape)")
            }
        }
    }

    func testRandomGraphsWithFilesReadBackAsTheirSource() throws {
        for seed in UInt64(1)...6 {
            var generator = RandomGraphGenerator(seed: seed)
            generator.fileFolder = try ScratchFolder(for: self).url.path
            let graph = try generator.makeGraph()
            try assertFormatsAgree(graph, "seed \(seed) with files")
        }
    }

    /// Before: there was no file value to change.
    func testAFileReplacedBeforeItIsWrittenStopsTheExportAndLeavesNoFile() throws {
        for (name, format) in FileValueWriters.formats {
            let folder = try ScratchFolder(for: self).url
            let (graph, path) = try oneAlbum(length: 1000, in: folder)
            XCTAssertEqual(truncate(path, 999), 0)
            let output = folder.appendingPathComponent("out.\(name)").path
            XCTAssertThrowsError(try GraphExporter(source: graph).write(toFile: output, format: format), name) {
                XCTAssertEqual($0 as? FileValueError, .changed(path: path, owner: "Album 1 cover", count: 1000), name)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(name): the output was left")
        }
    }

    /// The file is cut short once the writer has handed its sink the first bytes of the value
    /// (GraphML's sink gets nothing before the end: the file is read into its temporary file).
    func testAFileCutShortWhileItIsWrittenStopsTheExport() throws {
        for writer in FileValueWriters.all where !writer.name.hasPrefix("graphml") {
            let folder = try ScratchFolder(for: self).url
            let length = 20 * Self.chunk
            let (graph, path) = try oneAlbum(length: length, in: folder)
            let sink = CuttingSink(path: path, afterBytes: 2 * Self.chunk)
            XCTAssertThrowsError(try GraphExporter(source: graph).write(using: writer.make(sink)), writer.name) {
                guard case .endedEarly(path, "Album 1 cover", let read, length)? = $0 as? FileValueError else {
                    return XCTFail("\(writer.name): \($0)")
                }
                XCTAssertLessThan(read, length, writer.name)
            }
            XCTAssertTrue(sink.cut, writer.name)
        }
    }

    /// Albums whose covers, and whose photos' images, have the given lengths, as files and the
    /// same as bytes in memory: two graphs with the same objects in the same order. One photo
    /// shares its album's file.
    private func albums(lengths: [Int], in folder: URL) throws -> (files: InMemoryGraph, bytes: InMemoryGraph) {
        let (files, bytes) = (InMemoryGraph(model: try Self.model()), InMemoryGraph(model: try Self.model()))
        var made: [(file: FileBytes, bytes: [UInt8])] = []
        for (index, length) in lengths.enumerated() {
            let content = Self.pattern(length, seed: index)
            let path = folder.appendingPathComponent("value-\(index)").path
            try Data(content).write(to: URL(fileURLWithPath: path))
            made.append((try FileBytes(path: path, owner: "value \(index)"), content))
        }
        for (index, value) in made.enumerated() {
            let photos = [made[(index + 1) % made.count], made[(index + 3) % made.count], value]
            for (graph, inFiles) in [(files, true), (bytes, false)] {
                let cover: Value = inFiles ? .binaryFile(value.file) : .binary(value.bytes)
                let album = try graph.add("Album", ["title": .string("album \(index)"), "cover": cover])
                for (position, photo) in photos.enumerated() {
                    let image: Value = inFiles ? .binaryFile(photo.file) : .binary(photo.bytes)
                    let key = try graph.add("Photo", ["image": image, "caption": .string("photo \(position)")])
                    try graph.link(album, "photos", to: key)
                }
            }
        }
        return (files, bytes)
    }

    /// One album whose cover is a file of `length` bytes, and the file's path.
    private func oneAlbum(length: Int, in folder: URL) throws -> (InMemoryGraph, String) {
        let path = folder.appendingPathComponent("cover").path
        try Data(Self.pattern(length, seed: 0)).write(to: URL(fileURLWithPath: path))
        let graph = InMemoryGraph(model: try Self.model())
        let album = try graph.add(
            "Album",
            ["title": .string("album"), "cover": .binaryFile(try FileBytes(path: path, owner: "Album 1 cover"))])
        try graph.link(album, "photos", to: try graph.add("Photo", ["caption": .string("photo")]))
        return (graph, path)
    }

    /// Albums own their photos, which nest below them in the tree shape: the album's line in JSON
    /// Lines stays open, with its cover's place in it, while its photos' lines are written.
    private static func model() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo.entity(
                "Album", ["title": .string, "cover": .binary],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "album")
                ]),
            EntityInfo.entity(
                "Photo", ["image": .binary, "caption": .string],
                relationships: [
                    RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos")
                ]),
        ])
    }

    /// Bytes that differ from chunk to chunk and within a chunk, so that a misplaced chunk shows.
    static func pattern(_ length: Int, seed: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 1000 &+ seed) }
    }
}

/// A sink that keeps nothing and cuts a file to nothing once it has been given `afterBytes` bytes.
private final class CuttingSink: ByteSink {
    private let path: String
    private let afterBytes: Int
    private var received = 0
    private(set) var cut = false

    init(path: String, afterBytes: Int) {
        self.path = path
        self.afterBytes = afterBytes
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        received += bytes.count
        if !cut, received >= afterBytes {
            cut = true
            XCTAssertEqual(truncate(path, 0), 0)
        }
    }
}
