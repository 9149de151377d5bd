import Foundation
import XCTest

/// `--json-columns` run through the built CLI: a plain SQLite database with a JSON column, its
/// export read back by Python's json and PyYAML.
final class JSONColumnsEndToEndTests: XCTestCase {
    /// A database made by Python's sqlite3 in a fresh folder: a Chinook-like `Track` table whose
    /// `meta` column holds JSON, one row of which is not JSON.
    private func database() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-columns-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tracks.db").path
        let program = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, meta JSON)")
            db.execute("INSERT INTO Track VALUES (1, 'Balls to the Wall', ?)",
                ('{"composers": ["U. Dirkschneider"], "bytes": 9223372036854775807, "ratio": 0.1, "@id": 1}',))
            db.execute("INSERT INTO Track VALUES (2, 'Fast As a Shark', 'not json')")
            db.commit()
            print("ok")
            """
        XCTAssertEqual(try Python.run(program, arguments: [path], input: Data()), "ok")
        return path
    }

    func testJSONColumnsAreWrittenAsObjectsInJSONAndMappingsInYAML() throws {
        let store = try database()
        let readBack = """
            import json, sys, yaml
            text = sys.stdin.read()
            document = json.loads(text) if sys.argv[1] == 'json' else yaml.safe_load(text)
            tracks = {o['@id']: o for o in document['@graph']}
            print(json.dumps([tracks['Track/1']['meta'], tracks['Track/2']['meta']]))
            """
        for format in ["json", "yaml"] {
            let export = try CommandRunner.run(["--json-columns", "-f", format, store])
            XCTAssertEqual(export.status, 0, export.standardError)
            XCTAssertEqual(
                try Python.run(readBack, arguments: [format], input: export.standardOutput),
                #"[{"composers": ["U. Dirkschneider"], "bytes": 9223372036854775807, "ratio": 0.1, "@@id": 1}, "not json"]"#
            )
            XCTAssertEqual(
                export.standardError.components(separatedBy: "Track.meta holds text that is not JSON").count, 2,
                "one warning for the column: \(export.standardError)")
        }
        let plain = try CommandRunner.run(["-f", "json", store])
        XCTAssertTrue(plain.text.contains(#""meta":"{\"composers\""#), "off by default: \(plain.text)")
    }

    func testJSONColumnsApplyToPlainSQLiteOnly() throws {
        let store = try database()
        let result = try CommandRunner.run(["--source", "coredata", "--json-columns", store])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(
            result.standardError.contains(
                "'--json-columns' applies to plain SQLite databases, and --source coredata reads the store as a Core Data store"
            ),
            result.standardError)
    }
}
