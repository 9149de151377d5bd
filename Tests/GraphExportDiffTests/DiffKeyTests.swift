import GraphExport
import GraphExportDiff
import XCTest

/// `--key Entity.attribute` (``DiffKey``): objects matched by a unique attribute, for stores whose
/// keys were renumbered; the attribute must be unique and orderable, which is checked while the
/// copies are read.
final class DiffKeyTests: XCTestCase {
    private static let schema = """
        CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
        CREATE TABLE song (id INTEGER PRIMARY KEY, title TEXT, genre_id INTEGER REFERENCES genre(id));

        """

    /// The new copy numbered its genres anew: matched by name they are the same genres, and the
    /// songs' `genre` relationships reach the same ones (only the raw key column changed).
    func testRenumberedObjectsMatchByTheirKeyAndSoDoReferencesToThem() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: Self.schema,
            old: """
                INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Blues');
                INSERT INTO song VALUES (1, 'So What', 2), (2, 'Hoochie Coochie Man', 3);
                """,
            new: """
                INSERT INTO genre VALUES (10, 'Jazz'), (11, 'Blues'), (12, 'Rock'), (13, 'Polka');
                INSERT INTO song VALUES (1, 'So What', 10), (2, 'Hoochie Coochie Man', 12);
                """)
        XCTAssertEqual(
            try DiffFixture.lines(try fixture.changes(old, new, keys: [DiffKey("genre.name")])),
            [
                #"{"change":"changed","@id":"genre/11","@type":"genre","@key":{"name":"Blues"},"properties":{"id":{"old":3,"new":11},"songs":{"added":[],"removed":[{"@id":"song/2"}]}}}"#,
                #"{"change":"changed","@id":"genre/10","@type":"genre","@key":{"name":"Jazz"},"properties":{"id":{"old":2,"new":10}}}"#,
                #"{"change":"added","@id":"genre/13","@type":"genre","@key":{"name":"Polka"},"properties":{"id":{"new":13},"name":{"new":"Polka"},"songs":{"new":[]}}}"#,
                #"{"change":"changed","@id":"genre/12","@type":"genre","@key":{"name":"Rock"},"properties":{"id":{"old":1,"new":12},"songs":{"added":[{"@id":"song/2"}],"removed":[]}}}"#,
                // The same genre by name: only the raw key column changed.
                #"{"change":"changed","@id":"song/1","@type":"song","properties":{"genre_id":{"old":2,"new":10}}}"#,
                #"{"change":"changed","@id":"song/2","@type":"song","properties":{"genre_id":{"old":3,"new":12},"genre":{"old":{"@id":"genre/3"},"new":{"@id":"genre/12"}}}}"#,
            ])
    }

    func testARepeatedKeyValueIsAnErrorNamingIt() throws {
        let fixture = try DiffFixture(for: self)
        let (old, new) = try fixture.pair(
            schema: "CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT);",
            old: "INSERT INTO person VALUES (1, 'a@example.com'), (2, 'b@example.com');",
            new: "INSERT INTO person VALUES (1, 'a@example.com'), (2, 'b@example.com'), (3, 'a@example.com');")
        XCTAssertThrowsError(try fixture.changes(old, new, keys: [DiffKey("person.email")])) { error in
            XCTAssertEqual(
                "\(error)",
                "\(new) (NEW): two objects of person have email = \"a@example.com\", which must be unique to match "
                    + "objects by it")
        }
    }

    func testAKeyMustNameAnAttributeOfAnEntityOnce() throws {
        let fixture = try DiffFixture(for: self)
        let path = try fixture.database("one.sqlite", Self.schema)
        for (keys, message) in [
            (["genre"], "--key genre: name the attribute as Entity.attribute"),
            (["album.name"], "--key: no entity 'album' (entities: genre, song)"),
            (["genre.title"], "--key: entity 'genre' has no attribute 'title'"),
            (["genre.name", "genre.id"], "--key: entity 'genre' is given two keys"),
        ] {
            XCTAssertThrowsError(try fixture.changes(path, path, keys: keys.map(DiffKey.init))) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}
