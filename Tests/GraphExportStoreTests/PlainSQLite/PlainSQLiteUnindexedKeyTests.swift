import CSQLite
import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportPlainSQLite
@testable import GraphExportSQLite

/// Databases whose foreign keys have no index, as SQLite leaves them unless asked (issue 36): the
/// export reads each relationship with a bounded number of passes, never a table per object,
/// opening reads no row of them, and what is written is what the same database with the indexes
/// gives.
final class PlainSQLiteUnindexedKeyTests: XCTestCase {
    /// Artists → albums → tracks (nested two levels deep, the albums' owners scattered so that
    /// the tracks' owners are not visited in key order; a few albums without an artist and tracks
    /// whose album does not exist, at the top level), a lookup table (`genre.tracks`, a reference
    /// list) and a table nesting under itself; no foreign key has an index.
    private static let schema = """
        CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album(id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
        CREATE TABLE genre(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE track(id INTEGER PRIMARY KEY, name TEXT, album_id INTEGER REFERENCES album(id),
            genre_id INTEGER REFERENCES genre(id));
        CREATE TABLE folder(id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES folder(id) ON DELETE CASCADE);
        """
    /// A WITHOUT ROWID table keyed by text (numbered in a private table as the database opens) and
    /// a link table (checked as it opens): what opening reads besides the schema.
    private static let otherSchema = """
        CREATE TABLE verse(code TEXT PRIMARY KEY, album_id INTEGER REFERENCES album(id)) WITHOUT ROWID;
        CREATE TABLE playlist(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE playlist_track(playlist_id INTEGER REFERENCES playlist(id),
            track_id INTEGER REFERENCES track(id), PRIMARY KEY(playlist_id, track_id));
        """
    private static let rows = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
            INSERT INTO artist SELECT i, 'artist ' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
            INSERT INTO album SELECT i, 'album ' || i, CASE WHEN i % 17 = 0 THEN NULL ELSE (i * 7) % 50 + 1 END FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
            INSERT INTO genre SELECT i, 'genre ' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO track SELECT i, 'track ' || i || ' ' || hex(zeroblob(30)), (i * 13) % 201 + 1, NULLIF(i % 11, 0)
            FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO folder SELECT i, CASE WHEN i <= 10 THEN NULL ELSE (i * 7) % (i - 1) + 1 END FROM n;
        """
    private static let otherRows = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO verse SELECT printf('v%04d', (i * 37) % 300), (i * 3) % 200 + 1 FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
            INSERT INTO playlist SELECT i, 'playlist ' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
            INSERT OR IGNORE INTO playlist_track SELECT i % 20 + 1, (i * 7) % 1000 + 1 FROM n;
        """
    private static let indexes = """
        CREATE INDEX album_artist ON album(artist_id);
        CREATE INDEX track_album ON track(album_id);
        CREATE INDEX track_genre ON track(genre_id);
        CREATE INDEX verse_album ON verse(album_id);
        CREATE INDEX folder_parent ON folder(parent_id);
        CREATE INDEX playlist_track_track ON playlist_track(track_id);
        """

    /// The tree shape reads each relationship's destinations without a query that scans a table
    /// once per owner: no statement that runs more than once steps through a whole table, whether
    /// the objects come in the order the reader expects or not (a depth limit moves the tracks to
    /// the top level, out of that order).
    func testTreeShapeScansNoTableOncePerObjectWithoutIndexes() throws {
        let database = try scratchDatabase(Self.schema + Self.otherSchema + Self.rows + Self.otherRows)
        for selection in [Selection.everything, Selection(depthLimit: 2)] {
            let source = try openPlain(database.path, warnings: CollectedWarnings())
            let traversal = GraphTraversal(source: source, shape: .tree, selection: selection)
            try traversal.run(into: RecordingGraphWriter())
            XCTAssertEqual(traversal.objectsWritten, 50 + 200 + 10 + 1000 + 300 + 300 + 20)
            let repeated = RepeatedStatements(source.database)
            XCTAssertEqual(repeated.scanning, [], selection.depthLimit.map { "depth \($0)" } ?? "everything")
            XCTAssertGreaterThan(repeated.count, 3, "the per-object queries were not found")
        }
    }

