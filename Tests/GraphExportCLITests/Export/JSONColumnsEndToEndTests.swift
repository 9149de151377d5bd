import Foundation
import Prerequisites
import XCTest

/// `--json-columns` run through the built CLI: a plain SQLite database with a JSON column, its
/// export read back by Python's json and PyYAML; the column named or every column read (the bare
/// form, on Chinook too); names that are no column; and where the option takes its value.
final class JSONColumnsEndToEndTests: XCTestCase {
    /// `app.db`, made by Python's sqlite3 in a fresh folder: a Chinook-like `Track` table whose
    /// `meta` column holds JSON, one row of which is not JSON, and an `Album` table whose `info`
    /// column holds only JSON; returns the folder.
    private func database() throws -> URL {
        let folder = try CommandRunner.scratchFolder(for: self)
        let program = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, meta JSON)")
            db.execute("INSERT INTO Track VALUES (1, 'Balls to the Wall', ?)",
                ('{"composers": ["U. Dirkschneider"], "bytes": 9223372036854775807, "ratio": 0.1, "@id": 1, '
                 '"plays": 12345678901234567890}',))
            db.execute("INSERT INTO Track VALUES (2, 'Fast As a Shark', 'not json')")
            db.execute("CREATE TABLE Album(AlbumId INTEGER PRIMARY KEY, Title TEXT, info TEXT)")
            db.execute("INSERT INTO Album VALUES (1, 'Restless and Wild', '[1984, \\"LP\\"]')")
            db.commit()
            print("ok")
            """
        XCTAssertEqual(
            try Python.run(program, arguments: [folder.appendingPathComponent("app.db").path], input: Data()), "ok")
        return folder
    }

    func testANamedColumnIsWrittenAsObjectsInJSONAndMappingsInYAMLWithNumbersExact() throws {
        let folder = try database()
        let readBack = """
            import json, sys, yaml
            text = sys.stdin.read()
            document = json.loads(text) if sys.argv[1] == 'json' else yaml.safe_load(text)
            tracks = {o['@id']: o for o in document['@graph'] if o['@type'] == 'Track'}
            print(json.dumps([tracks['Track/1']['meta'], tracks['Track/2']['meta']]))
            """
        for format in ["json", "yaml"] {
            let export = try CommandRunner.assertSucceeds(
                ["--json-columns", "Track.meta", "-f", format, "app.db"], in: folder)
            XCTAssertEqual(
                try Python.run(readBack, arguments: [format], input: export.standardOutput),
                #"[{"composers": ["U. Dirkschneider"], "bytes": 9223372036854775807, "ratio": 0.1, "@@id": 1, "#
                    + #""plays": "12345678901234567890"}, "not json"]"#)
            XCTAssertEqual(
                export.standardError,
                "graphexport: warning: app.db: Track.meta (JSON) holds text that is not JSON in Track/2, or JSON "
                    + "nested deeper than 64 levels: such text is written as it is (--json-columns)\n")
        }
        for format in ["xml", "plist", "graphml", "jsonl"] {
            let export = try CommandRunner.assertSucceeds(
                ["--json-columns", "Track.meta", "-f", format, "app.db"], in: folder)
            XCTAssertTrue(export.text.contains("12345678901234567890"), "the number's text, exactly, in \(format)")
            XCTAssertFalse(export.text.contains("1.2345678901234567e+19"), format)
        }
        let plain = try CommandRunner.run(["-f", "json", "app.db"], in: folder)
        XCTAssertTrue(plain.text.contains(#""meta":"{\"composers\""#), "off by default: \(plain.text)")
    }

    func testNamedColumnsThatHoldOnlyJSONPassStrict() throws {
        let folder = try database()
        let run = try CommandRunner.assertSucceeds(["--strict", "--json-columns", "Album.info", "app.db"], in: folder)
        XCTAssertEqual(run.standardError, "")
        let album = try XCTUnwrap(
            (run.json()["@graph"] as? [[String: Any]])?.first { $0["@id"] as? String == "Album/1" })
        XCTAssertEqual(album["info"] as? [AnyHashable], [1984, "LP"])
    }

    /// The bare form reads every column and sums up, in one warning at the end, the columns whose
    /// text is not all JSON: on Chinook, every text column.
    func testTheBareFormWarnsOnceForAllColumnsWithoutJSON() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let run = try CommandRunner.run(
            ["--json-columns", "--strict", "-o", "chinook.json", "Chinook.sqlite"],
            in: store.deletingLastPathComponent())
        XCTAssertEqual(run.status, 1, "a warning, and --strict")
        let lines = run.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.standardError)
        XCTAssertEqual(
            lines.first,
            "graphexport: warning: Chinook.sqlite: --json-columns: 34 columns hold text that is not JSON, kept as "
                + "text: Artist.Name, Album.Title and 32 more; name the JSON ones: --json-columns Table.col")
        XCTAssertLessThan(lines[0].count, 200)
        XCTAssertEqual(lines.last, "graphexport: error: 1 warning and --strict; the output was written")
    }

    func testNamesThatAreNoColumnAreUsageErrorsListingWhatThereIs() throws {
        let folder = try database()
        for (name, message) in [
            (
                "Track.metadata",
                "graphexport: error: app.db: --json-columns Track.metadata: table Track has no column 'metadata'; "
                    + "its columns are TrackId, Name and meta\n"
            ),
            (
                "Tracks.meta",
                "graphexport: error: app.db: --json-columns Tracks.meta: no table 'Tracks' is exported; write the "
                    + "column as Table.column, with one of the tables Track and Album\n"
            ),
        ] {
            try CommandRunner.assertFails(["--json-columns", name, "app.db"], beginning: message, in: folder)
        }
    }

    /// `--json-columns` takes the next argument as a column unless it is an option, and gives it
    /// back as the store when there is no other; the README's examples.
    func testTheOptionTakesAColumnOrNoneWhereverItStands() throws {
        let folder = try database()
        let cases: [(arguments: [String], readsTrack: Bool, readsAlbum: Bool)] = [
            (["app.db", "--json-columns", "-f", "yaml"], true, true),
            (["--json-columns", "app.db"], true, true),
            (["--json-columns", "Album.info", "app.db"], false, true),
            (["app.db", "--json-columns", "Album.info", "--json-columns", "Track.meta"], true, true),
            (["--json-columns=Track.meta", "app.db", "-f", "yaml"], true, false),
            (["--json-columns", "Track.meta", "-f", "yaml", "app.db"], true, false),
        ]
        let readBack = """
            import json, sys, yaml
            objects = {o['@id']: o for o in yaml.safe_load(sys.stdin.read())['@graph']}
            print(json.dumps([isinstance(objects['Track/1']['meta'], dict), isinstance(objects['Album/1']['info'], list)]))
            """
        for (arguments, readsTrack, readsAlbum) in cases {
            let run = try CommandRunner.assertSucceeds(arguments, in: folder)
            XCTAssertEqual(
                try Python.run(readBack, input: run.standardOutput), "[\(readsTrack), \(readsAlbum)]".lowercased(),
                "\(arguments)")
        }
    }

    func testJSONColumnsApplyToPlainSQLiteOnly() throws {
        let folder = try database()
        try CommandRunner.assertFails(
            ["--source", "coredata", "--json-columns", "app.db"],
            saying: "'--json-columns' applies to plain SQLite databases, and --source coredata reads the store as a "
                + "Core Data store", in: folder)
    }
}
