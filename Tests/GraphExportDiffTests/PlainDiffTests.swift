import GraphExport
import GraphExportDiff
import GraphExportPlainSQLite
import XCTest

/// ``GraphDiff`` on plain SQLite databases: rows matched by every kind of key a table can have,
/// relationships compared as sets of references, and every change reported once, in key order.
final class PlainDiffTests: XCTestCase {
    private static let library = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT, born REAL);
        CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
            author_id INTEGER REFERENCES author(id) ON DELETE CASCADE);
        CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT);
        CREATE TABLE book_tag (book_id INTEGER REFERENCES book(id), tag_id INTEGER REFERENCES tag(id),
            PRIMARY KEY (book_id, tag_id));
        INSERT INTO author VALUES (1, 'Le Guin', 1929.0), (2, 'Calvino', 1923.5), (3, 'Borges', NULL);
        INSERT INTO book VALUES (1, 'The Dispossessed', 1), (2, 'Invisible Cities', 2), (3, 'Ficciones', 3),
            (4, 'Earthsea', 1);
        INSERT INTO tag VALUES (1, 'novel'), (2, 'stories');
        INSERT INTO book_tag VALUES (1, 1), (2, 1), (3, 2);

        """

    func testADatabaseComparedWithItselfHasNoChanges() throws {
        let fixture = try DiffFixture(for: self)
        let path = try fixture.database("library.sqlite", Self.library)
        XCTAssertEqual(try fixture.changes(path, path), [])
    }

    func testAddedRemovedAndChangedRowsComeInKeyOrderWithTheirProperties() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: Self.library, old: "",
            new: """
                UPDATE author SET born = 1929.5 WHERE id = 1;
                DELETE FROM book_tag WHERE book_id = 3; DELETE FROM book WHERE id = 3;
                INSERT INTO book VALUES (5, 'If on a winter''s night a traveler', 2);
                INSERT INTO book_tag VALUES (5, 1);
                """)
        XCTAssertEqual(
            try DiffFixture.lines(try fixture.changes(old, new)),
            [
                #"{"change":"changed","@id":"author/1","@type":"author","properties":{"born":{"old":1929.0,"new":1929.5}}}"#,
                #"{"change":"changed","@id":"author/2","@type":"author","properties":{"books":{"added":[{"@id":"book/5"}],"removed":[]}}}"#,
                #"{"change":"changed","@id":"author/3","@type":"author","properties":{"books":{"added":[],"removed":[{"@id":"book/3"}]}}}"#,
                #"{"change":"removed","@id":"book/3","@type":"book","properties":{"id":{"old":3},"title":{"old":"Ficciones"},"author_id":{"old":3},"author":{"old":{"@id":"author/3"}},"tags":{"old":[{"@id":"tag/2"}]}}}"#,
                #"{"change":"added","@id":"book/5","@type":"book","properties":{"id":{"new":5},"title":{"new":"If on a winter's night a traveler"},"author_id":{"new":2},"author":{"new":{"@id":"author/2"}},"tags":{"new":[{"@id":"tag/1"}]}}}"#,
                #"{"change":"changed","@id":"tag/1","@type":"tag","properties":{"books":{"added":[{"@id":"book/5"}],"removed":[]}}}"#,
                #"{"change":"changed","@id":"tag/2","@type":"tag","properties":{"books":{"added":[],"removed":[{"@id":"book/3"}]}}}"#,
            ])
    }

    func testAMovedRowChangesItsForeignKeyItsToOneAndBothParents() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: Self.library, old: "", new: "UPDATE book SET author_id = 2 WHERE id = 4;")
        let changes = try fixture.changes(old, new)
        XCTAssertEqual(changes.map(\.id.text), ["author/1", "author/2", "book/4"])
        XCTAssertEqual(
            changes[2].properties,
            [
                PropertyChange(name: "author_id", change: .values(old: .value(.integer(1)), new: .value(.integer(2)))),
                PropertyChange(
                    name: "author",
                    change: .values(old: .reference(ObjectID("author/1")), new: .reference(ObjectID("author/2")))),
            ])
    }

    /// A link table's rows are relationships: the same pairs in another row order change nothing.
    func testToManyRelationshipsAreComparedAsSets() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: Self.library.replacingOccurrences(
                of: "INSERT INTO book_tag VALUES (1, 1), (2, 1), (3, 2);", with: ""),
            old: "INSERT INTO book_tag VALUES (1, 1), (2, 1), (3, 2);",
            new: "INSERT INTO book_tag VALUES (3, 2), (2, 1), (1, 1);")
        XCTAssertEqual(try fixture.changes(old, new), [])
    }

    /// Rows of a table without an integer key are matched by their key's values, not by the rowid
    /// or the position SQLite numbers them by, so a row added before the others in key order, or
    /// a table rebuilt in another order, changes only what did change.
    func testTablesWithOtherKeysAreMatchedByTheirKeyValues() throws {
        let fixture = try DiffFixture(for: self)
        let schema = """
            CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE city (country TEXT REFERENCES country(code), name TEXT, people INTEGER,
                PRIMARY KEY (country, name)) WITHOUT ROWID;
            CREATE TABLE zip (code TEXT PRIMARY KEY COLLATE NOCASE, city TEXT) WITHOUT ROWID;

            """
        let (old, new) = try fixture.pair(
            schema: schema,
            old: """
                INSERT INTO country VALUES ('PT', 'Portugal'), ('JP', 'Japan');
                INSERT INTO city VALUES ('PT', 'Porto', 232000), ('PT', 'Lisboa', 545000), ('JP', 'Kyoto', 1460000);
                INSERT INTO zip VALUES ('b-1000', 'Bruxelles'), ('a-100', 'Wien');
                """,
            new: """
                INSERT INTO country VALUES ('JP', 'Japan'), ('DE', 'Germany'), ('PT', 'Portugal');
                INSERT INTO city VALUES ('JP', 'Kyoto', 1460000), ('DE', 'Berlin', 3660000),
                    ('PT', 'Lisboa', 548000), ('PT', 'Porto', 232000);
                INSERT INTO zip VALUES ('A-100', 'Wien'), ('b-1000', 'Bruxelles');
                """)
        let changes = try fixture.changes(old, new)
        XCTAssertEqual(
            changes.map { "\($0.kind) \($0.id)" },
            [
                "added country/DE", "added city/DE,Berlin", "changed city/PT,Lisboa", "added zip/A-100",
                "removed zip/a-100",
            ])
        XCTAssertEqual(
            changes[2].properties,
            [
                PropertyChange(
                    name: "people", change: .values(old: .value(.integer(545000)), new: .value(.integer(548000))))
            ])
    }

    /// A writer that fails stops the comparison with its error, and the threads that read the
    /// copies ahead end with it (the test would hang otherwise).
    func testAWriterThatFailsStopsTheComparison() throws {
        struct Full: Error {}
        final class FailingWriter: DiffWriter {
            var calls = 0
            func write(_ change: ObjectChange) throws {
                calls += 1
                throw Full()
            }
            func finish() throws {}
        }
        let fixture = try DiffFixture(for: self)
        let rows = (1...5000).map { "(\($0), 'row \($0)')" }.joined(separator: ", ")
        let (old, new) = try fixture.pair(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);", old: "INSERT INTO t VALUES \(rows);",
            new: "INSERT INTO t VALUES \(rows); UPDATE t SET v = v || '!';")
        let writer = FailingWriter()
        XCTAssertThrowsError(
            try GraphDiff(
                old: SQLiteDatabaseSource(path: old), new: SQLiteDatabaseSource(path: new), readsInParallel: true
            ).run(into: writer)
        ) { XCTAssertTrue($0 is Full) }
        XCTAssertEqual(writer.calls, 1)
    }

    func testATableWithoutAKeyIsMatchedByRowid() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: "CREATE TABLE log (line TEXT); INSERT INTO log VALUES ('start'), ('middle'), ('end');",
            old: "", new: "DELETE FROM log WHERE line = 'middle'; INSERT INTO log VALUES ('again');")
        XCTAssertEqual(
            try fixture.changes(old, new).map { "\($0.kind) \($0.id)" },
            ["removed log/#2", "added log/#4"])
    }

    func testValuesDifferWhenTheirJSONDoes() throws {
        let fixture = try DiffFixture(for: self)
        let schema = "CREATE TABLE v (id INTEGER PRIMARY KEY, x);"
        let (old, new) = try fixture.pair(
            schema: schema,
            old: "INSERT INTO v VALUES (1, 1), (2, 0.0), (3, 'é'), (4, x'00'), (5, 2.5), (6, NULL), (7, 'x');",
            new: """
                INSERT INTO v VALUES (1, 1.0), (2, -0.0), (3, 'e' || char(769)), (4, x'00'), (5, 2.5), (6, NULL),
                    (7, CAST('x' AS BLOB));
                """)
        XCTAssertEqual(try fixture.changes(old, new).map(\.id.text), ["v/1", "v/2", "v/3", "v/7"])
    }

    func testSchemasThatDifferAreRefusedNamingTheFirstDifference() throws {
        let fixture = try DiffFixture(for: self)
        let base = "CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT); CREATE TABLE b (id INTEGER PRIMARY KEY);"
        let old = try fixture.database("old.sqlite", base)
        for (sql, message) in [
            (
                "CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT, y INTEGER); CREATE TABLE b (id INTEGER PRIMARY KEY);",
                "column a.y is in NEW only"
            ),
            (
                "CREATE TABLE a (id INTEGER PRIMARY KEY, x INTEGER); CREATE TABLE b (id INTEGER PRIMARY KEY);",
                "column a.x is String in OLD, Integer 64 in NEW"
            ),
            ("CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT);", "table b is in OLD only"),
            (
                "CREATE TABLE b (id INTEGER PRIMARY KEY); CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT);",
                "the tables come in another order: a in OLD where NEW has b"
            ),
            (
                "CREATE TABLE a (id TEXT PRIMARY KEY, x TEXT); CREATE TABLE b (id INTEGER PRIMARY KEY);",
                "column a.id is Integer 64 in OLD, String in NEW"
            ),
            (
                "CREATE TABLE a (id INTEGER, x TEXT, PRIMARY KEY (id, x)) WITHOUT ROWID; "
                    + "CREATE TABLE b (id INTEGER PRIMARY KEY);", "table a is keyed by other columns in OLD and NEW"
            ),
        ] {
            let new = try fixture.database("new-\(UUID().uuidString).sqlite", sql)
            XCTAssertThrowsError(try fixture.changes(old, new)) { error in
                XCTAssertEqual(
                    "\(error)", "the two stores cannot be compared: \(message) (--model reads both with one model)")
            }
        }
    }
}
