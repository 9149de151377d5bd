import Foundation
import Prerequisites
import XCTest

/// Exports read by the Python tools people feed them to: NetworkX for GraphML, plistlib for
/// property lists. `make test` installs NetworkX; a machine without python3 skips these.
final class PythonConsumerTests: XCTestCase {
    /// Prints `nodes edges` of a GraphML document read by NetworkX.
    private let countGraph = """
        import sys, networkx
        graph = networkx.read_graphml(sys.stdin.buffer)
        print(graph.number_of_nodes(), graph.number_of_edges())
        """

    func testScrapbookGraphMLLoadsInNetworkXWithOneNodePerObjectAndOneEdgePerLink() throws {
        let model = "Samples/Scrapbook/Scrapbook.xcdatamodeld"
        let store = "Samples/Scrapbook/Scrapbook.sqlite"
        let graphml = try CommandRunner.assertSucceeds(["--model", model, "--format", "graphml", store])
        let counts = try Python.run(countGraph, input: graphml.standardOutput).split(separator: " ").compactMap {
            Int($0)
        }

        let json = try CommandRunner.run(["--model", model, "--shape", "flat", store])
        let objects = try XCTUnwrap(json.json()["@graph"] as? [[String: Any]])
        // A link is a related pair through one relationship and its inverse (the Scrapbook model's
        // pairs, below), counted once from whichever side mentions it.
        func inverse(of relationship: String, in entity: String) -> String? {
            switch (entity, relationship) {
            case ("Scrapbook", "pages"): return "scrapbook"
            case ("Scrapbook", "tags"): return "scrapbook"
            case ("Page", "scrapbook"): return "pages"
            case ("Tag", "scrapbook"): return "tags"
            case ("Page", "items"): return "page"
            case (_, "page"): return "items"
            case ("Tag", "items"): return "tags"
            case (_, "tags"): return "items"
            case ("Scrapbook", "cover"): return "coverOf"
            case (_, "coverOf"): return "cover"
            default: return nil
            }
        }
        var links = Set<String>()
        for object in objects {
            let id = try XCTUnwrap(object["@id"] as? String)
            let entity = try XCTUnwrap(object["@type"] as? String)
            for (name, value) in object where !name.hasPrefix("@") {
                let targets: [Any] = (value as? [Any]) ?? (value is [String: Any] ? [value] : [])
                let pair = [name, inverse(of: name, in: entity) ?? ""].sorted().joined(separator: "/")
                for case let target as [String: Any] in targets {
                    guard let other = target["@id"] as? String else { continue }
                    links.insert(([id, other].sorted() + [pair]).joined(separator: " "))
                }
            }
        }
        XCTAssertEqual(counts, [objects.count, links.count])
    }

    func testChinookGraphMLLoadsInNetworkX() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let graphml = try CommandRunner.assertSucceeds(
            ["--format", "graphml", store.lastPathComponent], in: store.deletingLastPathComponent())
        let counts = try Python.run(countGraph, input: graphml.standardOutput)
        // Links: every non-null foreign key of the 10 entity tables, and every PlaylistTrack row.
        let expected = try Python.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.stdin.read().strip())
            links = db.execute("SELECT count(*) FROM PlaylistTrack").fetchone()[0]
            for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name <> 'PlaylistTrack'").fetchall():
                for key in db.execute(f"PRAGMA foreign_key_list('{table}')").fetchall():
                    links += db.execute(f'SELECT count(*) FROM "{table}" WHERE "{key[3]}" IS NOT NULL').fetchone()[0]
            print(6892, links)
            """, input: Data(store.path.utf8))
        XCTAssertEqual(counts, expected)
    }

    func testScrapbookPropertyListParsesWithPlistlib() throws {
        let result = try CommandRunner.assertSucceeds([
            "--model", "Samples/Scrapbook/Scrapbook.xcdatamodeld", "--format", "plist", "--shape", "flat",
            "Samples/Scrapbook/Scrapbook.sqlite",
        ])
        let summary = try Python.run(
            """
            import plistlib, sys, collections
            document = plistlib.loads(sys.stdin.buffer.read())
            print(sorted(collections.Counter(o["@type"] for o in document["@graph"]).items()))
            """, input: result.standardOutput)
        XCTAssertEqual(
            summary, "[('Clipping', 4), ('Note', 6), ('Page', 7), ('Photo', 10), ('Scrapbook', 2), ('Tag', 6)]")
    }
}
