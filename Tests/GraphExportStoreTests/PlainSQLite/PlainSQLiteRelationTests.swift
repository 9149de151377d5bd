import GraphExport
import XCTest

@testable import GraphExportPlainSQLite
@testable import GraphExportSQLite

/// Relationships in databases made by the tests: dangling and composite keys, self references and
/// cycles, link tables, names, nesting choices and guessed relations.
final class PlainSQLiteRelationTests: XCTestCase {
    func testDanglingKeyKeepsItsRawValueWithOneWarning() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER REFERENCES author(id));
            INSERT INTO author VALUES (1, 'Le Guin');
            INSERT INTO book VALUES (1, 'Earthsea', 1), (2, 'Ghost', 99), (3, 'Anonymous', NULL);
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let tree = try PlainExport(source, shape: .tree, warnings: warnings)
        let flat = try PlainExport(source, shape: .flat, warnings: warnings)
        for export in [tree, flat] {
            XCTAssertTrue(export.check.isValid, export.check.summary())
            let ghost = try export.graph.object("book/2")
            XCTAssertEqual(ghost.value("author_id"), .integer(99))
            XCTAssertEqual(ghost.ids("author"), [])
            XCTAssertEqual(try export.graph.object("book/3").ids("author"), [])
        }
        XCTAssertEqual(tree.warnings.count, 1, "\(tree.warnings)")
        let warning = try XCTUnwrap(tree.warnings.first)
        XCTAssertTrue(warning.contains("book/2") && warning.contains("author_id = 99"), warning)
        XCTAssertEqual(flat.warnings, [], "each dangling key is reported once")
        XCTAssertEqual(try tree.graph.object("book/1").parent, "author/1")
        XCTAssertNil(try tree.graph.object("book/2").parent)
        XCTAssertEqual(try tree.graph.object("author/1").ids("books"), ["book/1"])
    }

    func testSelfReferencesAndCyclesAreReferencesUnlessTheyCascade() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE node(id INTEGER PRIMARY KEY, name TEXT, parent_id INTEGER REFERENCES node(id));
            INSERT INTO node VALUES (1, 'a', 2), (2, 'b', 1), (3, 'c', 3), (4, 'd', NULL);
            CREATE TABLE folder(id INTEGER PRIMARY KEY,
                parent_id INTEGER REFERENCES folder(id) ON DELETE CASCADE);
            INSERT INTO folder VALUES (1, NULL), (2, 1), (3, 2), (4, 5), (5, 4);
            """)
        let warnings = CollectedWarnings()
        let (_, tree, _) = try PlainExport.both(database, warnings: warnings)
        XCTAssertEqual(tree.graph.objects(of: "node").map(\.parent), [nil, nil, nil, nil])
        XCTAssertEqual(try tree.graph.object("node/1").ids("parent"), ["node/2"])
        XCTAssertEqual(try tree.graph.object("node/2").ids("parent"), ["node/1"])
        XCTAssertEqual(try tree.graph.object("node/3").ids("nodes"), ["node/3"])
        XCTAssertEqual(try tree.graph.object("folder/3").parent, "folder/2")
        XCTAssertEqual(try tree.graph.object("folder/2").parent, "folder/1")
        let cycle = [try tree.graph.object("folder/4").parent, try tree.graph.object("folder/5").parent]
        XCTAssertTrue(cycle == [nil, "folder/4"] || cycle == ["folder/5", nil], "\(cycle)")
        XCTAssertEqual(tree.check.objectCount, 9)
        XCTAssertEqual(warnings.takeMessages(), [])
    }

    func testCompositeForeignKeyIsOneRelationship() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE album(artist TEXT, title TEXT, year INTEGER, PRIMARY KEY (artist, title));
            CREATE TABLE song(id INTEGER PRIMARY KEY, name TEXT, artist TEXT, title TEXT,
                FOREIGN KEY (artist, title) REFERENCES album(artist, title));
            INSERT INTO album VALUES ('Queen', 'A Night at the Opera', 1975), ('Queen', 'Jazz', 1978);
            INSERT INTO song VALUES (1, 'Bohemian Rhapsody', 'Queen', 'A Night at the Opera'),
                (2, 'Mustapha', 'Queen', 'Jazz'), (3, 'Lost', 'Queen', 'Innuendo'), (4, 'Loose', NULL, 'Jazz');
            """)
        let warnings = CollectedWarnings()
        let (source, tree, _) = try PlainExport.both(database, warnings: warnings)
        let song = try XCTUnwrap(source.model.index(of: "song"))
        XCTAssertEqual(source.model.relationships(of: song).map(\.name), ["album"])
        XCTAssertEqual(try tree.graph.object("song/1").parent, "album/Queen,A Night at the Opera")
        XCTAssertEqual(try tree.graph.object("album/Queen,Jazz").ids("songs"), ["song/2"])
        XCTAssertEqual(try tree.graph.object("song/3").ids("album"), [])
        XCTAssertEqual(try tree.graph.object("song/4").ids("album"), [], "a key with a NULL points nowhere")
        XCTAssertEqual(tree.warnings.count, 1, "only the complete key that matches nothing: \(tree.warnings)")
    }

    func testLinkTableIsAManyToManyUnlessItHasMoreOrDanglingRows() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE post(id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE tag(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE post_tag(post_id INTEGER REFERENCES post(id), tag_id INTEGER REFERENCES tag(id),
                PRIMARY KEY (post_id, tag_id)) WITHOUT ROWID;
            CREATE TABLE rating(post_id INTEGER REFERENCES post(id), tag_id INTEGER REFERENCES tag(id),
                stars INTEGER, PRIMARY KEY (post_id, tag_id));
            CREATE TABLE mention(post_id INTEGER REFERENCES post(id), tag_id INTEGER REFERENCES tag(id),
                PRIMARY KEY (post_id, tag_id));
            INSERT INTO post VALUES (1, 'hello'), (2, 'world');
            INSERT INTO tag VALUES (1, 'swift'), (2, 'sqlite'), (3, 'unused');
            INSERT INTO post_tag VALUES (2, 2), (1, 2), (1, 1);
            INSERT INTO rating VALUES (1, 1, 5);
            INSERT INTO mention VALUES (1, 1), (2, 7);
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let opening = warnings.takeMessages()
        XCTAssertEqual(opening.count, 1, "\(opening)")
        XCTAssertTrue(opening.first?.contains("mention") ?? false, "\(opening)")
        XCTAssertEqual(source.model.entities.map(\.name), ["post", "tag", "rating", "mention"])
        let (tree, flat) = try PlainExport.both(source, warnings: warnings)
        for export in [tree, flat] {
            XCTAssertEqual(try export.graph.object("post/1").ids("tags"), ["tag/1", "tag/2"])
            XCTAssertEqual(try export.graph.object("tag/2").ids("posts"), ["post/1", "post/2"])
            XCTAssertEqual(try export.graph.object("tag/3").ids("posts"), [])
            XCTAssertEqual(try export.graph.object("mention/2,7").value("tag_id"), .integer(7))
        }
        XCTAssertEqual(try tree.graph.object("rating/1,1").value("stars"), .integer(5))
        XCTAssertNil(try tree.graph.object("tag/1").parent, "many-to-many never nests")
    }

    func testNamesAvoidColumnsAndTellSeveralKeysToOneTableApart() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE user(id INTEGER PRIMARY KEY, name TEXT, notes INTEGER);
            CREATE TABLE message(id INTEGER PRIMARY KEY, sender_id INTEGER REFERENCES user(id),
                recipient_id INTEGER REFERENCES user(id), sender TEXT);
            CREATE TABLE follow(follower_id INTEGER REFERENCES user(id), followee_id INTEGER REFERENCES user(id),
                PRIMARY KEY (follower_id, followee_id));
            CREATE TABLE note(id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES user(id));
            INSERT INTO user VALUES (1, 'ann', 1), (2, 'bob', 0);
            INSERT INTO note VALUES (1, 1);
            INSERT INTO message VALUES (1, 1, 2, 'ann');
            INSERT INTO follow VALUES (1, 2);
            """)
        let (source, tree, _) = try PlainExport.both(database)
        let user = try XCTUnwrap(source.model.index(of: "user"))
        XCTAssertEqual(
            source.model.relationships(of: user).map(\.name),
            ["messagesBySender", "messagesByRecipient", "followees", "followers", "notesRef"])
        let message = try XCTUnwrap(source.model.index(of: "message"))
        XCTAssertEqual(source.model.relationships(of: message).map(\.name), ["senderRef", "recipient"])
        XCTAssertEqual(try tree.graph.object("user/1").ids("followees"), ["user/2"])
        XCTAssertEqual(try tree.graph.object("user/2").ids("followers"), ["user/1"])
        XCTAssertEqual(try tree.graph.object("user/2").ids("messagesByRecipient"), ["message/1"])
        XCTAssertNil(try tree.graph.object("message/1").parent, "sender and recipient are roles, not owners")
        XCTAssertEqual(try tree.graph.object("note/1").parent, "user/1")
        XCTAssertEqual(try tree.graph.object("user/1").value("notes"), .integer(1))
    }

    func testNestingFollowsTheRuleAndTheUsersChoices() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE genre(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album(id INTEGER PRIMARY KEY, title TEXT, year INTEGER, label TEXT);
            CREATE TABLE track(id INTEGER PRIMARY KEY, name TEXT, album_id INTEGER REFERENCES album(id),
                genre_id INTEGER REFERENCES genre(id));
            CREATE TABLE playlist(id INTEGER PRIMARY KEY);
            CREATE TABLE playlist_track(playlist_id INTEGER REFERENCES playlist(id),
                track_id INTEGER REFERENCES track(id), PRIMARY KEY (playlist_id, track_id));
            INSERT INTO genre VALUES (1, 'Rock');
            INSERT INTO album VALUES (1, 'One', 1990, 'X');
            INSERT INTO track VALUES (1, 'a', 1, 1), (2, 'b', NULL, 1);
            """)
        func parents(_ options: SQLiteSourceOptions) throws -> [String?] {
            let warnings = CollectedWarnings()
            let source = try openPlain(database.path, options: options, warnings: warnings)
            let (tree, _) = try PlainExport.both(source, warnings: warnings)
            return tree.graph.objects(of: "track").map(\.parent)
        }
        XCTAssertEqual(try parents(.init()), ["album/1", nil], "a real parent beats a lookup table")
        XCTAssertEqual(try parents(.init(nest: ["genre.tracks"])), ["genre/1", "genre/1"])
        XCTAssertEqual(try parents(.init(nest: ["track.genre"])), ["genre/1", "genre/1"], "either side names the pair")
        XCTAssertEqual(
            try parents(.init(noNest: ["album.tracks"])), ["genre/1", "genre/1"],
            "without the album, the lone lookup table is the owner")
        XCTAssertEqual(try parents(.init(noNest: ["album.tracks", "genre.tracks"])), [nil, nil])
        XCTAssertThrowsError(try parents(.init(nest: ["track.nothing"]))) { error in
            XCTAssertEqual(
                error as? PlainSQLiteOptionError,
                .unknownTableRelationship(
                    path: database.path, name: "track.nothing", table: "track", known: ["album", "genre", "playlists"]))
        }
        XCTAssertThrowsError(try parents(.init(nest: ["tracks"])))
        XCTAssertThrowsError(try parents(.init(nest: ["playlist.tracks"]))) { error in
            guard case .cannotNest = error as? PlainSQLiteOptionError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try parents(.init(nest: ["album.tracks"], noNest: ["track.album"]))) { error in
            XCTAssertEqual(
                error as? PlainSQLiteOptionError, .conflictingNesting(path: database.path, name: "album.tracks"))
        }
        try database.execute(
            """
            CREATE TABLE track2(id INTEGER PRIMARY KEY, album_id INTEGER REFERENCES album(id),
                genre_id INTEGER REFERENCES genre(id) ON DELETE CASCADE);
            INSERT INTO track2 VALUES (1, 1, 1);
            """)
        let (_, tree, _) = try PlainExport.both(database)
        XCTAssertEqual(try tree.graph.object("track2/1").parent, "genre/1", "ON DELETE CASCADE comes first")
    }

    func testForeignKeysThatCannotBeFollowedStayPlainColumns() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, email TEXT);
            CREATE TABLE badge(id INTEGER PRIMARY KEY, owner INTEGER REFERENCES nobody(id),
                email TEXT REFERENCES person(email), person_id INTEGER REFERENCES person);
            INSERT INTO person VALUES (1, 'a@example.org');
            INSERT INTO badge VALUES (1, 5, 'a@example.org', 1);
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let opening = warnings.takeMessages()
        XCTAssertEqual(opening.count, 2, "\(opening)")
        let badge = try XCTUnwrap(source.model.index(of: "badge"))
        XCTAssertEqual(source.model.relationships(of: badge).map(\.name), ["person"], "REFERENCES person means its key")
        let (tree, _) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(try tree.graph.object("badge/1").value("owner"), .integer(5))
    }

    func testInferRelationsGuessesTableIdColumnsAndReportsEachGuess() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE authors(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE books(id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER, reviewer_id INTEGER,
                BooksId INTEGER);
            INSERT INTO authors VALUES (1, 'Le Guin');
            INSERT INTO books VALUES (1, 'Earthsea', 1, 7, NULL), (2, 'Ghost', 3, NULL, 1);
            """)
        let plainWarnings = CollectedWarnings()
        let plain = try openPlain(database.path, warnings: plainWarnings)
        XCTAssertEqual(plain.inferredRelations, [])
        XCTAssertTrue(plain.model.entities.allSatisfy(\.relationships.isEmpty))
        let (plainTree, _) = try PlainExport.both(plain, warnings: plainWarnings)
        XCTAssertEqual(plainTree.check.objectCount, 3, "without declared keys everything is still exported, flat")

        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, options: .init(inferRelations: true), warnings: warnings)
        XCTAssertEqual(
            source.inferredRelations,
            [InferredRelation(table: "books", column: "author_id", referencedTable: "authors", referencedColumn: "id")])
        XCTAssertEqual(source.inferredRelations.map(\.description), ["books.author_id → authors.id"])
        let opening = warnings.takeMessages()
        XCTAssertEqual(opening.count, 1, "\(opening)")
        XCTAssertTrue(opening.first?.contains("books.author_id → authors.id") ?? false, "\(opening)")
        let (tree, _) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(try tree.graph.object("books/1").parent, "authors/1")
        XCTAssertEqual(try tree.graph.object("authors/1").ids("books"), ["books/1"])
        XCTAssertEqual(tree.warnings.count, 1, "book 2's guessed author 3 does not exist: \(tree.warnings)")
    }
}
