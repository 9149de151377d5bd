import Foundation
import Prerequisites
import XCTest

/// `--limit n` as a sample: at most `n` objects of each entity at every level, the children of
/// the chosen owners first, every reference to an object of the sample resolving and every other
/// counted in the closing note line; on Chinook, on a database where one row owns everything, and
/// on Core Data stores (Scrapbook, Apple Notes).
final class SampleEndToEndTests: XCTestCase {
    /// Reads the JSON export (standard input) and prints a JSON summary: the ids written by
    /// entity, each id's owner in the tree (`null` at the top level), how many ids are written
    /// twice and how many references name an object the export does not hold.
    private static let summary =
        ExportWalk.python + """
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

    /// What an export holds, by ``summary``, and what its closing line said.
    private struct Sample {
        /// The ids written, by entity, in document order.
        var ids: [String: [String]]
        /// Each id's owner in the tree, `nil` at the top level.
        var owners: [String: String?]
        /// The references to objects the export does not hold.
        var outside: Int

        /// How many objects of each entity.
        var counts: [String: Int] { ids.mapValues(\.count) }
    }

    /// Exports `store` with `arguments`, checks that every object is written once and that the
    /// closing note line counts exactly the references leaving the export, and returns it.
    private func sample(
        _ arguments: [String], store: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Sample {
        let export = try CommandRunner.assertSucceeds(arguments + [store], file: file, line: line)
        let text = try Python.run(Self.summary, input: export.standardOutput)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["twice"] as? Int, 0, "\(arguments)", file: file, line: line)
        let outside = try XCTUnwrap(json["outside"] as? Int)
        let note = "graphexport: note: \(outside) reference\(outside == 1 ? "" : "s") to objects outside the selection"
        if outside > 0 {
            XCTAssertTrue(
                export.standardError.contains(note), "\(arguments): \(export.standardError)", file: file, line: line)
        } else {
            XCTAssertFalse(export.standardError.contains("outside the selection"), file: file, line: line)
        }
        let owners = try XCTUnwrap(json["owners"] as? [String: Any]).mapValues { $0 as? String }
        return Sample(ids: try XCTUnwrap(json["ids"] as? [String: [String]]), owners: owners, outside: outside)
    }

    /// The ids plain SQL gives on `store`.
    private func ids(_ sql: String, in store: String) throws -> [String] {
        let program = """
            import sqlite3, sys
            store = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            print("\\n".join(str(row[0]) for row in store.execute(sys.argv[2])))
            """
        return try Python.run(program, arguments: [store, sql], input: Data()).split(separator: "\n").map(String.init)
    }

    private func chinook() throws -> String {
        try CommandRunner.copyOfChinook(for: self).path
    }

    private static let chinookTables = [
        "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist", "Track",
    ]

    func testATreeSampleOfChinookHoldsTwoOfEachTableTheChildrenOfTheChosenOwnersFirst() throws {
        let store = try chinook()
        let sample = try sample(["--limit", "2"], store: store)
        XCTAssertEqual(sample.counts, Dictionary(uniqueKeysWithValues: Self.chinookTables.map { ($0, 2) }))
        XCTAssertGreaterThan(sample.outside, 0, "playlists, genres and media types name tracks left out")
        // The first two artists; the first two albums of theirs (both AC/DC's); the first two
        // tracks of those albums, each nested in its album.
        XCTAssertEqual(sample.ids["Artist"], ["Artist/1", "Artist/2"])
        let albums = try ids(
            "SELECT 'Album/' || AlbumId FROM Album WHERE ArtistId IN (1, 2) ORDER BY ArtistId, AlbumId LIMIT 2",
            in: store)
        XCTAssertEqual(sample.ids["Album"].map(Set.init), Set(albums))
        XCTAssertTrue(albums.allSatisfy { sample.owners[$0] == "Artist/1" }, "\(sample.owners)")
        let tracks = try ids(
            "SELECT 'Track/' || TrackId FROM Track JOIN Album USING (AlbumId) WHERE 'Album/' || AlbumId IN "
                + "('\(albums.joined(separator: "', '"))') ORDER BY ArtistId, AlbumId, TrackId LIMIT 2", in: store)
        XCTAssertEqual(sample.ids["Track"].map(Set.init), Set(tracks))
        for track in tracks { XCTAssertTrue(albums.contains(sample.owners[track]!!), track) }
        // Invoices nest under their customer, invoice lines under their invoice.
        for line in sample.ids["InvoiceLine"] ?? [] {
            XCTAssertTrue(sample.ids["Invoice"]!.contains(sample.owners[line]!!), line)
        }
        for invoice in sample.ids["Invoice"] ?? [] {
            XCTAssertTrue(sample.ids["Customer"]!.contains(sample.owners[invoice]!!), invoice)
        }
    }

    func testAFlatSampleIsTheFirstObjectsOfEachTableByPrimaryKey() throws {
        let store = try chinook()
        let sample = try sample(["--shape", "flat", "--limit", "2"], store: store)
        for table in Self.chinookTables {
            let first = try ids("SELECT '\(table)/' || \(table)Id FROM \(table) ORDER BY \(table)Id LIMIT 2", in: store)
            XCTAssertEqual(sample.ids[table], first, table)
        }
    }

    func testWithRootTheSampleIsTheFirstChosenRootsAndAtMostThatManyOfEachEntityBelow() throws {
        let store = try chinook()
        for shape in ["tree", "flat"] {
            let one = try sample(
                ["--shape", shape, "--root", "Artist", "--where", "Name LIKE 'A%'", "--limit", "1"], store: store)
            XCTAssertEqual(one.ids, ["Artist": ["Artist/1"], "Album": ["Album/1"], "Track": ["Track/1"]], shape)
        }
        let closure = try sample(["--root", "Artist", "--limit", "2", "--closure"], store: store)
        XCTAssertEqual(closure.ids["Artist"], ["Artist/1", "Artist/2"])
        XCTAssertTrue(closure.counts.values.allSatisfy { $0 <= 2 }, "\(closure.counts)")
        XCTAssertGreaterThan(closure.counts.count, 3, "the closure reaches genres, media types, playlists…")
    }

    /// A database shaped like the issue's: one language owns every film, each film its rentals,
    /// each rental its payment.
    private func oneOwnerOfEverything() throws -> String {
        try ScratchDatabase.make(
            "rentals.sqlite",
            sql: """
                CREATE TABLE language (language_id INTEGER PRIMARY KEY, name TEXT NOT NULL, last_update TEXT);
                CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT,
                    language_id INTEGER NOT NULL REFERENCES language(language_id));
                CREATE TABLE rental (rental_id INTEGER PRIMARY KEY,
                    film_id INTEGER NOT NULL REFERENCES film(film_id), rented TEXT);
                CREATE TABLE payment (payment_id INTEGER PRIMARY KEY,
                    rental_id INTEGER REFERENCES rental(rental_id), amount REAL);
                INSERT INTO language VALUES (1, 'English', '2006-02-15');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
                INSERT INTO film SELECT i, 'Film ' || i, 1 FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
                INSERT INTO rental SELECT i, (i - 1) / 5 + 1, '2005-05-24' FROM n;
                INSERT INTO payment SELECT rental_id, rental_id, 2.99 FROM rental;
                """, for: self
        ).appendingPathComponent("rentals.sqlite").path
    }

    func testOneOwnerOfEverythingGivesASampleNotTheWholeDatabase() throws {
        let store = try oneOwnerOfEverything()
        let one = try sample(["--limit", "1"], store: store)
        XCTAssertEqual(
            one.ids, ["language": ["language/1"], "film": ["film/1"], "rental": ["rental/1"], "payment": ["payment/1"]])
        XCTAssertEqual(one.owners["payment/1"], "rental/1")
        XCTAssertEqual(one.owners["rental/1"], "film/1")
        XCTAssertEqual(one.outside, 999 + 4, "the language's other films, the film's other rentals")

        // Three of each: the first three films; the first film's rentals come first, with their payments.
        let three = try sample(["--limit", "3"], store: store)
        XCTAssertEqual(three.ids["film"], ["film/1", "film/2", "film/3"])
        XCTAssertEqual(three.ids["rental"], ["rental/1", "rental/2", "rental/3"])
        XCTAssertEqual(three.ids["payment"], ["payment/1", "payment/2", "payment/3"])
        XCTAssertTrue(three.ids["rental"]!.allSatisfy { three.owners[$0] == "film/1" })
        XCTAssertEqual(three.outside, 997 + 2 + 5 + 5)

        let flat = try sample(["--shape", "flat", "--limit", "1"], store: store)
        XCTAssertEqual(flat.counts, ["language": 1, "film": 1, "rental": 1, "payment": 1])
    }

    func testACoreDataSampleHoldsAtMostThatManyOfEachEntityNestedUnderItsOwners() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let store = folder.appendingPathComponent("Scrapbook.sqlite").path
        let model = ["--model", folder.appendingPathComponent("Scrapbook.xcdatamodeld").path]
        let one = try sample(model + ["--limit", "1"], store: store)
        XCTAssertEqual(
            one.counts, ["Scrapbook": 1, "Page": 1, "Tag": 1, "Photo": 1, "Note": 1, "Clipping": 1])
        XCTAssertEqual(one.owners[one.ids["Page"]![0]], one.ids["Scrapbook"]![0])
        XCTAssertEqual(one.owners[one.ids["Note"]![0]], one.ids["Page"]![0])
        let rooted = try sample(model + ["--root", "Page", "--limit", "2"], store: store)
        XCTAssertEqual(rooted.counts["Page"], 2)
        XCTAssertNil(rooted.counts["Scrapbook"])
        XCTAssertTrue(rooted.counts.values.allSatisfy { $0 <= 2 }, "\(rooted.counts)")

        let notes = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let apple = try sample(["--limit", "2"], store: notes.appendingPathComponent("NoteStore.sqlite").path)
        XCTAssertEqual(
            apple.counts,
            [
                "ICAccount": 1, "ICAccountData": 1, "ICAttachment": 1, "ICCloudState": 2, "ICFolder": 2, "ICNote": 2,
                "ICNoteData": 2,
            ])
    }
}
