import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// ``FileBytes``: what it accepts, how it reads (chunks whose base64 is the whole's), and what it
/// says when the file changes under it; and how the traversal hands it to writers.
final class FileBytesTests: XCTestCase {
    private static let chunk = FileBytes.chunkLength

    func testChunksAreMultiplesOfThreeAndTheirBase64IsTheWhole() throws {
        let folder = try temporaryFolder()
        for count in [0, 1, 2, 3, Self.chunk - 1, Self.chunk, Self.chunk + 1, 3 * Self.chunk + 2] {
            let bytes = Self.pattern(count)
            let file = try FileBytes(path: try write(bytes, to: folder, as: "bytes-\(count)"))
            XCTAssertEqual(file.count, count)
            var chunks: [Int] = []
            var read: [UInt8] = []
            try file.forEachChunk { chunk in
                chunks.append(chunk.count)
                read += chunk
            }
            XCTAssertEqual(read, bytes, "\(count) bytes")
            XCTAssertTrue(chunks.dropLast().allSatisfy { $0 == Self.chunk }, "\(count): \(chunks)")
            XCTAssertEqual(Self.chunk % 3, 0)
            var pieces: [[UInt8]] = []
            try file.forEachBase64Chunk { pieces.append(Array($0)) }
            XCTAssertEqual(String(decoding: pieces.joined(), as: UTF8.self), Data(bytes).base64EncodedString())
            XCTAssertEqual(pieces.count, max(1, chunks.count), "an empty file gives one empty piece")
            XCTAssertEqual(try file.readAll(), bytes)
        }
    }

    func testOnlyRegularFilesAreAccepted() throws {
        let folder = try temporaryFolder()
        let target = try write([1, 2, 3], to: folder, as: "target")
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let missing = folder.appendingPathComponent("missing").path
        let cases: [(String, FileValueError)] = [
            (link, .symbolicLink(path: link)), (fifo, .notRegularFile(path: fifo, kind: "a FIFO")),
            (folder.path, .notRegularFile(path: folder.path, kind: "a folder")), (missing, .missing(path: missing)),
            ("/dev/null", .notRegularFile(path: "/dev/null", kind: "a device")),
        ]
        for (path, expected) in cases {
            XCTAssertThrowsError(try FileBytes(path: path)) { XCTAssertEqual($0 as? FileValueError, expected, path) }
        }
    }

    func testValuesOfTheSameFileAreEqualAndOfAnotherNot() throws {
        let folder = try temporaryFolder()
        let first = try write([1, 2, 3], to: folder, as: "first")
        let second = try write([1, 2, 3], to: folder, as: "second")
        XCTAssertEqual(try FileBytes(path: first), try FileBytes(path: first, owner: "elsewhere"))
        XCTAssertEqual(Set([try FileBytes(path: first), try FileBytes(path: first)]).count, 1)
        XCTAssertNotEqual(try FileBytes(path: first), try FileBytes(path: second))
        XCTAssertNotEqual(Value.binaryFile(try FileBytes(path: first)), Value.binary([1, 2, 3]))
        XCTAssertTrue(Value.binaryFile(try FileBytes(path: second)).isIdentical(to: .binary([1, 2, 3])))
        XCTAssertTrue(
            Value.binaryFile(try FileBytes(path: first)).isIdentical(to: .binaryFile(try FileBytes(path: second))))
        XCTAssertFalse(Value.binaryFile(try FileBytes(path: first)).isIdentical(to: .binary([1, 2, 4])))
    }

    /// The file is read from the folder it was found in, even once that folder has another name.
    func testTheFolderIsKeptOpen() throws {
        let folder = try temporaryFolder()
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        let file = try FileBytes(path: try write([7, 8, 9], to: inner, as: "bytes"))
        try FileManager.default.moveItem(at: inner, to: folder.appendingPathComponent("moved"))
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        _ = try write([0, 0, 0], to: inner, as: "bytes")
        XCTAssertEqual(try file.readAll(), [7, 8, 9])
    }

