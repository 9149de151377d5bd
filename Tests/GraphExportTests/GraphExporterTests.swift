import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

final class GraphExporterTests: XCTestCase {
    func testWriteUsingWriterIsTheTraversal() throws {
        let graph = makeChain(length: 5)
        for shape in ExportShape.allCases {
            let direct = RecordingGraphWriter()
            try GraphTraversal(source: graph, shape: shape).run(into: direct)
            let exported = RecordingGraphWriter()
            try GraphExporter(source: graph, shape: shape).write(using: exported)
            XCTAssertEqual(exported.events, direct.events, "\(shape)")
            XCTAssertEqual(exported.document?.shape, shape)
            XCTAssertTrue(exported.finished)
        }
    }

    func testShapeDefaultsToTree() throws {
        let recording = RecordingGraphWriter()
        try GraphExporter(source: makeChain(length: 2)).write(using: recording)
        XCTAssertEqual(recording.document?.shape, .tree)
    }

    func testWriteToSinkUsesTheFormatsWriterAndFlushes() throws {
        let sink = MemorySink()
        try GraphExporter(source: makeChain(length: 2), shape: .flat).write(to: sink, format: .lines)
        XCTAssertEqual(
            sink.text,
            """
            begin flat
            beginObject(entity: "Node", id: Node/1)
            attribute(name: "index", value: GraphExport.Value.integer(0))
            beginRelationship(name: "children", isToMany: true)
            reference(Node/2)
            endRelationship
            beginRelationship(name: "parent", isToMany: false)
            endRelationship
            endObject
            beginObject(entity: "Node", id: Node/2)
            attribute(name: "index", value: GraphExport.Value.integer(1))
            beginRelationship(name: "children", isToMany: true)
            endRelationship
            beginRelationship(name: "parent", isToMany: false)
            reference(Node/1)
            endRelationship
            endObject
            finish

            """)
    }

    func testWarningsOfTraversalAndWriterGoToOneHandler() throws {
        let chain = makeChain(length: 3)
        let source = HidingSource(chain, hiding: [ObjectKey(entity: 0, row: 3)])
        var warnings: [String] = []
        let exporter = GraphExporter(source: source) { warnings.append($0.message) }
        try exporter.write(to: MemorySink(), format: .lines)
        XCTAssertEqual(warnings, ["Node/3 is referenced through 'children' but does not exist", "lines: 16 events"])
    }

    func testFormatPassesItsSettingsToItsWriters() throws {
        let format = ExportFormat(
            FormatDescription(name: "options", fileExtensions: ["txt"], summary: "the settings, as text")
        ) {
            sink, settings, onWarning in
            LinesWriter(sink: sink, header: "pretty=\(settings.pretty) \(settings.values)", onWarning: onWarning)
        }
        XCTAssertEqual(format.name, "options")
        XCTAssertTrue(format.isNamed("OPTIONS"))
        XCTAssertTrue(format.isNamed(byExtension: "TXT"))
        let configured = format.with(FormatSettings(pretty: true, values: ["style": "x"]))
        let sink = MemorySink()
        try GraphExporter(source: makeChain(length: 1)).write(to: sink, format: configured)
        XCTAssertTrue(sink.text.hasPrefix("begin pretty=true [\"style\": \"x\"]\n"), sink.text)

        let defaults = MemorySink()
        try GraphExporter(source: makeChain(length: 1)).write(to: defaults, format: format)
        XCTAssertTrue(defaults.text.hasPrefix("begin pretty=false [:]\n"), defaults.text)
    }

    func testWriteToFileCreatesTheFileAndLeavesNothingElse() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("graph.txt").path
        let exporter = GraphExporter(source: makeChain(length: 3))
        try exporter.write(toFile: path, format: .lines)

        let sink = MemorySink()
        try exporter.write(to: sink, format: .lines)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), sink.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["graph.txt"])
        let mask = umask(0o022)
        umask(mask)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o666 & ~Int(mask))
    }

    func testWriteToFileReplacesAnExistingFile() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("graph.txt").path
        try Data("old and much longer than the new content ".utf8 + Array(repeating: 65, count: 4096))
            .write(to: URL(fileURLWithPath: path))
        try GraphExporter(source: makeChain(length: 1), shape: .flat).write(toFile: path, format: .lines)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("begin flat\n"), text)
        XCTAssertTrue(text.hasSuffix("finish\n"), text)
    }

    func testFailedExportToFileKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("graph.txt").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let failing = ExportFormat(FormatDescription(name: "failing")) { sink, _, onWarning in
            LinesWriter(sink: sink, header: "", failAfter: 2, onWarning: onWarning)
        }
        XCTAssertThrowsError(try GraphExporter(source: makeChain(length: 4)).write(toFile: path, format: failing)) {
            XCTAssertEqual($0 as? TestFailure, TestFailure())
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["graph.txt"])
    }

    func testWriteToFileInAMissingFolderNamesThePath() throws {
        let path = try temporaryFolder().appendingPathComponent("missing/graph.txt").path
        XCTAssertThrowsError(try GraphExporter(source: makeChain(length: 1)).write(toFile: path, format: .lines)) {
            guard case .writeFailed(let code, let reason)? = $0 as? OutputError else {
                return XCTFail("unexpected error \($0)")
            }
            XCTAssertEqual(code, ENOENT)
            XCTAssertEqual(reason, "\(path): No such file or directory")
            XCTAssertEqual("\($0)", "cannot write the output: \(path): No such file or directory")
        }
    }

    func testWriteToFileWithARelativePath() throws {
        let folder = try temporaryFolder()
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previous)) }
        try GraphExporter(source: makeChain(length: 1)).write(toFile: "graph.txt", format: .lines)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["graph.txt"])
    }
}

private struct TestFailure: Error, Equatable {}

extension ExportFormat {
    /// One line per call, with a warning at the end naming the number of events.
    fileprivate static let lines = ExportFormat(FormatDescription(name: "lines")) { sink, _, onWarning in
        LinesWriter(sink: sink, header: nil, onWarning: onWarning)
    }
}

/// Writes one line of text per call it receives; throws after `failAfter` events, if given.
private final class LinesWriter: GraphWriter {
    private let output: OutputBuffer
    private let header: String?
    private let failAfter: Int?
    private let onWarning: WarningHandler
    private var count = 0

    init(sink: any ByteSink, header: String?, failAfter: Int? = nil, onWarning: @escaping WarningHandler) {
        self.output = OutputBuffer(sink: sink)
        self.header = header
        self.failAfter = failAfter
        self.onWarning = onWarning
    }

    func begin(_ document: DocumentInfo) throws {
        try output.append("begin \(header ?? document.shape.rawValue)\n")
    }

    func write(_ event: GraphEvent, at position: StreamPosition) throws {
        if let failAfter, count == failAfter {
            try output.flush()
            throw TestFailure()
        }
        count += 1
        try output.append("\(event)\n")
    }

    var streamsFileBytes: Bool { false }

    func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try writeEvents(of: row, at: position)
    }

    func finish() throws {
        try output.append("finish\n")
        try output.flush()
        onWarning(Warning("lines: \(count) events"))
    }
}
