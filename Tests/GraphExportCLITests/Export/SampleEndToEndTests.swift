import Foundation
import Prerequisites
import XCTest

/// `--limit n` as a sample: at most `n` objects of each entity at every level, the children of
/// the chosen owners first, every reference to an object of the sample resolving and every other
/// counted in the closing note line; on Chinook, on a database where one row owns everything, and
/// on Core Data stores (Scrapbook, Apple Notes).
final class SampleEndToEndTests: XCTestCase {
    /// Exports `store` with `arguments` and walks the export (``WalkedExport``).
    private func sample(
        _ arguments: [String], store: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> WalkedExport {
        try WalkedExport(exporting: arguments + [store], file: file, line: line)
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
        let albums = try ExportWalk.ids(
            "SELECT 'Album/' || AlbumId FROM Album WHERE ArtistId IN (1, 2) ORDER BY ArtistId, AlbumId LIMIT 2",
            in: store)
        XCTAssertEqual(sample.ids["Album"].map(Set.init), Set(albums))
        XCTAssertTrue(albums.allSatisfy { sample.owners[$0] == "Artist/1" }, "\(sample.owners)")
        let tracks = try ExportWalk.ids(
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
            let first = try ExportWalk.ids(
                "SELECT '\(table)/' || \(table)Id FROM \(table) ORDER BY \(table)Id LIMIT 2", in: store)
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
