import GraphExport
import GraphExportCoreData
import GraphExportSQLite
import XCTest

/// What only a Core Data store tells of itself (``CoreDataDescription``), beside the
/// ``StoreDescription`` every reader gives: read from the store's metadata and layout, and looked
/// up by the entity and attribute the description lists.
final class CoreDataDescriptionTests: XCTestCase {
    func testTheStoreSaysItsUUIDItsModelItsEntityNumbersAndItsExternalStorage() throws {
        let scratch = try ScratchFolder(for: self)
        let folder = try scratch.copy(StoreTestInputs.scrapbook)
        let path = folder + "/Scrapbook.sqlite"
        let store = try CoreDataStore(path: path, model: try ModelFile.load(path: folder + "/Scrapbook.xcdatamodeld"))
        let sql = try ReferenceSQL(path)
        let described = store.coreDataDescription
        XCTAssertEqual(described.storeUUID, try sql.storeUUID())
        XCTAssertEqual(described.frameworkVersion, "1048")
        XCTAssertEqual(described.model, store.modelChoice)
        XCTAssertEqual(described.model.origin, .modelFile)
        XCTAssertEqual(
            described.entityNumbers,
            Dictionary(uniqueKeysWithValues: try sql.entityNames().map { ($1, $0) }).filter {
                store.model.index(of: $0.key) != nil
            })
        XCTAssertEqual(described.externalStorage, ["Photo": ["image"], "Scrapbook": ["coverImage"]])

        let entities = try store.storeDescription().entities
        let photo = try XCTUnwrap(entities.first { $0.name == "Photo" })
        XCTAssertEqual(described.entityNumber(of: photo), try sql.entityNames().first { $1 == "Photo" }?.key)
        let image = try XCTUnwrap(photo.attributes.first { $0.info.name == "image" })
        XCTAssertTrue(described.allowsExternalStorage(image))
        XCTAssertEqual(photo.attributes.filter(described.allowsExternalStorage).map(\.info.name), ["image"])
        var decoded = image
        decoded.decoder = "notes"
        XCTAssertFalse(described.allowsExternalStorage(decoded), "an attribute a decoder adds is not stored")
    }
}
