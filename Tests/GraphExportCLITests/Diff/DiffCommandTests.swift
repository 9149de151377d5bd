import Foundation
import Prerequisites
import XCTest

/// `graphexport diff`, end to end with the built binary, checked the way a sync user would: every
/// real store compared with itself prints nothing and exits 0; after changes made with `sqlite3`
/// on a copy it reports exactly those, as a Python comparison of the two full exports finds them
/// and, for a plain database, as SQLite's own `sqldiff` does; and its exit statuses are diff(1)'s.
final class DiffCommandTests: XCTestCase {
    func testEverySharedStoreComparedWithItselfPrintsNothing() throws {
        for (name, folder, store, _, arguments) in try SharedStores.copies(for: self) {
            for format in ["text", "jsonl"] {
                let run = try CommandRunner.assertSucceeds(
                    ["diff", "-q", "--format", format] + arguments + [store], in: folder)
                XCTAssertEqual(run.text, "", "\(name)/\(store) \(format)")
            }
        }
    }

    func testChinookComparedWithItselfAndWithACopyPrintsNothing() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let folder = store.deletingLastPathComponent()
        try FileManager.default.copyItem(at: store, to: folder.appendingPathComponent("copy.sqlite"))
        for operands in [["Chinook.sqlite", "Chinook.sqlite"], ["Chinook.sqlite", "copy.sqlite"]] {
            let run = try CommandRunner.assertSucceeds(["diff"] + operands, in: folder)
            XCTAssertEqual(run.text + run.standardError, "")
        }
    }

    /// Rows added, removed and changed, a link table's pairs, a moved row: the diff agrees with
    /// the Python comparison of the full exports and with `sqldiff` on every row.
    func testChinookChangesAreWhatTheExportsAndSqldiffSay() throws {
        let (old, new) = try chinookAndACopy()
        let folder = old.deletingLastPathComponent()
        try sqlite3(
            new,
            """
            UPDATE Artist SET Name = 'AC-DC' WHERE ArtistId = 1;
            UPDATE Track SET Milliseconds = Milliseconds + 1, UnitPrice = 1.29 WHERE TrackId IN (3, 4);
            UPDATE Track SET AlbumId = 2 WHERE TrackId = 5;
            UPDATE Customer SET Company = NULL WHERE CustomerId = 1;
            INSERT INTO Genre (Name) VALUES ('Fado'), ('Polka');
            INSERT INTO Track (Name, AlbumId, MediaTypeId, GenreId, Milliseconds, UnitPrice)
                VALUES ('Estranha Forma de Vida', 1, 1, 26, 180000, 0.99);
            DELETE FROM InvoiceLine WHERE InvoiceLineId IN (5, 6);
            DELETE FROM PlaylistTrack WHERE PlaylistId = 1 AND TrackId = 3402;
            INSERT INTO PlaylistTrack VALUES (2, 1), (2, 3504);
            """)
        // The rows changed, and those whose relationships reach other rows now: Albums 1 (a new
        // track), 2 and 3 (track 5 moved), Artist 1, Customer 1, Invoice 2 (lines 5 and 6), MediaType
        // 1 (the new track), Playlists 1 and 2, Tracks 1 and 3402 (playlists), 3 and 4, 5 (moved),
        // 10 and 12 (invoice lines); Genres 26 and 27 and Track 3504 added, InvoiceLines 5 and 6
        // removed.
        let lines = try DiffCheck.assertDiffMatchesExports(
            old: old.lastPathComponent, new: new.lastPathComponent, in: folder, expectedCount: 21)
        // sqldiff names the rows; the diff names them as objects, and a link table's rows as the
        // pairs of the many-to-many on the playlist's side.
        var fromDiff: [String] = []
        for line in lines {
            let change = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try XCTUnwrap(change["@id"] as? String)
            let (table, key) = (String(id.prefix { $0 != "/" }), String(id.drop { $0 != "/" }.dropFirst()))
            let properties = try XCTUnwrap(change["properties"] as? [String: [String: Any]])
            switch change["change"] as? String {
            case "added": fromDiff.append("INSERT \(table) \(key)")
            case "removed": fromDiff.append("DELETE \(table) \(key)")
            default:
                // A row changed when a column did; relationships alone are other rows' changes.
                let columns = try Self.columns(of: table, in: old)
                if properties.keys.contains(where: columns.contains) { fromDiff.append("UPDATE \(table) \(key)") }
                for (name, change) in properties where table == "Playlist" && name == "tracks" {
                    for (kind, verb) in [("added", "INSERT"), ("removed", "DELETE")] {
                        for reference in change[kind] as? [[String: String]] ?? [] {
                            fromDiff.append(
                                "\(verb) PlaylistTrack \(key),\(reference["@id"]!.drop { $0 != "/" }.dropFirst())")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(
            fromDiff.sorted(), try DiffCheck.sqldiffRows(old, new, keyColumns: ["PlaylistTrack": 2]).sorted())
    }

    /// The Scrapbook sample's Core Data store, changed the way Core Data writes: an attribute, a
    /// many-to-many pair, an item moved to another page, a note deleted and one inserted (with
    /// `Z_PRIMARYKEY` kept up to date), and the bytes of an external-storage file.
    func testScrapbookChangesAreWhatTheExportsSay() throws {
        let sample = CommandRunner.repository.appendingPathComponent("Samples/Scrapbook")
        let old = try CommandRunner.copy(sample, for: self)
        let folder = old.deletingLastPathComponent()
        let new = folder.appendingPathComponent("New")
        try FileManager.default.copyItem(at: old, to: new)
        try sqlite3(
            new.appendingPathComponent("Scrapbook.sqlite"),
            """
            UPDATE ZTAG SET ZNAME = 'azulejos 🇵🇹' WHERE Z_PK = 1;
            DELETE FROM Z_1TAGS WHERE Z_1ITEMS = 3 AND Z_7TAGS = 1;
            INSERT INTO Z_1TAGS VALUES (1, 3);
            UPDATE ZITEM SET ZPAGE = 2, Z_OPT = Z_OPT + 1 WHERE Z_PK = 1;
            DELETE FROM ZITEM WHERE Z_PK = 10;
            INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZPOSITION, ZPAGE, ZCREATEDAT, ZTEXT, ZCOLOR)
                VALUES (22, 3, 1, 9, 4, 600000000.25, 'New note', 'yellow');
            UPDATE Z_PRIMARYKEY SET Z_MAX = 22 WHERE Z_ENT = 1;
            """)
        // Both external files: a photo's image and the scrapbook's cover.
        let external = new.appendingPathComponent(".Scrapbook_SUPPORT/_EXTERNAL_DATA")
        for file in try FileManager.default.contentsOfDirectory(atPath: external.path) {
            let handle = try FileHandle(forUpdating: external.appendingPathComponent(file))
            try handle.seek(toOffset: 100)
            try handle.write(contentsOf: Data([0x42]))
            try handle.close()
        }
        // Note p10 removed and p22 added; Pages 1 and 2 (Photo p1 moved), 4 (the notes); Photos 1
        // (moved, tagged), 3 (untagged) and 8 (image), Scrapbook 1 (cover image); Tags 1 (renamed,
        // Photo p3) and 3 (Photo p1).
        let lines = try DiffCheck.assertDiffMatchesExports(
            old: "Scrapbook/Scrapbook.sqlite", new: "New/Scrapbook.sqlite",
            options: ["--model", "Scrapbook/Scrapbook.xcdatamodeld"], in: folder, expectedCount: 11)
        for name in ["image", "coverImage"] {
            XCTAssertTrue(lines.contains { $0.contains("\"\(name)\":{\"old\":") }, "the bytes of \(name) changed")
        }
    }

    /// Real Core Data samples with what the Scrapbook lacks: a SwiftData store's many-to-many join
    /// table with rows (dvc-swiftdata), an empty store filled (bnr-manytomany, whose join table
    /// makes both sides' to-manys), and three levels of inheritance in one table (Apple Notes).
    func testSharedCoreDataChangesAreWhatTheExportsSay() throws {
        let cases: [(sample: String, store: String, model: [String], sql: String, count: Int)] = [
            (
                // PointBlock p14 and Resort p2 lose each other; Resort p1 is renamed.
                "dvc-swiftdata", "dvc.store", [],
                """
                DELETE FROM Z_2RESORTS WHERE Z_2POINTBLOCKS = 14 AND Z_4RESORTS = 2;
                UPDATE ZRESORT SET ZSHORTNAME = ZSHORTNAME || '!' WHERE Z_PK = 1;
                """, 3
            ),
            (
                "bnr-manytomany", "TestModel.sqlite", ["--model", "Sample.xcdatamodeld"],
                """
                INSERT INTO ZAUTHOR VALUES (1, 1, 1, 'Ursula', 'Le Guin'), (2, 1, 1, 'Italo', 'Calvino');
                INSERT INTO ZBOOK VALUES (1, 2, 1, 'The Left Hand of Darkness'), (2, 2, 1, 'Cosmicomics');
                INSERT INTO Z_1BOOKS VALUES (1, 1), (2, 2), (1, 2);
                UPDATE Z_PRIMARYKEY SET Z_MAX = 2;
                """, 4
            ),
            (
                // A note renamed; a folder deleted, which its account loses and its child folder's
                // parent no longer reaches.
                "apple-notes-macos12", "NoteStore.sqlite", [],
                """
                UPDATE ZICCLOUDSYNCINGOBJECT SET ZTITLE1 = 'Renamed' WHERE Z_PK = 5;
                DELETE FROM ZICCLOUDSYNCINGOBJECT WHERE Z_PK = 14;
                """, 4
            ),
        ]
        for (sample, store, model, sql, count) in cases {
            let folder = try CommandRunner.copyOfSample(sample, for: self)
            let new = "new-" + store
            for suffix in ["", "-wal", "-shm"] {
                let side = folder.appendingPathComponent(store + suffix)
                guard FileManager.default.fileExists(atPath: side.path) else { continue }
                try FileManager.default.copyItem(at: side, to: folder.appendingPathComponent(new + suffix))
            }
            try sqlite3(folder.appendingPathComponent(new), sql)
            try DiffCheck.assertDiffMatchesExports(
                old: store, new: new, options: model, in: folder, expectedCount: count)
        }
    }

    func testStoresOfOtherSchemasExitWithStatus2NamingTheDifference() throws {
        let (old, new) = try chinookAndACopy()
        let folder = old.deletingLastPathComponent()
        try sqlite3(new, "ALTER TABLE Track ADD COLUMN Rating INTEGER;")
        let run = try CommandRunner.run(["diff", "Chinook.sqlite", "new.sqlite"], in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.text, "")
        XCTAssertEqual(
            run.standardError,
            "graphexport: error: the two stores cannot be compared: column Track.Rating is in NEW only (--model "
                + "reads both with one model)\n")
        let scrapbook = CommandRunner.repository.appendingPathComponent("Samples/Scrapbook/Scrapbook.sqlite")
        let mixed = try CommandRunner.run(["diff", "-q", "Chinook.sqlite", scrapbook.path], in: folder)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertEqual(
            mixed.standardError,
            "graphexport: error: the two stores cannot be compared: OLD is a SQLite database, NEW a Core Data store "
                + "(--model reads both with one model)\n")
    }

    func testTroubleExitsWithStatus2() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        for (arguments, message) in [
            (["diff", "Scrapbook.sqlite"], "diff compares two stores: give the old one, then the new one"),
            (["diff", "a", "b", "c"], "diff compares two stores, not 'c' too"),
            (
                ["diff", "--format", "json", "Scrapbook.sqlite", "Scrapbook.sqlite"],
                "unknown diff format 'json' (values: text, jsonl)"
            ),
            (
                ["diff", "--shape", "flat", "Scrapbook.sqlite", "Scrapbook.sqlite"],
                "'--shape' is not an option of 'graphexport diff'"
            ),
            (
                ["diff", "--key", "Tag", "Scrapbook.sqlite", "Scrapbook.sqlite"],
                "--key Tag: name the attribute as Entity.attribute"
            ),
        ] {
            try CommandRunner.assertFails(
                arguments + ["-q"], status: 2, beginning: "graphexport: error: \(message)\n", in: folder)
        }
        let missing = try CommandRunner.assertFails(
            ["diff", "-q", "Scrapbook.sqlite", "missing.sqlite"], status: 2, beginning: "graphexport: error: ",
            in: folder)
        XCTAssertFalse(missing.standardError.contains("\ngraphexport"), "one line")
    }

    /// `--key`: a copy whose genres were numbered anew matches them by name; the tracks then
    /// changed only in their raw `GenreId` column, not in the genre they reach.
    func testKeyMatchesRenumberedObjects() throws {
        let (old, new) = try chinookAndACopy()
        let folder = old.deletingLastPathComponent()
        try sqlite3(
            new,
            """
            PRAGMA foreign_keys = OFF;
            UPDATE Genre SET GenreId = GenreId + 100;
            UPDATE Track SET GenreId = GenreId + 100;
            """)
        try CommandRunner.assertFails(
            [
                "diff", "--format", "jsonl", "--key", "Genre.Name", "--key", "Track.Name", "Chinook.sqlite",
                "new.sqlite",
            ], status: 2, saying: "two objects of Track have Name = ",
            in: folder)
        let genres = try CommandRunner.run(
            ["diff", "--format", "jsonl", "--key", "Genre.Name", "Chinook.sqlite", "new.sqlite"], in: folder)
        XCTAssertEqual(genres.status, 1, genres.standardError)
        let lines = genres.text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains(#""@type":"Genre""#) }.count, 25, "each genre's GenreId changed")
        XCTAssertTrue(lines.allSatisfy { !$0.contains(#""tracks":"#) && !$0.contains(#""genre":"#) }, genres.text)
        XCTAssertEqual(lines.count, 25 + 3503)
    }

    /// A copy of Chinook, `Chinook.sqlite`, and another beside it, `new.sqlite`, for the test to change.
    /// Before: entity and property names and identifiers reached the terminal raw, and so did the
    /// C1 and bidirectional controls of values, which JSON does not escape. JSON Lines, a document,
    /// keeps them as they are.
    func testTextShowsWhatATerminalWouldActOnAsItsCode() throws {
        let names = TerminalHostileNames.self
        let old = try names.make(for: self)
        let new = try names.changedCopy(of: old, named: "new.sqlite")
        let run = try CommandRunner.run(["diff", old.path, new.path])
        XCTAssertEqual(run.status, 1, run.standardError)
        names.assertShowsAsCodes(run.text, "diff's text")
        for shown in [
            #"~ shelf%1B[2J%0Aforged/1 (shelf\u{1B}[2J\u{A}forged)"#,
            #"    label\u{1B}]0;title\u{7}: "x\u001b[31mred\nforged\u{9B}\u{202E}" -> "newx"#,
            #"+ book\u{202E}\u{9B}31m/3 (book\u{202E}\u{9B}31m)"#, #"    owner\u{A}forged: 1"#,
            #"    title: "\u{202E}c\u001b[2J\nforged""#,
        ] {
            XCTAssertTrue(run.text.contains(shown), "\(shown) in \(run.text)")
        }

        let keyed = try CommandRunner.run(["diff", "--key", names.book + ".title", old.path, new.path])
        XCTAssertEqual(keyed.status, 1, keyed.standardError)
        names.assertShowsAsCodes(keyed.text, "diff's text under --key")
        XCTAssertTrue(
            keyed.text.contains(#"(book\u{202E}\u{9B}31m, title = "\u{9B}b")"#), keyed.text)

        let lines = try CommandRunner.run(["diff", "--format", "jsonl", old.path, new.path])
        XCTAssertEqual(lines.status, 1, lines.standardError)
        let changes = try lines.standardOutput.split(separator: UInt8(ascii: "\n")).map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        }
        XCTAssertEqual(changes.map { $0["@type"] as? String }, [names.shelf, names.book, names.book])
        let properties = try XCTUnwrap(changes[2]["properties"] as? [String: Any])
        XCTAssertEqual(
            (properties["title"] as? [String: Any])?["new"] as? String, "\u{202E}c\u{1B}[2J\nforged")
        XCTAssertNotNil(properties[names.owner], "\(properties.keys)")
    }

    private func chinookAndACopy() throws -> (old: URL, new: URL) {
        let old = try CommandRunner.copyOfChinook(for: self)
        let new = old.deletingLastPathComponent().appendingPathComponent("new.sqlite")
        try FileManager.default.copyItem(at: old, to: new)
        return (old, new)
    }

    private func sqlite3(_ database: URL, _ sql: String) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), [database.path, sql])
        XCTAssertEqual(run.status, 0, "sqlite3 \(sql): \(run.standardError)")
    }

    /// The column names of a table of a plain database.
    private static func columns(of table: String, in database: URL) throws -> Set<String> {
        let entity = try CommandRunner.run(["inspect", "--format", "json", database.path]).inspectedEntity(table)
        let attributes = try XCTUnwrap(entity["attributes"] as? [[String: Any]])
        return Set(attributes.compactMap { $0["name"] as? String })
    }
}
