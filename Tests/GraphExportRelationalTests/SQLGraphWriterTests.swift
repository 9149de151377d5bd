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

    private func script(_ graph: InMemoryGraph, dialect: SQLDialect, selection: String = "") throws -> String {
        let sink = MemorySink()
        try GraphExporter(source: graph, shape: .flat).write(
            to: sink, format: .sql(dialect: dialect, selectionText: selection))
        return sink.text
    }

    func testTheSQLiteScriptLoadsIntoSQLiteWithEveryForeignKeyResolving() throws {
        let text = try script(try graph(), dialect: .sqlite)
        let database = try WrittenDatabase(loading: text, for: self)
        XCTAssertEqual(
            database.rows(
                "SELECT n.title || ' in ' || f.name || ' tagged ' || Tag._pk_2 FROM Note n JOIN Folder f ON "
                    + "f._pk = n.folder JOIN Item_tags t ON t.Item = n._pk JOIN Tag ON Tag._pk = t.tags"),
            [["it's in Inbox tagged blue"]])
        XCTAssertEqual(database.rows("PRAGMA foreign_key_check"), [])
        XCTAssertTrue(text.hasSuffix("COMMIT;\n"))
    }

    func testBothDialectsRecordTheHeaderTheModelsVersionHashAndTheSelection() throws {
        let graph = try graph()
        let selection = "--root Folder --where name = 'Inbox' --closure"
        for dialect in SQLDialect.allCases {
            // The rows of graphexport_source are one multi-row INSERT in both dialects: loaded
            // into SQLite here, and into PostgreSQL by PostgreSQLLoadTests.
            let text = try script(graph, dialect: dialect, selection: selection)
            let insert = try XCTUnwrap(text.range(of: "INSERT INTO \"graphexport_source\""), dialect.rawValue)
            let end = try XCTUnwrap(text.range(of: ";\n", range: insert.upperBound..<text.endIndex))
            let database = try WrittenDatabase(
                loading: "CREATE TABLE graphexport_source (key TEXT PRIMARY KEY, value TEXT);"
                    + text[insert.lowerBound..<end.upperBound], for: self)
            let rows = database.rows("SELECT key, value FROM graphexport_source ORDER BY rowid")
            XCTAssertEqual(
                rows.map(\.[0]), ["generator", "sourceKind", "shape", "modelHash", "selection", "exportedAt"],
                dialect.rawValue)
            XCTAssertEqual(
                rows.filter { $0[0] == "modelHash" || $0[0] == "selection" }.map(\.[1]),
                [SchemaSQL(schema: RelationalSchema(model: graph.model), dialect: dialect).modelHash, selection],
                dialect.rawValue)
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
