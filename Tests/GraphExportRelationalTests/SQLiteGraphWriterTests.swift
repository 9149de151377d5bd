import Foundation
import GraphExport
import GraphExportRelational
import GraphExportSQLiteFormat
import GraphExportTestSupport
import XCTest

/// The SQLite format on hand-made graphs: the database docs/RELATIONAL.md describes, read with
/// SQLite itself.
final class SQLiteGraphWriterTests: XCTestCase {
    /// A graph of ``RelationalSchemaTests/entities``: a folder with a note and a chore, the chore's
    /// steps (the note, then itself), a tag on the note.
    private func graph() throws -> InMemoryGraph {
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let note = try graph.add(
            "Note", ["title": .string("it's"), "created": .date(Timestamp(secondsSinceReferenceDate: 0.25))])
        let chore = try graph.add("Chore", ["title": .integer(7), "Order": .decimal("12.50")])
        let tag = try graph.add("Tag", ["_pk": .string("blue")])
        try graph.link([
            (note, "folder", folder), (chore, "folder", folder), (note, "tags", tag), (chore, "steps", note),
            (chore, "steps", chore),
        ])
        return graph
    }

    /// Exports `graph` in `shape` as `format` and opens the database.
    private func database(
        _ graph: InMemoryGraph, shape: ExportShape = .flat, format: ExportFormat = .sqlite()
    ) throws -> WrittenDatabase {
        let sink = MemorySink()
        try GraphExporter(source: graph, shape: shape).write(to: sink, format: format)
        return try WrittenDatabase(bytes: sink.bytes, for: self)
    }

    func testAnEntitysNameSelectsItsObjectsWithItsSubEntitiesAndEveryForeignKeyResolves() throws {
        let database = try database(try graph())
        XCTAssertEqual(database.rows("SELECT _entity FROM Item ORDER BY _entity"), [["Chore"], ["Note"]])
        XCTAssertEqual(database.rows("SELECT _entity, title FROM Task"), [["Chore", "7"]])
        XCTAssertEqual(database.rows("SELECT title FROM Note"), [["it's"]])
        XCTAssertEqual(database.rows("SELECT count(*) FROM Chore"), [["1"]])
        XCTAssertEqual(database.rows("PRAGMA foreign_key_check"), [])
        XCTAssertEqual(
            database.rows(
                "SELECT n.title, f.name FROM Note n JOIN Folder f ON f._pk = n.folder JOIN Item_tags t ON t.Item = n._pk "
                    + "JOIN Tag ON Tag._pk = t.tags WHERE Tag._pk_2 = 'blue'"),
            [["it's", "Inbox"]])
        XCTAssertEqual(
            database.rows(
                "SELECT i._entity, s.position FROM Task_steps s JOIN Item i ON i._pk = s.steps ORDER BY s.position"),
            [["Note", "0"], ["Chore", "1"]], "an ordered relationship keeps its order")
    }

    func testValuesAreStoredAsTheirDeclaredTypesSay() throws {
        let database = try database(try graph())
        XCTAssertEqual(
            database.rows("SELECT created, typeof(created) FROM Note"),
            [["2001-01-01T00:00:00.25Z", "text"]])
        XCTAssertEqual(database.rows("SELECT \"Order\", typeof(\"Order\") FROM Chore"), [["12.50", "text"]])
        XCTAssertEqual(
            database.rows("SELECT type FROM pragma_table_info('Item') WHERE name IN ('created', 'Order')"),
            [["DATETIME"], ["DECIMAL_TEXT"]])
        XCTAssertEqual(
            database.rows(
                "SELECT \"table\", \"column\" FROM graphexport_columns WHERE entity = 'Task' AND property = 'title'"),
            [["Item", "title_2"]])
    }

    func testTheSourceTableRecordsTheHeaderTheModelsVersionHashAndTheSelection() throws {
        let graph = try graph()
        let database = try database(graph, format: .sqlite(selectionText: "--entity Note --where title = 'it''s'"))
        XCTAssertEqual(
            database.rows("SELECT key FROM graphexport_source ORDER BY rowid").map(\.[0]),
            ["generator", "sourceKind", "shape", "modelHash", "selection", "exportedAt"])
        XCTAssertEqual(
            database.rows(
                "SELECT value FROM graphexport_source WHERE key IN ('modelHash', 'selection') ORDER BY rowid"),
            [
                [SchemaSQL(schema: RelationalSchema(model: graph.model), dialect: .sqlite).modelHash],
                ["--entity Note --where title = 'it''s'"],
            ])
        let everything = try self.database(graph)
        XCTAssertEqual(
            everything.rows("SELECT value FROM graphexport_source WHERE key = 'selection'"), [[""]],
            "no selection given")
    }

    func testTheTreeShapeWritesTheSameRows() throws {
        let flat = try database(try graph())
        let tree = try database(try graph(), shape: .tree)
        for table in ["Item", "Folder", "Tag", "Item_tags", "Task_steps"] {
            let sql = "SELECT * FROM \"\(table)\" ORDER BY 1, 2"
            XCTAssertEqual(tree.rows(sql), flat.rows(sql), table)
        }
    }

