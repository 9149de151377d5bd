import Foundation
import GraphExport
import GraphExportSQLite
import GraphExportTestSupport
import Prerequisites
import XCTest

@testable import GraphExportCoreData

/// Every store of `../shared/coredata-samples` that has a model (its `Z_MODELCACHE`, or the model
/// file beside it), read again from a copy whose `Z_MODELCACHE` is dropped: the relationships the
/// inferred model finds are the model's (issue 36).
///
/// Relationships are matched by where they are stored (a to-one by its table and column, a
/// to-many by the key column or join table it reads), since their names are the app's: a to-one
/// inferred is named after its column (`ZUSER` → `user`), a to-many inverse after its source
/// entity. A match is right when both are to-one or both to-many, ordered alike, and both declarer
/// and destination are the model's or, in one hierarchy, an ancestor or sub-entity of it (the
/// inferred declarer is the deepest entity whose rows hold values, which may lie below the model's).
///
/// What no evidence tells is allowed, and only that: a to-one the model has whose column holds no
/// value (only its exact name could tell it), a to-many inverse of such a to-one, and a to-many
/// inverse the model lacks (a to-one without an inverse, or whose one-to-one partner is such a
/// missed to-one).
final class CoreDataInferredRelationshipTests: XCTestCase {
    /// Before issue 36: the Photos libraries missed 59 and 62 of their 166 relationships, among
    /// them to-ones whose columns hold keys (`DetectedFace.faceGroup`), and the Notes store 10 of 40.
    func testEveryModelledSharedStoreWithoutItsModelCacheInfersTheModelsRelationships() throws {
        let samples = try Prerequisite.shared("coredata-samples")
        var table = ["store: relationships in the model, inferred right (placed on another level), missed, wrong"]
        for folder in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let original = samples.appendingPathComponent(folder)
            let manifest = original.appendingPathComponent("MANIFEST.json")
            guard FileManager.default.fileExists(atPath: manifest.path) else { continue }
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
            let stores = try XCTUnwrap(json?["stores"] as? [String: Any], folder)
            for store in stores.keys.sorted() {
                if let row = try compare(original, store: store) { table.append("\(folder)/\(store): \(row)") }
            }
        }
        XCTAssertGreaterThan(table.count, 1, "no store was compared")
        print(table.joined(separator: "\n"))
    }

    // MARK: - Helpers

    /// Compares the store `file` of the sample folder `original` with its model and, from a copy
    /// without `Z_MODELCACHE`, without it; `nil` for a store that has no model.
    private func compare(_ original: URL, store file: String) throws -> String? {
        let scratch = try ScratchFolder(for: self)
        let modelledCopy = try scratch.copy(original, as: "modelled")
        var modelled = try CoreDataStore(path: modelledCopy + "/" + file)
        if modelled.modelChoice.origin == .inferred {
            let files = try FileManager.default.contentsOfDirectory(atPath: modelledCopy)
            guard let model = files.first(where: { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") })
            else { return nil }
            modelled = try CoreDataStore(
                path: modelledCopy + "/" + file, model: try ModelFile.load(path: modelledCopy + "/" + model))
        }
        let inferredCopy = try scratch.copy(original, as: "inferred") + "/" + file
        try SQLiteShell.run("DROP TABLE IF EXISTS Z_MODELCACHE", on: inferredCopy)
        let warnings = CollectedWarnings()
        let inferred = try CoreDataStore(path: inferredCopy, onWarning: warnings.record)
        XCTAssertEqual(inferred.modelChoice.origin, .inferred, file)
        let export = try CheckedExport(inferred, shape: .flat, warnings: warnings)
        XCTAssertTrue(export.check.isValid, "\(file):\n\(export.check.summary())")
        XCTAssertEqual(export.warnings, [], file)

        let model = try modelled.storeDescription()
        let found = Dictionary(
            try inferred.storeDescription().entities.flatMap { entity in
                entity.ownRelationships.map { (Self.place($0.storage), (entity.name, $0)) }
            }, uniquingKeysWith: { first, _ in first })
        let parents = Dictionary(uniqueKeysWithValues: model.entities.map { ($0.name, $0.parent) })
        func inOneLineage(_ one: String, _ other: String) -> Bool {
            Self.lineage(of: one, parents).contains(other) || Self.lineage(of: other, parents).contains(one)
        }
        var counts = (model: 0, right: 0, placed: 0)
        var missed: [(name: String, storage: StoreDescription.Storage)] = []
        var wrong: [String] = []
        for entity in model.entities {
            for relationship in entity.ownRelationships {
                counts.model += 1
                let name = "\(entity.name).\(relationship.info.name)"
                guard let (declarer, guess) = found[Self.place(relationship.storage)] else {
                    missed.append((name, relationship.storage))
                    continue
                }
                let (real, inferred) = (relationship.info, guess.info)
                if real.isToMany != inferred.isToMany || real.isOrdered != inferred.isOrdered
                    || !inOneLineage(declarer, entity.name) || !inOneLineage(inferred.destination, real.destination)
                {
                    wrong.append(
                        "\(name) → \(real.destination) read as \(declarer).\(inferred.name) → \(inferred.destination)")
                } else if declarer == entity.name, inferred.destination == real.destination {
                    counts.right += 1
                } else {
                    counts.placed += 1
                }
            }
        }
        XCTAssertEqual(wrong, [], file)
        let modelPlaces = Set(model.entities.flatMap { $0.ownRelationships.map { Self.place($0.storage) } })
        var missedToOnes: Set<String> = []
        for (name, storage) in missed {
            guard case .foreignKey(let table, let columns, _, _, _) = storage else { continue }
            missedToOnes.insert(Self.place(storage))
            let values = try Self.count(
                "SELECT count(\(SQLiteDatabase.quote(columns[0]))) FROM \(SQLiteDatabase.quote(table))", in: inferred)
            XCTAssertEqual(values, 0, "\(file): \(name) is missed though \(table).\(columns[0]) holds keys")
        }
        for (name, storage) in missed {
            guard case .inverseForeignKey(let table, let columns, _) = storage else {
                if case .foreignKey = storage { continue }
                XCTFail("\(file): \(name) is missed")
                continue
            }
            XCTAssertTrue(
                missedToOnes.contains(
                    Self.place(
                        .foreignKey(
                            table: table, columns: columns, destinationTable: "", destinationColumns: [],
                            entityColumn: nil))),
                "\(file): \(name) is missed, though its inverse to-one is not")
        }
        for (place, (declarer, relationship)) in found where !modelPlaces.contains(place) {
            guard case .inverseForeignKey(let table, let columns, _) = relationship.storage,
                modelPlaces.contains(
                    Self.place(
                        .foreignKey(
                            table: table, columns: columns, destinationTable: "", destinationColumns: [],
                            entityColumn: nil)))
            else {
                XCTFail("\(file): \(declarer).\(relationship.info.name) is not in the model")
                continue
            }
        }
        return "\(counts.model), \(counts.right + counts.placed) (\(counts.placed)), \(missed.count), \(wrong.count)"
    }

    /// Where a relationship is stored, as one text: a to-one's table and column, a to-many's key
    /// column or join table.
    private static func place(_ storage: StoreDescription.Storage) -> String {
        switch storage {
        case .foreignKey(let table, let columns, _, _, _): "to-one \(table).\(columns.joined(separator: ","))"
        case .inverseForeignKey(let table, let columns, _): "inverse \(table).\(columns.joined(separator: ","))"
        case .joinTable(let table, let sourceColumns, _, _): "join \(table).\(sourceColumns.joined(separator: ","))"
        case .reflexiveJoinTable(let table, _): "reflexive \(table)"
        }
    }

    /// `entity` and its ancestors.
    private static func lineage(of entity: String, _ parents: [String: String?]) -> [String] {
        var chain = [entity]
        while let parent = parents[chain[chain.count - 1]] ?? nil { chain.append(parent) }
        return chain
    }

    private static func count(_ sql: String, in store: CoreDataStore) throws -> Int64 {
        let statement = try store.database.prepare(sql)
        _ = try statement.step()
        return statement.int64(at: 0)
    }
}
