import GraphExport
import XCTest

@testable import GraphExportCoreData

/// Decodes the `Z_MODELCACHE` of every sample store that has one and checks it against the
/// `.xcdatamodel` the store was written with, where the sample has it.
final class ModelCacheTests: XCTestCase {
    private func cachedModel(_ store: ArchiveSamples.Store) throws -> ModelVersion {
        let (path, blob) = try cache(of: store)
        return try ModelCacheReader.model(fromModelCache: blob, storePath: path)
    }

    /// A copy of the store and its `Z_MODELCACHE` bytes.
    private func cache(of store: ArchiveSamples.Store) throws -> (path: String, blob: [UInt8]) {
        let path = try ArchiveSamples.copy(store.folder + "/" + store.file, for: self)
        return (path, try ArchiveSamples.blob("SELECT Z_CONTENT FROM Z_MODELCACHE", inStoreAt: path))
    }

    /// A model file version with properties sorted by name, as the cache reader sorts them.
    private func sortedEntities(_ version: ModelVersion) -> [EntityInfo] {
        version.entities.map { entity in
            var sorted = entity
            sorted.attributes.sort { $0.name < $1.name }
            sorted.relationships.sort { $0.name < $1.name }
            return sorted
        }
        .sorted { $0.name < $1.name }
    }

    func testEveryCacheMatchesTheModelVersionItsStoreWasWrittenWith() throws {
        for store in ArchiveSamples.stores where store.hasModelCache {
            guard let model = store.model else { continue }
            let cached = try cachedModel(store)
            let bundlePath = try ArchiveSamples.copy(store.folder + "/" + model.bundle, for: self)
            let file = try XCTUnwrap(ModelFile.load(path: bundlePath).version(named: model.version), store.file)

            XCTAssertEqual(cached.entities, sortedEntities(file), store.file)
            XCTAssertEqual(cached.externalStorageAttributes, file.externalStorageAttributes, store.file)
            XCTAssertEqual(cached.name, "store model cache")
            XCTAssertTrue(cached.contentsPath.hasSuffix(store.file + " (Z_MODELCACHE)"), cached.contentsPath)
        }
    }

    func testEveryCacheHasTheStoreEntitiesAndBuildsAGraphModel() throws {
        for store in ArchiveSamples.stores where store.hasModelCache {
            let cached = try cachedModel(store)
            let rows = try XCTUnwrap(ArchiveSamples.manifest(of: store)["Z_PRIMARYKEY"] as? [[Any]])
            let names = rows.compactMap { row -> String? in
                guard let number = row[0] as? Int, number < 16000 else { return nil }
                return row[1] as? String
            }

            XCTAssertEqual(cached.entities.map(\.name), names, "entity order is Z_ENT order: \(store.file)")
            XCTAssertNoThrow(try GraphModel(entities: cached.entities), store.file)
        }
    }

    func testSwiftDataCacheIsTheOnlyModelOfItsStore() throws {
        let store = try XCTUnwrap(ArchiveSamples.stores.first { $0.folder == "swiftdata-resourcesmanager" })
        let cached = try cachedModel(store)

        XCTAssertEqual(
            cached.entities,
            [
                EntityInfo(
                    name: "Component", attributes: [.required("count", .integer64), .required("id", .uuid)],
                    relationships: [
                        RelationshipInfo(
                            name: "craftingRecipe", destination: "CraftingRecipe", isToMany: false,
                            inverse: "requiredComponents"),
                        RelationshipInfo(name: "item", destination: "Item", isToMany: false),
                    ]),
                EntityInfo(
                    name: "CraftingRecipe", attributes: [.required("producedItemCount", .string)],
                    relationships: [
                        RelationshipInfo(
                            name: "producedItem", destination: "Item", isToMany: false, inverse: "craftingRecipe"),
                        RelationshipInfo(
                            name: "requiredComponents", destination: "Component", isToMany: true,
                            inverse: "craftingRecipe", isOptional: false),
                    ]),
                EntityInfo(
                    name: "Item", attributes: [.required("name", .string)],
                    relationships: [
                        RelationshipInfo(
                            name: "craftingRecipe", destination: "CraftingRecipe", isToMany: false,
                            inverse: "producedItem")
                    ]),
            ])
        XCTAssertTrue(cached.externalStorageAttributes.isEmpty)
    }

    func testCacheAsABundle() throws {
        let store = try XCTUnwrap(ArchiveSamples.stores.first { $0.folder == "bnr-manytomany" })
        let (path, blob) = try cache(of: store)
        let bundle = try ModelCacheReader.bundle(fromModelCache: blob, storePath: path)

        XCTAssertEqual(bundle.path, path + " (Z_MODELCACHE)")
        XCTAssertEqual(bundle.versions.map(\.name), ["store model cache"])
        XCTAssertNil(bundle.currentVersionName)
        XCTAssertEqual(bundle.current.entities.map(\.name), ["Author", "Book"])
        let books = try XCTUnwrap(bundle.current.entities.first?.relationships.first)
        XCTAssertEqual(books, RelationshipInfo(name: "books", destination: "Book", isToMany: true, inverse: "authors"))
    }

    func testErrorsNameTheStoreAndColumn() {
        XCTAssertThrowsError(try ModelCacheReader.model(fromModelCache: [1, 2, 3], storePath: "/x/y.sqlite")) {
            XCTAssertTrue("\($0)".hasPrefix("'/x/y.sqlite (Z_MODELCACHE)': "), "\($0)")
        }
    }
}
