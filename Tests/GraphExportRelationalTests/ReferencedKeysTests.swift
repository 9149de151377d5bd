import Foundation
import GraphExport
import GraphExportSQLiteFormat
import GraphExportTestSupport
import XCTest

/// The SQLite writer sees from the keys it wrote that every foreign key names a row
/// (`ReferencedKeys`), and leaves to SQLite the keys it cannot hold: either way a reference to a
/// row that is not there becomes NULL, with a warning, and every other stays.
final class ReferencedKeysTests: XCTestCase {
    /// Notes 1, 2, 3 in the folders `folders` names; the folders `present` exist.
    private func folderOfEachNote(present: [ObjectID], folders: [ObjectID]) throws -> ([String], [String]) {
        let sink = MemorySink()
        var warnings: [String] = []
        let stream = GraphStream(SQLiteGraphWriter(sink: sink, onWarning: { warnings.append($0.message) }))
        try stream.begin(DocumentInfo(sourceKind: "test", entities: RelationalSchemaTests.entities))
        for folder in present {
            try stream.write(.beginObject(entity: "Folder", id: folder))
            try stream.write(.endObject)
        }
        for (index, folder) in folders.enumerated() {
            try stream.write(.beginObject(entity: "Note", id: ObjectID(prefix: "Note/", number: Int64(index + 1))))
            try stream.write(.beginRelationship(name: "folder", isToMany: false))
            try stream.write(.reference(folder))
            try stream.write(.endRelationship)
            try stream.write(.endObject)
        }
        try stream.finish()
        let rows = try WrittenDatabase(bytes: sink.bytes, for: self).rows(
            "SELECT coalesce(f._id, 'NULL') FROM Note n LEFT JOIN Folder f ON f._pk = n.folder ORDER BY n._pk")
        return (rows.map(\.[0]), warnings)
    }

    func testKeysFromZeroUpAreCheckedByTheirBits() throws {
        let folder = { (number: Int64) in ObjectID(prefix: "Folder/", number: number) }
        let (whole, none) = try folderOfEachNote(present: [folder(1), folder(900)], folders: [folder(900), folder(1)])
        XCTAssertEqual(whole, ["Folder/900", "Folder/1"])
        XCTAssertEqual(none, [])
        let (cut, warnings) = try folderOfEachNote(present: [folder(1)], folders: [folder(1), folder(70), folder(1)])
        XCTAssertEqual(cut, ["Folder/1", "NULL", "Folder/1"])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix("1 references to objects not in the export") == true, "\(warnings)")
    }

    func testKeysTheBitsCannotHoldAreLeftToSQLite() throws {
        // A key of 2^40 would take 2^34 words of bits; a key made of a text is negative.
        let large = ObjectID(prefix: "Folder/", number: 1 << 40)
        let missing = ObjectID(prefix: "Folder/", number: (1 << 40) + 1)
        let named = ObjectID("Folder/inbox")
        let (rows, warnings) = try folderOfEachNote(
            present: [large, named], folders: [large, missing, named, ObjectID("Folder/outbox")])
        XCTAssertEqual(rows, ["Folder/1099511627776", "NULL", "Folder/inbox", "NULL"])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix("2 references to objects not in the export") == true, "\(warnings)")
    }
}
