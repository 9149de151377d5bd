import Foundation
import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import Prerequisites
import XCTest

/// Reads exports with PyYAML's `safe_load`, a YAML 1.1 reader with its own resolvers, when
/// `python3 -c "import yaml"` works on this machine; skipped otherwise.
final class PyYAMLTests: XCTestCase {
    /// Loads a stream of YAML documents from standard input with PyYAML's pure-Python safe loader
    /// and prints them as a JSON array, every node with its Python type, so that nothing is lost
    /// or converted on the way back (a mapping as its members in order).
    private static let script = #"""
        import base64, json, sys, yaml
        def tree(value):
            if value is None: return {"null": None}
            if isinstance(value, bool): return {"bool": value}
            if isinstance(value, int): return {"int": str(value)}
            if isinstance(value, float): return {"float": repr(value)}
            if isinstance(value, bytes): return {"binary": base64.b64encode(value).decode()}
            if isinstance(value, str): return {"str": value}
            if isinstance(value, list): return {"seq": [tree(item) for item in value]}
            if isinstance(value, dict):
                if not all(isinstance(key, str) for key in value): return {"other": "key " + repr(list(value))}
                return {"map": [[key, tree(item)] for key, item in value.items()]}
            return {"other": type(value).__name__ + " " + repr(value)}
        documents = yaml.load_all(sys.stdin.buffer.read(), Loader=yaml.SafeLoader)
        json.dump([tree(document) for document in documents], sys.stdout)
        """#

    private static let python: URL? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import yaml"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? URL(fileURLWithPath: "/usr/bin/env") : nil
    }()

    /// What PyYAML's `safe_load_all` reads from the exports, put one after another in one stream,
    /// each after a `---` line.
    private func pyYAML(_ exports: [WriterOutput], file: StaticString = #filePath, line: UInt = #line) throws
        -> [DataNode]
    {
        guard let python = Self.python else {
            throw Prerequisite.missing("python3 with PyYAML is not available (pip install pyyaml)")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["python3", "-c", Self.script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let stream = exports.flatMap { Array("---\n".utf8) + $0.bytes }
        let writer = Thread {
            input.fileHandleForWriting.write(Data(stream))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "PyYAML could not load the exports", file: file, line: line)
        let documents = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [Any], file: file, line: line)
        return try documents.map(Self.node)
    }

    private static func node(_ tree: Any) throws -> DataNode {
        guard let tagged = tree as? [String: Any], let (kind, value) = tagged.first else {
            throw PyYAMLOutputError(tree: "\(tree)")
        }
        switch (kind, value) {
        case ("null", _): return .null
        case ("bool", let value as Bool): return .boolean(value)
        case ("int", let text as String): return .integer(try XCTUnwrap(Int64(text)))
        case ("float", let text as String): return .float(try XCTUnwrap(Double(text)))
        case ("binary", let text as String): return .binary(Array(try XCTUnwrap(Data(base64Encoded: text))))
        case ("str", let text as String): return .string(text)
        case ("seq", let items as [Any]): return .sequence(try items.map(node))
        case ("map", let members as [[Any]]):
            return .mapping(try members.map { (try XCTUnwrap($0.first as? String), try node(try XCTUnwrap($0.last))) })
        default: return .string("<PyYAML read \(kind): \(value)>")
        }
    }

    func testPyYAMLReadsLookAlikesAndEveryValueAsLibyamlDoes() throws {
        let texts =
            YAMLStringTests.lookAlikes + YAMLStringTests.syntaxLookAlikes + [
                "plain text", "a:b", "x#y", "é日本", "😀", "\u{0}\u{1}\t\u{7F}\u{85}\u{2028}\u{2029}\u{FEFF}\u{FFFE}",
                "a\nb", "a\nb\n\n", " a\nb", "a \nb", "a\r\nb", "a\u{2028}b\nc", "1.0", "1e-05",
                "2001-12-14 21:59:43.10 -5",
            ]
        let values: [Value] =
            texts.map { .string($0) } + [
                .null, .integer(.min), .integer(.max), .double(-0.0), .double(1e-05), .double(1e16), .double(.nan),
                .double(-.infinity), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
                .decimal("12.50"), .boolean(true), .date(Timestamp(secondsSinceReferenceDate: 0)),
                .binary([0, 1, 2, 255]), .binary([]), .uri("x-coredata://AB/Item/p1"),
            ]
        let exports = try [YAMLOptions(), YAMLOptions(maxBlockDepth: 0), YAMLOptions(literalBlocks: false)].map {
            try Fixtures.exportItems(values, options: $0)
        }
        let read = try pyYAML(exports)
        XCTAssertEqual(read.count, exports.count)
        for (document, export) in zip(read, exports) {
            XCTAssertEqual(document, try export.document())
            let strings = try XCTUnwrap(document["@graph"]?.items).prefix(texts.count).map { $0["value"] }
            XCTAssertEqual(strings, texts.map { .string($0) })
        }
    }

    func testPyYAMLReadsRandomGraphsAsLibyamlDoes() throws {
        var exports: [WriterOutput] = []
        for seed in UInt64(100)...109 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            exports += try ExportShape.allCases.map { try Fixtures.export(graph, shape: $0) }
        }
        let read = try pyYAML(exports)
        XCTAssertEqual(read.count, exports.count)
        for (index, (document, export)) in zip(read, exports).enumerated() {
            XCTAssertEqual(document, try export.document(), "export \(index)")
        }
    }
}

/// PyYAML's side of the check printed something that is not a tagged node.
private struct PyYAMLOutputError: Error, CustomStringConvertible {
    let tree: String
    var description: String { "unexpected output from the PyYAML script: \(tree)" }
}
