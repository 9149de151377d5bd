import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportPlainSQLite
@testable import GraphExportSQLite

/// The number of objects a store says an export will write before it starts (the total of the
/// progress line), checked against the objects an export does write.
final class ObjectCountEstimateTests: XCTestCase {
    // MARK: - Core Data

    func testScrapbookSaysExactlyTheObjectsItsExportWrites() throws {
        let store = try openScrapbook()
        XCTAssertEqual(store.estimatedObjectCount(), .exact(35))
        XCTAssertEqual(try objectsWritten(store), 35)
    }

    func testRowsThatAreNobodysObjectsAreNotCounted() throws {
        // A row of the abstract entity Item (Z_ENT 1) and one of an entity no one lists: both are
        // warned about and not exported, so not counted.
        let store = try openScrapbook(
            editing: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT) VALUES (900, 1, 1), (901, 77, 1);")
        XCTAssertEqual(store.estimatedObjectCount(), .exact(35))
        XCTAssertEqual(try objectsWritten(store), 35)
    }

    // MARK: - Plain SQLite

    func testChinookSaysTheSpanOfItsKeysWhichIsItsObjectsWhenNoRowWasDeleted() throws {
        let scratch = try ScratchFolder(for: self)
        let source = try SQLiteDatabaseSource(path: try scratch.copy(try PlainTestInputs.chinook()))
        XCTAssertEqual(try source.estimatedObjectCount(), .estimate(6892))
        XCTAssertEqual(try objectsWritten(source), 6892)
    }

    func testDeletedRowsLeaveTheSpanOfTheKeysAboveTheObjects() throws {
        let source = try plainDatabase(
            """
            CREATE TABLE a(id INTEGER PRIMARY KEY, v TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
            INSERT INTO a SELECT i + 100, 'x' FROM n;
            DELETE FROM a WHERE id IN (103, 104);
            CREATE TABLE b(v TEXT);
            INSERT INTO b VALUES ('one'), ('two');
            CREATE TABLE empty(id INTEGER PRIMARY KEY);
            """)
        XCTAssertEqual(try source.estimatedObjectCount(), .estimate(12))
        XCTAssertEqual(try objectsWritten(source), 10)
    }

    func testTableKeyedByPositionIsCountedExactly() throws {
        let source = try plainDatabase(
            """
            CREATE TABLE zip(code TEXT PRIMARY KEY, town TEXT) WITHOUT ROWID;
            INSERT INTO zip VALUES ('10115', 'Berlin'), ('80331', 'München'), ('20095', 'Hamburg');
            """)
        XCTAssertEqual(try source.estimatedObjectCount(), .exact(3))
        XCTAssertEqual(try objectsWritten(source), 3)
    }

    func testTableWhoseRowidIsHiddenNeedsStatistics() throws {
        let schema = """
            CREATE TABLE hidden(rowid TEXT, _rowid_ TEXT, oid TEXT);
            INSERT INTO hidden VALUES ('a', 'b', 'c'), ('d', 'e', 'f');
            """
        XCTAssertNil(try plainDatabase(schema).estimatedObjectCount())
        let analyzed = try plainDatabase(schema + "ANALYZE;")
        XCTAssertEqual(try analyzed.estimatedObjectCount(), .estimate(2))
    }

    func testAViewMakesTheTotalUnknown() throws {
        let schema = """
            CREATE TABLE a(id INTEGER PRIMARY KEY);
            INSERT INTO a VALUES (1), (2);
            CREATE VIEW two AS SELECT id FROM a;
            """
        XCTAssertEqual(try plainDatabase(schema).estimatedObjectCount()?.count, 2)
        XCTAssertNil(try plainDatabase(schema, options: SQLiteSourceOptions(includeViews: true)).estimatedObjectCount())
    }

    // MARK: - Helpers

    private func openScrapbook(editing edit: String? = nil) throws -> CoreDataStore {
        try ScrapbookCopy(for: self, editing: edit).open()
    }

    private func plainDatabase(_ sql: String, options: SQLiteSourceOptions = .init()) throws -> SQLiteDatabaseSource {
        let path = try ScratchFolder(for: self).path("plain.sqlite")
        try SQLiteShell.run(sql, on: path)
        return try SQLiteDatabaseSource(path: path, options: options)
    }

    /// How many objects a tree export of `source` writes.
    private func objectsWritten(_ source: any GraphSource) throws -> Int {
        let writer = RecordingGraphWriter()
        try GraphTraversal(source: source).run(into: writer)
        return writer.events.filter { if case .beginObject = $0 { true } else { false } }.count
    }
}