    /// Both shapes of the database without its foreign-key indexes are the same events as with
    /// them (the indexes change how rows are found, never what is written).
    func testExportsWithoutIndexesAreThoseWithIndexes() throws {
        let folder = try ScratchFolder(for: self)
        let sql = Self.schema + Self.otherSchema + Self.rows + Self.otherRows
        let bare = try PlainDatabase(folder, name: "bare.sqlite", sql: sql)
        let indexed = try PlainDatabase(folder, name: "indexed.sqlite", sql: sql + Self.indexes)
        for shape in [ExportShape.tree, .flat] {
            let runs = try [bare, indexed].map { database in
                let warnings = CollectedWarnings()
                let writer = RecordingGraphWriter()
                try GraphTraversal(source: try openPlain(database.path, warnings: warnings), shape: shape)
                    .run(into: writer)
                let messages = warnings.takeMessages().map { $0.replacingOccurrences(of: database.path, with: "") }
                return (events: writer.events, warnings: messages)
            }
            XCTAssertEqual(runs[0].events.count, runs[1].events.count, "\(shape)")
            XCTAssertTrue(runs[0].events == runs[1].events, "\(shape): the events differ")
            XCTAssertEqual(runs[0].warnings, runs[1].warnings, "\(shape)")
            XCTAssertEqual(runs[0].warnings.count, 5, "\(shape): the tracks whose album does not exist")
        }
    }

    /// Nested children whose keys follow one another (as children added together have) are read
    /// a run at a time, one statement run per run of consecutive keys, not one per child: here the
    /// tracks of each album are five consecutive keys (but for the gaps left by deleted tracks), so
    /// the 1 000 tracks and 200 albums take a few hundred runs in all (before: more than 1 200),
    /// and what is written is what the database with the indexes gives.
    func testNestedChildrenWithConsecutiveKeysAreReadARunAtATime() throws {
        let folder = try ScratchFolder(for: self)
        let rows = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
                INSERT INTO artist SELECT i, 'artist ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO album SELECT i, 'album ' || i, (i * 7) % 50 + 1 FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1030)
                INSERT INTO track SELECT i, 'track ' || i, (i - 1) / 5 + 1, NULL FROM n;
            DELETE FROM track WHERE id % 97 = 0 OR id > 1000;
            """
        let bare = try PlainDatabase(folder, name: "bare.sqlite", sql: Self.schema + rows)
        let indexes = Self.indexes.split(separator: "\n").filter { !$0.contains("verse") && !$0.contains("playlist") }
        let indexed = try PlainDatabase(
            folder, name: "indexed.sqlite", sql: Self.schema + rows + indexes.joined(separator: "\n"))
        var events: [[GraphEvent]] = []
        for database in [bare, indexed] {
            let source = try openPlain(database.path, warnings: CollectedWarnings())
            let writer = RecordingGraphWriter()
            try GraphTraversal(source: source, shape: .tree).run(into: writer)
            events.append(writer.events)
            guard database.path == bare.path else { continue }
            var runs: Int32 = 0
            var statement = sqlite3_next_stmt(source.database.handle, nil)
            while let current = statement {
                runs += sqlite3_stmt_status(current, SQLITE_STMTSTATUS_RUN, 0)
                statement = sqlite3_next_stmt(source.database.handle, current)
            }
            XCTAssertLessThan(runs, 500, "statement runs for 200 albums and 990 tracks")
        }
        XCTAssertEqual(events[0].count, events[1].count)
        XCTAssertTrue(events[0] == events[1], "the events differ from those with the indexes")
    }

    /// Opening a database reads its schema, not the rows of its relationships: with no foreign
    /// key indexed, the set-up reads a few pages of a database of hundreds, and copies nothing
    /// into the connection's private tables.
    func testOpeningReadsTheSchemaNotTheRows() throws {
        let database = try scratchDatabase("PRAGMA page_size = 1024;" + Self.schema + Self.rows)
        let pages = try XCTUnwrap(database.value("PRAGMA page_count").integer)
        XCTAssertGreaterThan(pages, 60)
        let source = try openPlain(database.path, warnings: CollectedWarnings())
        var misses: Int32 = 0
        var highest: Int32 = 0
        XCTAssertEqual(sqlite3_db_status(source.database.handle, SQLITE_DBSTATUS_CACHE_MISS, &misses, &highest, 0), 0)
        XCTAssertLessThanOrEqual(misses, 12, "pages read while opening a database of \(pages)")
        let copies = try source.database.prepare("SELECT name FROM temp.sqlite_schema WHERE name LIKE 'gx_rel%'")
        XCTAssertFalse(try copies.step(), "a relationship was copied while opening: \(copies.text(at: 0) ?? "")")
    }
}
