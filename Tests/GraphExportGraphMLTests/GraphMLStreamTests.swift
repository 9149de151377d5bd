import Foundation
import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLStreamTests: XCTestCase {
    func testHundredThousandLevelsOfNestingAreAFlatList() throws {
        let depth = 100_000
        let sink = try WriterChain.output(depth: depth) { GraphMLGraphWriter(sink: $0) }
        XCTAssertEqual(
            try ParsedGraphML.countElements(sink.bytes),
            ["key": 7, "graph": 1, "graph/data": 3, "graph/node": depth, "graph/edge": depth - 1])
        let text = String(decoding: sink.bytes.suffix(300), as: UTF8.self)
        XCTAssertTrue(text.contains(#"<edge source="N99998" target="N99999"><data key="label">child</data></edge>"#))
        XCTAssertTrue(
            text.hasSuffix(
                #"<node id="N99999"><data key="type">Node</data><data key="a0">99999</data></node></graph></graphml>"#
                    + "\n"))
    }

    func testTheSinksErrorIsRethrown() throws {
        let writer = GraphStream(
            GraphMLGraphWriter(sink: WriterFailingSink(capacity: 0, error: OutputError.brokenPipe)))
        try writer.begin(WriterChain.document)
        try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        try writer.write(.endObject)
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? OutputError, .brokenPipe) }
    }

    func testAnUnusableTemporaryDirectoryIsAnError() throws {
        let restore = settingTemporaryDirectory("/nonexistent/graphexport-test")
        defer { restore() }
        let writer = GraphStream(GraphMLGraphWriter(sink: MemorySink()))
        XCTAssertThrowsError(try writer.begin(WriterChain.document)) { error in
            guard case .temporaryFileFailed(let directory, let reason)? = error as? GraphMLWriterError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(directory, "/nonexistent/graphexport-test")
            XCTAssertEqual(reason, "No such file or directory")
            XCTAssertTrue("\(error)".hasPrefix("cannot use a temporary file in /nonexistent/graphexport-test"))
        }
    }

    func testTheTemporaryFileIsUnlinkedAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphml-spool-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let restore = settingTemporaryDirectory(directory.path)
        defer { restore() }
        let writer = GraphStream(GraphMLGraphWriter(sink: MemorySink()))
        try writer.begin(WriterChain.document)
        try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        try writer.write(.endObject)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        try writer.finish()
    }

    /// Sets `TMPDIR` to `path`; the closure that puts it back as it was.
    private func settingTemporaryDirectory(_ path: String) -> () -> Void {
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", path, 1)
        return { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
    }
}
