import Foundation
import GraphExportTestSupport
import Prerequisites
import XCTest

/// Reads GraphML documents with NetworkX's `read_graphml`, in one `python3` run for all of them,
/// and returns what NetworkX made of each: an independent GraphML reader, and the one the format
/// is for.
///
/// Skips the calling test (`XCTSkip`) when `python3` or NetworkX is missing.
enum NetworkXReader {
    /// NetworkX failed on an export; the test has been told why.
    struct Failure: Error {}

    /// A value as NetworkX holds it: its Python type (`str`, `int`, `float`, `bool`) and its text
    /// (`repr` for a float, so `nan`, `inf`, `-0.0` and every bit of a finite value survive).
    struct Typed: Decodable, Equatable, CustomStringConvertible {
        let type: String
        let text: String

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            type = try container.decode(String.self)
            text = try container.decode(String.self)
        }

        var description: String { "\(type)(\(text))" }
    }

    struct Node: Decodable {
        let id: String
        let data: [String: Typed]
    }

    struct Edge: Decodable {
        let source: String
        let target: String
        let data: [String: Typed]
    }

    /// One document as NetworkX read it.
    struct Graph: Decodable {
        let multigraph: Bool
        let directed: Bool
        let graph: [String: Typed]
        let nodes: [Node]
        let edges: [Edge]
    }

    private static let script = """
        import json, sys
        try:
            import networkx as nx
        except ImportError:
            sys.exit(3)

        def typed(value):
            if isinstance(value, bool):
                return ["bool", "true" if value else "false"]
            if isinstance(value, int):
                return ["int", str(value)]
            if isinstance(value, float):
                return ["float", repr(value)]
            return [type(value).__name__, str(value)]

        def data(values):
            return {key: typed(value) for key, value in values.items()}

        graphs = []
        for path in sys.argv[1:]:
            G = nx.read_graphml(path)
            graphs.append({
                "multigraph": G.is_multigraph(),
                "directed": G.is_directed(),
                "graph": data({k: v for k, v in G.graph.items() if k not in ("node_default", "edge_default")}),
                "nodes": [{"id": n, "data": data(d)} for n, d in G.nodes(data=True)],
                "edges": [{"source": u, "target": v, "data": data(d)} for u, v, d in G.edges(data=True)],
            })
        json.dump(graphs, sys.stdout)
        """

    /// Reads each document with NetworkX, in order.
    static func read(_ documents: [[UInt8]], file: StaticString = #filePath, line: UInt = #line) throws -> [Graph] {
        let files = try WriterDocumentFiles(documents, prefix: "graphml-networkx", fileExtension: "graphml")
        defer { files.remove() }
        let paths = files.paths
        let errorURL = files.folder.appendingPathComponent("stderr.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        defer { try? errorHandle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Prerequisite.missing("cannot run python3 through /usr/bin/env: \(error)")
        }
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 0: break
        case 127: throw Prerequisite.missing("python3 is not installed")
        case 3: throw Prerequisite.missing("NetworkX is not installed (pip install networkx)")
        default:
            XCTFail("NetworkX could not read the export: \(errors)", file: file, line: line)
            throw Failure()
        }
        return try JSONDecoder().decode([Graph].self, from: json)
    }
}
