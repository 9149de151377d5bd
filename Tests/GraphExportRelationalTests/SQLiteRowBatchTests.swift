import Foundation
import GraphExport
import GraphExportSQLiteFormat
import GraphExportTestSupport
import XCTest

/// The SQLite format inserts rows many to a statement (`SQLiteRowBatch`): every row arrives
/// whole, however the rows fall into statements, and a key taken twice is named.
final class SQLiteRowBatchTests: XCTestCase {
    /// The database `write` makes through a stream of `SQLiteGraphWriter` over
    /// ``RelationalSchemaTests/entities``, opened read-only; or what it throws.
    private func database(_ write: (GraphStream) throws -> Void) throws -> WrittenDatabase {
        let sink = MemorySink()
        let stream = GraphStream(SQLiteGraphWriter(sink: sink))
        try stream.begin(DocumentInfo(sourceKind: "test", entities: RelationalSchemaTests.entities))
        try write(stream)
        try stream.finish()
        return try WrittenDatabase(bytes: sink.bytes, for: self)
    }

    /// Writes the notes `Note/<number>` of `numbers`, each titled with its number, in no folder.
    private func writeNotes(_ numbers: ClosedRange<Int64>, to stream: GraphStream) throws {
        for number in numbers {
            try writeNote(
                ObjectID(prefix: "Note/", number: number), title: "\(number)", folder: nil, tag: nil, to: stream)
        }
    }

    /// Writes a note with `title` in `folder`, tagged with `tag`.
    private func writeNote(_ id: ObjectID, title: String, folder: Int64?, tag: Int64?, to stream: GraphStream) throws {
        try stream.write(.beginObject(entity: "Note", id: id))
        try stream.write(.attribute(name: "title", value: .string(title)))
        try stream.write(.beginRelationship(name: "folder", isToMany: false))
        if let folder { try stream.write(.reference(ObjectID(prefix: "Folder/", number: folder))) }
        try stream.write(.endRelationship)
        try stream.write(.beginRelationship(name: "tags", isToMany: true))
        if let tag { try stream.write(.reference(ObjectID(prefix: "Tag/", number: tag))) }
        try stream.write(.endRelationship)
        try stream.write(.endObject)
    }

    func testEveryRowArrivesWholeInFullStatementsAndInTheRestOneByOne() throws {
        // 150 notes: two full statements of 64 and 22 rows one by one; 150 join rows likewise; a
        // title of 100 000 bytes flushes its batch early.
        let long = String(repeating: "x", count: 100_000)
        let database = try database { stream in
            try stream.write(.beginObject(entity: "Folder", id: ObjectID(prefix: "Folder/", number: 1)))
            try stream.write(.endObject)
            try stream.write(.beginObject(entity: "Tag", id: ObjectID(prefix: "Tag/", number: 1)))
            try stream.write(.endObject)
            for number in 1...150 {
                let title = number == 70 ? long : number == 71 ? "" : "note \(number)"
                try writeNote(
                    ObjectID(prefix: "Note/", number: Int64(number)), title: title, folder: number % 2 == 0 ? 1 : nil,
                    tag: 1, to: stream)
            }
        }
        XCTAssertEqual(database.rows("SELECT count(*) FROM Note").map(\.[0]), ["150"])
        XCTAssertEqual(
            database.rows("SELECT _id || ' ' || title FROM Note WHERE _pk IN (1, 64, 65, 128, 150) ORDER BY _pk").map(
                \.[0]),
            ["Note/1 note 1", "Note/64 note 64", "Note/65 note 65", "Note/128 note 128", "Note/150 note 150"])
        XCTAssertEqual(database.rows("SELECT length(title) FROM Note WHERE _pk = 70").map(\.[0]), ["100000"])
        XCTAssertEqual(
            database.rows("SELECT typeof(title) || length(title) FROM Note WHERE _pk = 71").map(\.[0]), ["text0"],
            "an empty text is the empty text, not NULL")
        XCTAssertEqual(database.rows("SELECT count(folder) FROM Note").map(\.[0]), ["75"])
        XCTAssertEqual(database.rows("SELECT count(*) FROM Item_tags WHERE tags = 1").map(\.[0]), ["150"])
        XCTAssertEqual(database.rows("PRAGMA foreign_key_check").map(\.[0]), [])
    }

    func testTheObjectWhoseKeyIsTakenIsNamedAlsoInsideAFullStatement() throws {
        // Row 41 of the first full statement of 64 has the key of row 7.
        XCTAssertThrowsError(
            try database { stream in
                try writeNotes(1...40, to: stream)
                try writeNote(ObjectID(prefix: "Copy/", number: 7), title: "copy", folder: nil, tag: nil, to: stream)
                try writeNotes(41...100, to: stream)
            }
        ) { error in
            XCTAssertEqual(error as? SQLiteWriterError, .duplicateKey(table: "Item", key: 7, id: "Copy/7"))
        }
    }

    func testTheObjectWhoseKeyIsTakenIsNamedInTheRowsInsertedOneByOne() throws {
        XCTAssertThrowsError(
            try database { stream in
                try writeNotes(1...3, to: stream)
                try writeNote(ObjectID(prefix: "Copy/", number: 2), title: "copy", folder: nil, tag: nil, to: stream)
            }
        ) { error in
            XCTAssertEqual(error as? SQLiteWriterError, .duplicateKey(table: "Item", key: 2, id: "Copy/2"))
        }
    }

    func testATextWithANulCharacterKeepsEveryCharacter() throws {
        let graph = InMemoryGraph(model: try GraphModel(entities: RelationalSchemaTests.entities))
        _ = try graph.add("Note", ["title": .string("a\u{0}b")])
        let sink = MemorySink()
        try GraphExporter(source: graph, shape: .flat).write(to: sink, format: .sqlite())
        XCTAssertEqual(
            try WrittenDatabase(bytes: sink.bytes, for: self).rows("SELECT hex(title), title FROM Note"),
            [["610062", "a\u{0}b"]], "the text after the NUL is kept")
    }
}
