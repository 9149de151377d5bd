import CSQLite
import GraphExport
import GraphExportRelational
import GraphExportSQL
import GraphExportTestSupport
import XCTest

/// The SQL format on hand-made graphs: the SQLite script makes the database the SQLite format
/// writes, and PostgreSQL's `COPY` text escapes what it must.
final class SQLGraphWriterTests: XCTestCase {
    private func graph(title: String = "it's") throws -> InMemoryGraph {
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let note = try graph.add("Note", ["title": .string(title)])
        let tag = try graph.add("Tag", ["_pk": .string("blue")])
        try graph.link([(note, "folder", folder), (note, "tags", tag)])
        return graph
    }

    private func script(_ graph: InMemoryGraph, dialect: SQLDialect) throws -> String {
        let sink = MemorySink()
        try GraphExporter(source: graph, shape: .flat).write(to: sink, format: .sql(dialect: dialect))
        return sink.text
    }

    func testTheSQLiteScriptLoadsIntoSQLiteWithEveryForeignKeyResolving() throws {
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open(":memory:", &database), SQLITE_OK)
        defer { sqlite3_close(database) }
        let text = try script(try graph(), dialect: .sqlite)
        XCTAssertEqual(
            sqlite3_exec(database, text, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(database)))
        var statement: OpaquePointer?
        let sql =
            "SELECT n.title || ' in ' || f.name || ' tagged ' || Tag._pk_2 FROM Note n JOIN Folder f ON f._pk = n.folder "
            + "JOIN Item_tags t ON t.Item = n._pk JOIN Tag ON Tag._pk = t.tags"
        XCTAssertEqual(sqlite3_prepare_v2(database, sql, -1, &statement, nil), SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        XCTAssertEqual(sqlite3_step(statement), SQLITE_ROW)
        XCTAssertEqual(String(cString: sqlite3_column_text(statement, 0)), "it's in Inbox tagged blue")
        XCTAssertTrue(text.hasSuffix("COMMIT;\n"))
    }

    func testBothDialectsRecordTheHeaderTheModelsVersionHashAndTheSelection() throws {
        let graph = try graph()
        let selection = "--root Folder --where name = 'Inbox' --closure"
        for dialect in SQLDialect.allCases {
            let sink = MemorySink()
            try GraphExporter(source: graph, shape: .flat).write(
                to: sink, format: .sql(dialect: dialect, selectionText: selection))
            // The rows of graphexport_source are one multi-row INSERT in both dialects: loaded
            // into SQLite here, and into PostgreSQL by PostgreSQLLoadTests.
            let text = sink.text
            let insert = try XCTUnwrap(text.range(of: "INSERT INTO \"graphexport_source\""), dialect.rawValue)
            let end = try XCTUnwrap(text.range(of: ";\n", range: insert.upperBound..<text.endIndex))
            var database: OpaquePointer?
            XCTAssertEqual(sqlite3_open(":memory:", &database), SQLITE_OK)
            defer { sqlite3_close(database) }
            let load =
                "CREATE TABLE graphexport_source (key TEXT PRIMARY KEY, value TEXT);"
                + text[insert.lowerBound..<end.upperBound]
            XCTAssertEqual(sqlite3_exec(database, load, nil, nil, nil), SQLITE_OK, dialect.rawValue)
            var statement: OpaquePointer?
            XCTAssertEqual(
                sqlite3_prepare_v2(
                    database, "SELECT key, value FROM graphexport_source ORDER BY rowid", -1, &statement, nil),
                SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            var rows: [String: String] = [:]
            var keys: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let key = String(cString: sqlite3_column_text(statement, 0))
                keys.append(key)
                rows[key] = String(cString: sqlite3_column_text(statement, 1))
            }
            XCTAssertEqual(
                keys, ["generator", "sourceKind", "shape", "modelHash", "selection", "exportedAt"], dialect.rawValue)
            XCTAssertEqual(
                rows["modelHash"], SchemaSQL(schema: RelationalSchema(model: graph.model), dialect: dialect).modelHash,
                dialect.rawValue)
            XCTAssertEqual(rows["selection"], selection, dialect.rawValue)
        }
    }

    func testPostgreSQLsDataAreCopyBlocksWithEscapesAndTheKeysComeAfterThem() throws {
        let text = try script(try graph(title: "a\tb\nc\\d"), dialect: .postgresql)
        XCTAssertTrue(text.contains("\ta\\tb\\nc\\\\d\t"), text)
        let copy = try XCTUnwrap(text.range(of: "COPY \"Item_tags\" (\"Item\", \"tags\") FROM stdin;\n"))
        let rows = try XCTUnwrap(text.range(of: "COPY \"Item\""))
        let foreignKey = try XCTUnwrap(text.range(of: "ALTER TABLE \"Item\" ADD FOREIGN KEY"))
        XCTAssertLessThan(rows.lowerBound, copy.lowerBound, "a join table's rows after the objects' rows")
        XCTAssertLessThan(copy.lowerBound, foreignKey.lowerBound, "the foreign keys after the data")
        XCTAssertTrue(text.contains("\\.\n"))
        XCTAssertTrue(text.hasPrefix("-- "))
    }

    func testADeltaOfInsertedObjectsOnlyKeepsItsReferencesAndDeclaresNoForeignKeys() throws {
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let note = try graph.add("Note", ["title": .string("new")])
        try graph.link(note, "folder", to: folder)
        var selection = Selection()
        selection.objects = [note]
        let traversal = GraphTraversal(
            source: graph, shape: .flat, selection: selection, changes: ChangeSet(objects: [note]))
        let sink = MemorySink()
        try traversal.run(into: SQLGraphWriter(sink: sink, dialect: .postgresql))
        XCTAssertFalse(sink.text.contains("SET \"folder\" = NULL"), "no reference is cleared:\n\(sink.text)")
        XCTAssertFalse(sink.text.contains("ADD FOREIGN KEY"), "a delta's references name rows it does not hold")
    }
}
