import GraphExport
import GraphExportSQL
import GraphExportSQLiteFormat
import GraphExportTestSupport
import XCTest

/// A to-many that its inverse's foreign key or join table holds has no rows of its own
/// (docs/RELATIONAL.md): the relational writers say so
/// (`GraphWriter.writesDestinations(ofEntity:through:)`), and a flat export of everything then
/// neither reads nor hands them that relationship, with the same database.
final class InverseHeldRelationshipTests: XCTestCase {
    /// Passes every call on to `writer` and records each relationship an object is handed, as
    /// `Entity.relationship`.
    private final class RelationshipRecorder: GraphWriter {
        let writer: any GraphWriter
        private(set) var relationships: Set<String> = []
        private var entity = ""

        init(_ writer: any GraphWriter) {
            self.writer = writer
        }

        var streamsFileBytes: Bool { writer.streamsFileBytes }

        func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
            writer.writesDestinations(ofEntity: entity, through: relationship)
        }

        func begin(_ document: DocumentInfo) throws {
            try writer.begin(document)
        }

        func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
            entity = row.entityName
            try writer.beginObject(row, at: position)
        }

        func write(_ event: GraphEvent, at position: StreamPosition) throws {
            if case .beginRelationship(let name, _) = event { relationships.insert(entity + "." + name) }
            try writer.write(event, at: position)
        }

        func finish() throws {
            try writer.finish()
        }
    }

    /// A folder with a note and a chore, the note tagged, the chore's steps.
    private func graph() throws -> InMemoryGraph {
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let note = try graph.add("Note", ["title": .string("it's")])
        let chore = try graph.add("Chore", ["title": .integer(7)])
        let tag = try graph.add("Tag", ["_pk": .string("blue")])
        try graph.link([
            (note, "folder", folder), (chore, "folder", folder), (note, "tags", tag), (chore, "steps", note),
        ])
        return graph
    }

    /// The relationships a flat export of `graph` under `selection` hands an SQL script writer,
    /// and the script (its time left out).
    private func export(_ graph: InMemoryGraph, selection: Selection) throws -> (Set<String>, String) {
        let sink = MemorySink()
        let recorder = RelationshipRecorder(SQLGraphWriter(sink: sink, dialect: .sqlite))
        try GraphTraversal(source: graph, shape: .flat, selection: selection).run(into: recorder)
        let script = sink.text.split(separator: "\n").filter { !$0.contains("exportedAt") }.joined(separator: "\n")
        return (recorder.relationships, script)
    }

    func testAFlatExportOfEverythingLeavesOutTheToManysTheirInverseHolds() throws {
        let graph = try graph()
        let (everything, script) = try export(graph, selection: .everything)
        XCTAssertEqual(
            everything, ["Note.folder", "Note.tags", "Chore.folder", "Chore.tags", "Chore.steps"],
            "Folder.items is Item.folder's column, Tag.items the join table of Item.tags")
        // A selection may leave a destination out, to be counted: every relationship is read.
        let all = Set(graph.model.entities.indices)
        let (selected, selectedScript) = try export(graph, selection: Selection(entities: all))
        XCTAssertEqual(selected, everything.union(["Folder.items", "Tag.items"]))
        XCTAssertEqual(script, selectedScript, "the same database")
    }

    func testTheRelationalWritersSayWhichRelationshipsHaveRowsOfTheirOwn() throws {
        let model = try GraphModel(entities: RelationalSchemaTests.entities)
        for writer: any GraphWriter in [SQLGraphWriter(sink: MemorySink()), SQLiteGraphWriter(sink: MemorySink())] {
            try writer.begin(DocumentInfo(sourceKind: "test", entities: RelationalSchemaTests.entities))
            let said = model.entities.indices.flatMap { entity in
                model.relationships(of: entity).indices.map { index in
                    "\(model.entities[entity].name).\(model.relationships(of: entity)[index].name) "
                        + "\(writer.writesDestinations(ofEntity: entity, through: index))"
                }
            }
            XCTAssertEqual(
                said,
                [
                    "Item.folder true", "Item.tags true", "Note.folder true", "Note.tags true", "Task.folder true",
                    "Task.tags true", "Task.steps true", "Chore.folder true", "Chore.tags true", "Chore.steps true",
                    "Folder.items false", "Tag.items false",
                ], "\(type(of: writer))")
        }
    }
}
