import Foundation
import GraphExport
import XCTest

@testable import GraphExportPlainSQLite

/// `--json-columns`: JSON arrays and objects in text become arrays and maps, exactly.
final class PlainSQLiteJSONColumnTests: XCTestCase {
    /// A Chinook-like table whose `meta` column holds JSON, and one row that is not.
    private func tracks() throws -> PlainDatabase {
        try PlainDatabase(
            try ScratchFolder(for: self),
            sql: #"""
                CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, meta JSON, note TEXT);
                INSERT INTO Track VALUES (1, 'Balls to the Wall',
                    '{"composers": ["U. Dirkschneider", "W. Hoffmann"], "bytes": 9223372036854775807, "ratio": 0.1,
                      "live": false, "video": null, "tags": {"@id": "x", "nested": [[1.5e3, -0]]}, "é\u00e9": "\ud83c\udfb5"}',
                    'plain text');
                INSERT INTO Track VALUES (2, 'Fast As a Shark', '  [ ]  ', '42');
                INSERT INTO Track VALUES (3, 'Restless and Wild', '{"unclosed": [1, 2}', '"a JSON string"');
                INSERT INTO Track VALUES (4, 'Princess of the Dawn', '[1,]', NULL);
                """#)
    }

    func testJSONArraysAndObjectsBecomeArraysAndMapsWithExactNumbers() throws {
        let database = try tracks()
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, options: SQLiteSourceOptions(jsonColumns: true), warnings: warnings)
        let (tree, flat) = try PlainExport.both(source, warnings: warnings)
        let expected: Value = .map([
            "composers": .array([.string("U. Dirkschneider"), .string("W. Hoffmann")]),
            "bytes": .integer(.max), "ratio": .double(0.1), "live": .boolean(false), "video": .null,
            "tags": .map(["@id": .string("x"), "nested": .array([.array([.double(1500), .integer(0)])])]),
            "éé": .string("🎵"),
        ])
        let meta = try XCTUnwrap(tree.graph.object("Track/1").value("meta"))
        XCTAssertTrue(meta.isIdentical(to: expected), "\(meta)")
        XCTAssertEqual(try tree.graph.object("Track/2").value("meta"), .array([]))
        XCTAssertEqual(try tree.graph.object("Track/1").value("note"), .string("plain text"))
        XCTAssertEqual(try tree.graph.object("Track/2").value("note"), .string("42"), "JSON scalars stay text")
        XCTAssertEqual(try tree.graph.object("Track/3").value("note"), .string("\"a JSON string\""))
        XCTAssertEqual(try tree.graph.object("Track/3").value("meta"), .string(#"{"unclosed": [1, 2}"#))
        XCTAssertEqual(try tree.graph.object("Track/4").value("meta"), .string("[1,]"))
        XCTAssertEqual(
            tree.warnings.map { $0.replacingOccurrences(of: database.path, with: "db") },
            [
                "db: --json-columns: 3 columns hold text that is not JSON, kept as text: Track.Name, Track.note "
                    + "and 1 more; name the JSON ones: --json-columns Table.col"
            ], "one warning at the end of the export for every column whose text is not all JSON")
        XCTAssertEqual(flat.warnings, [], "no column is reported twice")
    }

    func testNamedColumnsAreReadAsJSONEachReportedOnItsOwn() throws {
        let database = try tracks()
        let warnings = CollectedWarnings()
        let source = try openPlain(
            database.path, options: SQLiteSourceOptions(jsonColumnNames: ["track.META"]), warnings: warnings)
        XCTAssertEqual(source.columnTypings, [[.stored, .stored, .json, .stored]])
        let (tree, _) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(try tree.graph.object("Track/2").value("meta"), .array([]))
        XCTAssertEqual(try tree.graph.object("Track/1").value("note"), .string("plain text"))
        XCTAssertEqual(tree.warnings.count, 1, "\(tree.warnings)")
        XCTAssertTrue(
            tree.warnings[0].contains("Track.meta (JSON) holds text that is not JSON in Track/3"), "\(tree.warnings)")
    }

    func testANameThatIsNoColumnIsAnErrorListingWhatThereIs() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, meta JSON);
            CREATE TABLE Playlist(PlaylistId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE PlaylistTrack(PlaylistId INTEGER REFERENCES Playlist, TrackId INTEGER REFERENCES Track,
                PRIMARY KEY (PlaylistId, TrackId));
            """)
        let cases: [(String, PlainSQLiteOptionError)] = [
            (
                "Track.metadata",
                .noSuchColumn(
                    path: database.path, name: "Track.metadata", table: "Track", column: "metadata",
                    columns: ["TrackId", "Name", "meta"])
            ),
            (
                "Tracks.meta",
                .noSuchTable(path: database.path, name: "Tracks.meta", table: "Tracks", tables: ["Track", "Playlist"])
            ),
            ("meta", .noSuchTable(path: database.path, name: "meta", table: "meta", tables: ["Track", "Playlist"])),
            (
                "PlaylistTrack.TrackId",
                .linkTableColumn(path: database.path, name: "PlaylistTrack.TrackId", table: "PlaylistTrack")
            ),
        ]
        for (name, expected) in cases {
            XCTAssertThrowsError(
                try openPlain(
                    database.path, options: SQLiteSourceOptions(jsonColumnNames: [name]), warnings: CollectedWarnings())
            ) { error in
                XCTAssertEqual(error as? PlainSQLiteOptionError, expected, name)
            }
        }
        XCTAssertEqual(
            PlainSQLiteOptionError.noSuchColumn(
                path: "db", name: "Track.metadata", table: "Track", column: "metadata",
                columns: ["TrackId", "Name", "meta"]
            ).description,
            "db: --json-columns Track.metadata: table Track has no column 'metadata'; its columns are TrackId, Name "
                + "and meta")
    }

    func testWithoutTheOptionJSONTextStaysAStringWithoutWarnings() throws {
        let database = try tracks()
        let warnings = CollectedWarnings()
        let (_, tree, _) = try PlainExport.both(database, warnings: warnings)
        XCTAssertEqual(try tree.graph.object("Track/2").value("meta"), .string("  [ ]  "))
        XCTAssertEqual(tree.warnings, [])
    }

    func testTheReaderIsStrictAndBoundsNesting() {
        XCTAssertEqual(
            JSONColumnText.read(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)),
            .structured((0..<63).reduce(Value.array([])) { value, _ in .array([value]) }))
        XCTAssertEqual(
            JSONColumnText.read(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)), .notJSON)
        for text in [
            "[01]", "[1.]", "[.5]", "{\"a\" 1}", "{'a': 1}", "[\"\\ud800\"]", "[\"\t\"]", "[] []", "[+1]", "[NaN]",
        ] {
            XCTAssertEqual(JSONColumnText.read(text), .notJSON, text)
        }
        XCTAssertEqual(
            JSONColumnText.read("[9223372036854775808, -9223372036854775808, 1e2]"),
            .structured(.array([.decimal("9223372036854775808"), .integer(.min), .double(100)])))
        XCTAssertEqual(
            JSONColumnText.read("[12345678901234567890, 0.30000000000000001, 1e400, 1E-400, 2.50, -0.0, 1e22]"),
            .structured(
                .array([
                    .decimal("12345678901234567890"), .decimal("0.30000000000000001"), .decimal("1e400"),
                    .decimal("1E-400"), .double(2.5), .double(-0.0), .double(1e22),
                ])), "a number no integer or double holds exactly keeps its text")
        XCTAssertEqual(
            JSONColumnText.read(#"["\"\\\/\b\f\n\r\t\u0041"]"#),
            .structured(.array([.string("\"\\/\u{8}\u{C}\n\r\tA")])))
        XCTAssertEqual(JSONColumnText.read("true"), .scalar)
    }
}
