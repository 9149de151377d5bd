import Foundation
import XCTest

/// Python that reads a JSON export from standard input into `ids` (a `Counter` of the ids of the
/// objects written in full) and `references` (the ids every reference names), for tests that
/// check an export against the store with plain SQL; they append their own checks.
enum ExportWalk {
    static let python = """
        import json, sqlite3, sys
        from collections import Counter
        document = json.load(sys.stdin)
        ids, references = Counter(), []
        def walk(node, top):
            if isinstance(node, list):
                for item in node: walk(item, False)
            elif isinstance(node, dict):
                if "@type" in node:
                    ids[node["@id"]] += 1
                elif set(node) == {"@id"} and not top:
                    references.append(node["@id"])
                for key, value in node.items():
                    if key not in ("@id", "@type"): walk(value, False)
        walk(document["@graph"], True)

        """

    /// ``python``, then `store`: a read-only connection to the store whose path is argv 1.
    static let againstStore =
        python + """
            store = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)

            """

    /// ``python``, then a JSON summary: the ids written by entity, each id's owner in the tree
    /// (`null` at the top level), how many ids are written twice and how many references name an
    /// object the export does not hold.
    fileprivate static let summary =
        python + """
            owners, types = {}, {}
            def nest(node, owner):
                if isinstance(node, list):
                    for item in node: nest(item, owner)
                elif isinstance(node, dict):
                    if "@type" in node:
                        owners[node["@id"]] = owner
                        types.setdefault(node["@type"], []).append(node["@id"])
                        owner = node["@id"]
                    for key, value in node.items():
                        if key not in ("@id", "@type"): nest(value, owner)
            for top in document["@graph"]: nest(top, None)
            print(json.dumps({
                "ids": types, "owners": owners,
                "twice": sum(1 for n in ids.values() if n > 1),
                "outside": sum(1 for r in references if r not in ids)}))
            """

    /// The ids the SQL query `sql` gives on the store `store`, as Python's `sqlite3` reads them.
    static func ids(_ sql: String, in store: String) throws -> [String] {
        let program = """
            import sqlite3, sys
            store = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            print("\\n".join(str(row[0]) for row in store.execute(sys.argv[2])))
            """
        return try Python.run(program, arguments: [store, sql], input: Data()).split(separator: "\n").map(String.init)
    }
}

/// A JSON export walked by ``ExportWalk``: what it holds, each object written once, and the
/// references leaving it counted exactly by the closing note line on standard error.
struct WalkedExport {
    /// The ids written, by entity, in document order.
    var ids: [String: [String]]
    /// Each id's owner in the tree, `nil` at the top level.
    var owners: [String: String?]
    /// The references to objects the export does not hold.
    var outside: Int

    /// How many objects of each entity.
    var counts: [String: Int] { ids.mapValues(\.count) }

    /// Runs graphexport with `arguments` (which must succeed), walks its export and checks that
    /// every object is written once and that the closing note line counts exactly the references
    /// leaving the export.
    init(exporting arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let export = try CommandRunner.assertSucceeds(arguments, file: file, line: line)
        let text = try Python.run(ExportWalk.summary, input: export.standardOutput)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["twice"] as? Int, 0, "\(arguments)", file: file, line: line)
        outside = try XCTUnwrap(json["outside"] as? Int)
        let note = "graphexport: note: \(outside) reference\(outside == 1 ? "" : "s") to objects outside the selection"
        if outside > 0 {
            XCTAssertTrue(
                export.standardError.contains(note), "\(arguments): \(export.standardError)", file: file, line: line)
        } else {
            XCTAssertFalse(export.standardError.contains("outside the selection"), file: file, line: line)
        }
        owners = try XCTUnwrap(json["owners"] as? [String: Any]).mapValues { $0 as? String }
        ids = try XCTUnwrap(json["ids"] as? [String: [String]])
    }
}
