import GraphExport
import GraphExportSQLite
import XCTest

@testable import GraphExportPlainSQLite

/// What only a plain SQLite database tells of itself (``PlainSQLiteDescription``), beside the
/// ``StoreDescription`` every reader gives: each attribute's column, its declared type and typing,
/// and the link tables.
final class PlainSQLiteDescriptionTests: XCTestCase {
    func testEachAttributeHasItsColumnsDeclaredTypeAndTypingAndTheLinkTablesAreListed() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE artist(id INTEGER PRIMARY KEY, name NVARCHAR(120), born DATE, anything);
            CREATE TABLE tag(id INTEGER PRIMARY KEY, label TEXT);
            CREATE TABLE artist_tag(artist INTEGER NOT NULL REFERENCES artist(id),
                tag INTEGER NOT NULL REFERENCES tag(id), PRIMARY KEY (artist, tag));
            """)
        let source = try openPlain(database.path, warnings: CollectedWarnings())
        let described = source.plainSQLiteDescription
        let artist = try XCTUnwrap(try source.storeDescription().entities.first { $0.name == "artist" })
        XCTAssertEqual(
            artist.attributes.map { described.column(of: $0) },
            [
                .init(declaredType: "INTEGER", typing: .stored), .init(declaredType: "NVARCHAR(120)", typing: .stored),
                .init(declaredType: "DATE", typing: .date), .init(declaredType: "", typing: .stored),
            ])
        XCTAssertEqual(
            described.linkTables,
            [
                .init(
                    name: "artist_tag", linkedTables: ["artist", "tag"], relationships: ["artist.tags", "tag.artists"])
            ])
        var decoded = try XCTUnwrap(artist.attributes.first)
        decoded.decoder = "notes"
        XCTAssertNil(described.column(of: decoded), "an attribute a decoder adds has no column of its own")
    }
}