    func testAReplacedOrResizedFileIsAnErrorNamingTheFileAndItsOwner() throws {
        let folder = try temporaryFolder()
        let path = try write(Self.pattern(100), to: folder, as: "bytes")
        let replaced = try FileBytes(path: path, owner: "Photo p8 image")
        _ = try write(Self.pattern(100), to: folder, as: "other")
        XCTAssertEqual(rename(folder.appendingPathComponent("other").path, path), 0)
        XCTAssertThrowsError(try replaced.readAll()) { error in
            XCTAssertEqual(error as? FileValueError, .changed(path: path, owner: "Photo p8 image", count: 100))
            XCTAssertEqual(
                "\(error)",
                "the file \(path), the value of Photo p8 image, changed while it was exported: it is no longer the "
                    + "100-byte file that was checked; export again once nothing writes to it")
        }
        let resized = try FileBytes(path: path)
        XCTAssertEqual(truncate(path, 99), 0)
        XCTAssertThrowsError(try resized.readAll()) {
            XCTAssertEqual($0 as? FileValueError, .changed(path: path, owner: nil, count: 100))
        }
        let removed = try FileBytes(path: path)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertThrowsError(try removed.readAll()) {
            XCTAssertEqual($0 as? FileValueError, .changed(path: path, owner: nil, count: 99))
        }
        _ = try write(Self.pattern(99), to: folder, as: "target")
        let linked = try FileBytes(path: folder.appendingPathComponent("target").path)
        try FileManager.default.moveItem(atPath: linked.path, toPath: path)
        try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: path)
        XCTAssertThrowsError(try linked.readAll(), "a link to the same file") {
            XCTAssertEqual($0 as? FileValueError, .changed(path: linked.path, owner: nil, count: 99))
        }
    }

    func testAFileCutShortWhileItIsReadIsAnError() throws {
        let folder = try temporaryFolder()
        let path = try write(Self.pattern(3 * Self.chunk), to: folder, as: "bytes")
        let file = try FileBytes(path: path, owner: "Photo p8 image")
        var chunks = 0
        XCTAssertThrowsError(
            try file.forEachBase64Chunk { _ in
                chunks += 1
                XCTAssertEqual(truncate(path, off_t(Self.chunk + 10)), 0)
            }
        ) { error in
            XCTAssertEqual(
                error as? FileValueError,
                .endedEarly(path: path, owner: "Photo p8 image", read: Self.chunk + 10, count: 3 * Self.chunk))
            XCTAssertEqual(
                "\(error)",
                "the file \(path), the value of Photo p8 image, ended after \(Self.chunk + 10) of its "
                    + "\(3 * Self.chunk) bytes while it was exported: it was cut short; export again once nothing "
                    + "writes to it")
        }
        XCTAssertEqual(chunks, 1)
    }

    /// A writer that does not say it streams files is given the bytes; one that does, the file.
    func testTheTraversalReadsFilesWholeOnlyForWritersThatDoNotStreamThem() throws {
        let folder = try temporaryFolder()
        let path = try write(Self.pattern(5), to: folder, as: "bytes")
        let file = try FileBytes(path: path)
        let model = try makeModel([EntityInfo(name: "Blob", attributes: [AttributeInfo(name: "data", type: .binary)])])
        let graph = InMemoryGraph(model: model)
        try graph.add("Blob", ["data": .binaryFile(file)])
        for streams in [false, true] {
            let recording = RecordingGraphWriter(streamsFileBytes: streams)
            try GraphTraversal(source: graph).run(into: recording)
            let values = recording.events.compactMap { event -> Value? in
                if case .attribute(_, let value) = event { return value }
                return nil
            }
            XCTAssertEqual(values, [streams ? .binaryFile(file) : .binary(Self.pattern(5))])
            XCTAssertTrue(try GraphCheck(recording: recording, source: graph).isValid)
        }
        XCTAssertEqual(truncate(path, 4), 0)
        XCTAssertThrowsError(try GraphTraversal(source: graph).run(into: RecordingGraphWriter())) {
            XCTAssertEqual($0 as? FileValueError, .changed(path: path, owner: nil, count: 5))
        }
    }

    /// Bytes that differ from chunk to chunk and within a chunk, so that a misplaced chunk shows.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 1000) }
    }

    private func write(_ bytes: [UInt8], to folder: URL, as name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