    func testADeltaKeepsItsReferencesAndItsTombstonesAreRowsOfTheirOwn() throws {
        let sink = MemorySink()
        let stream = GraphStream(SQLiteGraphWriter(sink: sink))
        try stream.begin(DocumentInfo(sourceKind: "test", entities: RelationalSchemaTests.entities))
        try stream.write(.beginObject(entity: "Note", id: ObjectID(prefix: "Note/", number: 4)))
        try stream.write(.changedProperties(["folder"]))
        try stream.write(.attribute(name: "title", value: .string("moved")))
        try stream.write(.beginRelationship(name: "folder", isToMany: false))
        try stream.write(.reference(ObjectID(prefix: "Folder/", number: 9)))
        try stream.write(.endRelationship)
        try stream.write(.endObject)
        try stream.write(.beginObject(entity: "Chore", id: ObjectID(prefix: "Chore/", number: 5)))
        try stream.write(.deleted)
        try stream.write(.attribute(name: "title", value: .integer(3)))
        try stream.write(.endObject)
        try stream.finish()
        let database = try WrittenDatabase(bytes: sink.bytes, for: self)
        XCTAssertEqual(
            database.rows("SELECT _pk, title, folder FROM Item"), [["4", "moved", "9"]],
            "the folder of the full export it applies to stays")
        XCTAssertEqual(database.rows("SELECT * FROM graphexport_deleted"), [["Chore/5", "Chore", "5"]])
    }

    func testADeltaOfInsertedObjectsOnlyKeepsItsReferencesToObjectsItDoesNotHold() throws {
        // An object inserted since the point carries no `@changed`: only the document says the
        // export is a delta, and its reference to an unchanged folder is the full export's key.
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let note = try graph.add("Note", ["title": .string("new")])
        let tag = try graph.add("Tag", ["_pk": .string("blue")])
        try graph.link([(note, "folder", folder), (note, "tags", tag)])
        var selection = Selection()
        selection.objects = [note]
        let traversal = GraphTraversal(
            source: graph, shape: .flat, selection: selection, changes: ChangeSet(objects: [note]))
        let sink = MemorySink()
        try traversal.run(into: SQLiteGraphWriter(sink: sink))
        let database = try WrittenDatabase(bytes: sink.bytes, for: self)
        XCTAssertEqual(
            database.rows("SELECT title, folder FROM Item"),
            [["new", String(RelationalKey.key(of: graph.id(of: folder)))]],
            "the folder the note was inserted into stays")
        XCTAssertEqual(database.rows("SELECT count(*) FROM Item_tags"), [["1"]], "and so does its tag")
    }

    func testAReferenceToAnObjectNotExportedIsANullForeignKeyWithAWarning() throws {
        let sink = MemorySink()
        var warnings: [String] = []
        let stream = GraphStream(SQLiteGraphWriter(sink: sink, onWarning: { warnings.append($0.message) }))
        try stream.begin(DocumentInfo(sourceKind: "test", entities: RelationalSchemaTests.entities))
        try stream.write(.beginObject(entity: "Note", id: ObjectID(prefix: "Note/", number: 4)))
        try stream.write(.beginRelationship(name: "folder", isToMany: false))
        try stream.write(.reference(ObjectID(prefix: "Folder/", number: 9)))
        try stream.write(.endRelationship)
        try stream.write(.beginRelationship(name: "tags", isToMany: true))
        try stream.write(.reference(ObjectID(prefix: "Tag/", number: 2)))
        try stream.write(.endRelationship)
        try stream.write(.endObject)
        try stream.finish()
        let database = try WrittenDatabase(bytes: sink.bytes, for: self)
        XCTAssertEqual(database.rows("SELECT _pk, folder FROM Item"), [["4", "NULL"]])
        XCTAssertEqual(database.rows("SELECT count(*) FROM Item_tags"), [["0"]])
        XCTAssertEqual(database.rows("PRAGMA foreign_key_check"), [])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix("2 references to objects not in the export") == true, "\(warnings)")
    }

    #if os(Linux)
        /// `-o`'s new file has no name until it is complete (`O_TMPFILE`); the database is written in
        /// it, so the temporary folder is not used (it may be small, or not there) and nothing is copied.
        func testAnExportToAFileWritesTheDatabaseInTheFileItself() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relational-out-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("out.db").path
            let previous = ProcessInfo.processInfo.environment["TMPDIR"]
            setenv("TMPDIR", folder.appendingPathComponent("missing").path, 1)
            defer {
                if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
            }
            try GraphExporter(source: try graph()).write(toFile: path, format: .sqlite())
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.db"])
            let database = try WrittenDatabase(path: path, for: self)
            XCTAssertEqual(database.rows("PRAGMA integrity_check"), [["ok"]])
            XCTAssertEqual(
                database.rows("SELECT _entity FROM Item ORDER BY _entity"), [["Chore"], ["Note"]])
            XCTAssertEqual(database.rows("PRAGMA foreign_key_check"), [])
        }
    #endif

    func testAFailedExportLeavesNothingInTheTemporaryFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relational-tmp-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", folder.path, 1)
        defer {
            if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
        }
        let graph = try graph()
        XCTAssertThrowsError(
            try GraphExporter(source: graph).write(to: WriterFailingSink(capacity: 100), format: .sqlite()))
        try GraphExporter(source: graph).write(to: MemorySink(), format: .sqlite())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
