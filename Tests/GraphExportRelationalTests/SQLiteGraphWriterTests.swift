import CSQLite
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
    ) throws -> OpaquePointer {
        let sink = MemorySink()
        try GraphExporter(source: graph, shape: shape).write(to: sink, format: format)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relational-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(sink.bytes)))
        var connection: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
        addTeardownBlock { sqlite3_close_v2(connection) }
        return try XCTUnwrap(connection)
    }

    /// The rows of `sql`, each value as text (`NULL` for null).
    private func rows(_ sql: String, in database: OpaquePointer) throws -> [[String]] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            XCTFail("\(sql): \(String(cString: sqlite3_errmsg(database)))")
            return []
        }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
                })
        }
        return rows
    }

    func testAnEntitysNameSelectsItsObjectsWithItsSubEntitiesAndEveryForeignKeyResolves() throws {
        let database = try database(try graph())
        XCTAssertEqual(try rows("SELECT _entity FROM Item ORDER BY _entity", in: database), [["Chore"], ["Note"]])
        XCTAssertEqual(try rows("SELECT _entity, title FROM Task", in: database), [["Chore", "7"]])
        XCTAssertEqual(try rows("SELECT title FROM Note", in: database), [["it's"]])
        XCTAssertEqual(try rows("SELECT count(*) FROM Chore", in: database), [["1"]])
        XCTAssertEqual(try rows("PRAGMA foreign_key_check", in: database), [])
        XCTAssertEqual(
            try rows(
                "SELECT n.title, f.name FROM Note n JOIN Folder f ON f._pk = n.folder JOIN Item_tags t ON t.Item = n._pk "
                    + "JOIN Tag ON Tag._pk = t.tags WHERE Tag._pk_2 = 'blue'", in: database),
            [["it's", "Inbox"]])
        XCTAssertEqual(
            try rows(
                "SELECT i._entity, s.position FROM Task_steps s JOIN Item i ON i._pk = s.steps ORDER BY s.position",
                in: database),
            [["Note", "0"], ["Chore", "1"]], "an ordered relationship keeps its order")
    }

    func testValuesAreStoredAsTheirDeclaredTypesSay() throws {
        let database = try database(try graph())
        XCTAssertEqual(
            try rows("SELECT created, typeof(created) FROM Note", in: database),
            [["2001-01-01T00:00:00.25Z", "text"]])
        XCTAssertEqual(try rows("SELECT \"Order\", typeof(\"Order\") FROM Chore", in: database), [["12.50", "text"]])
        XCTAssertEqual(
            try rows("SELECT type FROM pragma_table_info('Item') WHERE name IN ('created', 'Order')", in: database),
            [["DATETIME"], ["DECIMAL_TEXT"]])
        XCTAssertEqual(
            try rows(
                "SELECT \"table\", \"column\" FROM graphexport_columns WHERE entity = 'Task' AND property = 'title'",
                in: database),
            [["Item", "title_2"]])
    }

    func testTheSourceTableRecordsTheHeaderTheModelsVersionHashAndTheSelection() throws {
        let graph = try graph()
        let database = try database(graph, format: .sqlite(selectionText: "--entity Note --where title = 'it''s'"))
        XCTAssertEqual(
            try rows("SELECT key FROM graphexport_source ORDER BY rowid", in: database).map(\.[0]),
            ["generator", "sourceKind", "shape", "modelHash", "selection", "exportedAt"])
        XCTAssertEqual(
            try rows(
                "SELECT value FROM graphexport_source WHERE key IN ('modelHash', 'selection') ORDER BY rowid",
                in: database),
            [
                [SchemaSQL(schema: RelationalSchema(model: graph.model), dialect: .sqlite).modelHash],
                ["--entity Note --where title = 'it''s'"],
            ])
        let everything = try self.database(graph)
        XCTAssertEqual(
            try rows("SELECT value FROM graphexport_source WHERE key = 'selection'", in: everything), [[""]],
            "no selection given")
    }

    func testTheTreeShapeWritesTheSameRows() throws {
        let flat = try database(try graph())
        let tree = try database(try graph(), shape: .tree)
        for table in ["Item", "Folder", "Tag", "Item_tags", "Task_steps"] {
            let sql = "SELECT * FROM \"\(table)\" ORDER BY 1, 2"
            XCTAssertEqual(try rows(sql, in: tree), try rows(sql, in: flat), table)
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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relational-delta-\(UUID()).db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(sink.bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
        defer { sqlite3_close_v2(database) }
        let connection = try XCTUnwrap(database)
        XCTAssertEqual(
            try rows("SELECT _pk, title, folder FROM Item", in: connection), [["4", "moved", "9"]],
            "the folder of the full export it applies to stays")
        XCTAssertEqual(try rows("SELECT * FROM graphexport_deleted", in: connection), [["Chore/5", "Chore", "5"]])
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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relational-insert-\(UUID()).db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(sink.bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
        defer { sqlite3_close_v2(database) }
        let connection = try XCTUnwrap(database)
        XCTAssertEqual(
            try rows("SELECT title, folder FROM Item", in: connection),
            [["new", String(RelationalKey.key(of: graph.id(of: folder)))]],
            "the folder the note was inserted into stays")
        XCTAssertEqual(try rows("SELECT count(*) FROM Item_tags", in: connection), [["1"]], "and so does its tag")
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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relational-cut-\(UUID()).db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(sink.bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
        defer { sqlite3_close_v2(database) }
        let connection = try XCTUnwrap(database)
        XCTAssertEqual(try rows("SELECT _pk, folder FROM Item", in: connection), [["4", "NULL"]])
        XCTAssertEqual(try rows("SELECT count(*) FROM Item_tags", in: connection), [["0"]])
        XCTAssertEqual(try rows("PRAGMA foreign_key_check", in: connection), [])
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
            var database: OpaquePointer?
            XCTAssertEqual(sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
            defer { sqlite3_close_v2(database) }
            let connection = try XCTUnwrap(database)
            XCTAssertEqual(try rows("PRAGMA integrity_check", in: connection), [["ok"]])
            XCTAssertEqual(
                try rows("SELECT _entity FROM Item ORDER BY _entity", in: connection), [["Chore"], ["Note"]])
            XCTAssertEqual(try rows("PRAGMA foreign_key_check", in: connection), [])
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
