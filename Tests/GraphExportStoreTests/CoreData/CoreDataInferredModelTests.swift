import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData

/// Stores read without a model and without a `Z_MODELCACHE` (or with the cache ignored): the model
/// inferred from their tables must export the same objects, values and links as the store's own
/// model does.
///
/// The comparison, per entity and object (flat shape): attribute values by lowercased name, where
/// a Boolean of the model compares equal to the integer 0 or 1 the inferred model reads (a Boolean
/// is stored as an INTEGER, and nothing else tells it from one), a UUID to its 16 bytes (a BLOB);
/// relationship targets as sets, a relationship named by its lowercased name, except a to-many
/// whose inverse is a to-one, named `~<destination entity>.<inverse, lowercased>` (an inferred
/// one is named after its source entity); empty relationships left out, and so are the inferred
/// to-many inverses of to-ones that the model gives no inverse (nothing in the store tells them). An inferred attribute the model lacks is a difference unless the test
/// names it.
final class CoreDataInferredModelTests: XCTestCase {
    private static let wibosco = "wibosco-migration"
    private static let wiboscoModel = "CoreDataMigration_Example.xcdatamodeld"

    func testTexLegeStoreInfersItsModelAndExportsWhatItsModelVersionDoes() throws {
        let compared = try compare("texlege-v4", store: "TexLegeSeed.v4.sqlite", model: "TexLege.xcdatamodeld")
        let model = compared.inferred.model
        let legislator = try XCTUnwrap(model.index(of: "LegislatorObj"))
        let relationships = model.relationships(of: legislator)
        let districtMap = try XCTUnwrap(relationships.first { $0.name == "districtmap" })
        XCTAssertFalse(districtMap.isToMany)
        XCTAssertEqual(
            districtMap.inverse.map { model.relationships(of: districtMap.destination)[$0].name }, "legislator")
        XCTAssertEqual(
            relationships.filter(\.isToMany).map(\.name).sorted(),
            ["committeepositionobj", "districtofficeobj", "stafferobj", "wnomobj"])
        let attributes = model.attributes(of: try XCTUnwrap(model.index(of: "DistrictMapObj")))
        XCTAssertEqual(attributes.first { $0.name == "district" }?.type, .integer64, "an indexed integer")
        XCTAssertEqual(attributes.first { $0.name == "coordinatesdata" }?.type, .binary)
        XCTAssertEqual(attributes.first { $0.name == "centerlat" }?.type, .double)
        let warning = try XCTUnwrap(compared.warnings.first)
        XCTAssertTrue(warning.contains("; read as integers: "), warning)
        XCTAssertTrue(warning.contains("ZDISTRICTMAPOBJ.ZDISTRICT (indexed, but names no entity, and "), warning)
        XCTAssertFalse(warning.contains("ZDISTRICTMAPOBJ.ZLEGISLATOR"), warning)
    }

    func testLegacyBooksStoreInfersItsModelWithDatesAndTheHandAddedColumn() throws {
        let compared = try compare(
            "coredatabooks-legacy", store: "CoreDataBooks.sqlite", model: "CoreDataBooks.xcdatamodel",
            onlyInferred: ["contents"])
        let attributes = compared.inferred.model.attributes(of: 0)
        XCTAssertEqual(attributes.map(\.name), ["copyright", "author", "title", "contents"])
        XCTAssertEqual(attributes.map(\.type), [.date, .string, .string, .string])
    }

    func testRestKitStoreInfersItsToOneAndItsInverse() throws {
        let compared = try compare(
            "restkit-legacy-model", store: "RKSeedDatabase.sqlite", model: "RKTwitterCoreData.xcdatamodel")
        let model = compared.inferred.model
        let user = try XCTUnwrap(model.index(of: "RKTUser"))
        XCTAssertEqual(model.relationships(of: user).map(\.name), ["rktstatus"])
        XCTAssertEqual(model.relationships(of: user).first?.isToMany, true)
    }

    func testWiboscoStoresInferTheirModelWithTheCacheIgnored() throws {
        for file in (1...3).map({ "CoreDataMigration_Example_\($0).sqlite" }) {
            try compare(Self.wibosco, store: file, model: Self.wiboscoModel, readingModelCache: false)
        }
    }

    func testWiboscoWALStoreInfersTheOneToOnePairAndReadsItsBooleanAsAnInteger() throws {
        let compared = try compare(
            Self.wibosco, store: "CoreDataMigration_Example_WAL.sqlite", model: Self.wiboscoModel,
            readingModelCache: false)
        let model = compared.inferred.model
        let post = try XCTUnwrap(model.index(of: "Post"))
        let color = try XCTUnwrap(model.relationships(of: post).first { $0.name == "color" })
        XCTAssertFalse(color.isToMany)
        XCTAssertEqual(color.inverse.map { model.relationships(of: color.destination)[$0].name }, "post")
        XCTAssertEqual(model.attributes(of: post).first { $0.name == "hide" }?.type, .integer64)
    }

    func testBNREmptyStoreInfersItsManyToManyFromTheJoinTable() throws {
        let compared = try compare(
            "bnr-manytomany", store: "TestModel.sqlite", model: "Sample.xcdatamodeld", readingModelCache: false)
        let model = compared.inferred.model
        let author = try XCTUnwrap(model.index(of: "Author"))
        let books = try XCTUnwrap(model.relationships(of: author).first)
        XCTAssertEqual(books.name, "books")
        XCTAssertTrue(books.isToMany)
        XCTAssertEqual(model.entities[books.destination].name, "Book")
        let inverse = model.relationships(of: books.destination)[try XCTUnwrap(books.inverse)]
        XCTAssertEqual(inverse.name, "authors")
        XCTAssertTrue(inverse.isToMany)
    }

    /// Stores that keep their model in `Z_MODELCACHE`, read with it ignored: SwiftData (UUIDs,
    /// a one-to-one whose one side is named after no entity, a to-one without an inverse), a
    /// self-referential many-to-many, all 32,693 rows of a store that lives in its `-wal`.
    func testCachedStoresWithTheirCacheIgnoredInferWhatTheirCacheSays() throws {
        try compare("dvc-swiftdata", store: "dvc.store", model: nil, readingModelCache: false)
        try compare("swiftdata-resourcesmanager", store: "default.store", model: nil, readingModelCache: false)
        try compare("easylife-versions", store: "EasyLife.sqlite", model: nil, readingModelCache: false)
        try compare("keasyboard-wal", store: "Simplex.sqlite", model: nil, readingModelCache: false)
    }

    /// Apple's Notes store, with three levels of inheritance in one table and suffixed columns,
    /// read with its cache ignored: every row is still an object of its own entity.
    func testNotesStoreWithTheCacheIgnoredExportsEveryObjectOfEveryEntity() throws {
        let folder = "apple-notes-macos12"
        let original = try StoreTestInputs.sample(folder)
        let manifest = try SampleManifest(folder: original, store: "NoteStore.sqlite")
        let copy = try ScratchFolder(for: self).copy(original)
        let warnings = CollectedWarnings()
        let store = try CoreDataStore(
            path: copy + "/NoteStore.sqlite", model: nil, readingModelCache: false, onWarning: warnings.record)
        XCTAssertEqual(
            store.inferredRelations.map(\.description),
            [
                "ZICCLOUDSYNCINGOBJECT.ZOWNER → ZICCLOUDSYNCINGOBJECT.Z_PK (ICAccount)",
                "ZICCLOUDSYNCINGOBJECT.ZPARENT → ZICCLOUDSYNCINGOBJECT.Z_PK (ICFolder)",
            ], "named after no entity, and their values keys of one entity among those of their table")
        XCTAssertEqual(warnings.take().count, 1 + store.inferredRelations.count)
        let export = try CheckedExport(store, shape: .flat, warnings: warnings)
        XCTAssertTrue(export.check.isValid, export.check.summary())
        var counts = export.objects.counts
        for name in manifest.counts.keys where counts[name] == nil { counts[name] = 0 }
        XCTAssertEqual(counts, manifest.counts)
    }

    /// Issue 36: a store whose to-ones are named after no entity exported them as integers
    /// (`reporter: 2`). Their destinations are guessed from Core Data's index and the values,
    /// each guess said once; integers that are keys of some entity by chance stay integers.
    func testToOnesNamedAfterNoEntityAreGuessedFromTheirValuesEachSaidOnce() throws {
        let built = HandBuiltStores.unnamedToOnes
        let written = try built.written(for: self)
        let compared = try compare(path: written.path, model: written.model, counts: nil)
        let store = compared.inferred
        XCTAssertEqual(
            store.inferredRelations.map(\.description),
            [
                "ZTICKET.ZASSIGNEDEMPLOYEE → ZPERSON.Z_PK (Employee)", "ZTICKET.ZREPORTER → ZPERSON.Z_PK (Customer)",
            ])
        XCTAssertEqual(
            store.inferredRelations.map(\.evidence),
            [
                "its name holds 'employee' of Employee, more of its letters than any other entity's words whose keys "
                    + "its values are",
                "its values are keys of Customer, and of no other entity but ones that have every key from 1 up to "
                    + "the largest value",
            ])
        let model = store.model
        let ticket = try XCTUnwrap(model.index(of: "Ticket"))
        let toOnes = model.relationships(of: ticket).filter { !$0.isToMany }
        XCTAssertEqual(toOnes.map(\.name), ["assignedemployee", "reporter", "watcher"])
        XCTAssertEqual(toOnes.map { model.entities[$0.destination].name }, ["Employee", "Customer", "Person"])
        XCTAssertEqual(
            model.attributes(of: ticket).filter { $0.type == .integer64 }.map(\.name).sorted(), ["number", "priority"],
            "keys of Tag and Ticket by chance, without Core Data's to-one index or telling values")
        let reporter = try XCTUnwrap(toOnes.first { $0.name == "reporter" })
        let reported = try XCTUnwrap(reporter.inverse.map { model.relationships(of: reporter.destination)[$0] })
        XCTAssertTrue(reported.info.isOrdered, "Z_FOK_REPORTER orders it")
        let warning = try XCTUnwrap(compared.warnings.first)
        XCTAssertTrue(
            warning.contains(
                "ZTICKET.ZNUMBER (indexed, but names no entity, and its values are keys of 1 entity: "
                    + "Ticket)"), warning)
        XCTAssertFalse(warning.contains("ZPRIORITY"), warning)
    }

    /// The hidden keys `Z<n><NAME>` of to-many relationships without an inverse were not read:
    /// each is entity `n`'s to-many, ordered by its `Z_FOK_<n><NAME>`.
    func testHiddenKeysOfToManyRelationshipsWithoutAnInverseAreRead() throws {
        let written = try HandBuiltStores.hiddenToManyKeys.written(for: self)
        let compared = try compare(path: written.path, model: written.model, counts: nil)
        let model = compared.inferred.model
        func relationship(_ entity: String, _ name: String) throws -> ResolvedRelationship {
            let index = try XCTUnwrap(model.index(of: entity))
            return try XCTUnwrap(model.relationships(of: index).first { $0.name == name }, "\(entity).\(name)")
        }
        let tracks = try relationship("Playlist", "tracks")
        XCTAssertTrue(tracks.isToMany && tracks.info.isOrdered && tracks.inverse == nil)
        XCTAssertEqual(model.entities[tracks.destination].name, "Track")
        XCTAssertEqual(model.entities[try relationship("Searchable", "searchwords").destination].name, "SearchWord")
        XCTAssertEqual(
            model.entities[try relationship("SearchWord", "searchables").destination].name, "Article",
            "the entity of the rows that hold its keys")
        XCTAssertFalse(compared.warnings.first?.contains("not read") ?? true, "\(compared.warnings)")
    }

    // MARK: - Helpers

    private struct Comparison {
        let inferred: CoreDataStore
        /// The messages of the warnings opening the store without a model gave.
        let warnings: [String]
    }

    /// Opens a copy of a sample with `model` (`nil`: its `Z_MODELCACHE`) and without it (with
    /// `readingModelCache` false, its cache ignored), and compares them as
    /// ``compare(path:model:counts:readingModelCache:onlyInferred:line:)`` does, the MANIFEST's
    /// objects being what both exports must hold.
    @discardableResult
    private func compare(
        _ folder: String, store file: String, model: String?, readingModelCache: Bool = true,
        onlyInferred: Set<String> = [], line: UInt = #line
    ) throws -> Comparison {
        let original = try StoreTestInputs.sample(folder)
        let manifest = try SampleManifest(folder: original, store: file)
        let copy = try ScratchFolder(for: self).copy(original)
        return try compare(
            path: copy + "/" + file, model: model.map { copy + "/" + $0 }, counts: manifest.counts,
            readingModelCache: readingModelCache, onlyInferred: onlyInferred, line: line)
    }

    /// Opens the store at `path` with `model` (`nil`: its `Z_MODELCACHE`) and without it, checks
    /// the inferred one warns once, and once more for each guessed to-one (its
    /// ``CoreDataStore/inferredRelations``, in order), and says so in the header, that both exports
    /// hold `counts` objects per entity (when given), and that they agree as this type says.
    @discardableResult
    private func compare(
        path: String, model: String?, counts: [String: Int]?, readingModelCache: Bool = true,
        onlyInferred: Set<String> = [], line: UInt = #line
    ) throws -> Comparison {
        let file = (path as NSString).lastPathComponent
        let warnings = CollectedWarnings()
        let modelled = try CoreDataStore(
            path: path, model: try model.map { try ModelFile.load(path: $0) }, onWarning: warnings.record)
        XCTAssertEqual(warnings.take(), [], "\(file): opening with the model warned", line: line)
        let inferred = try CoreDataStore(
            path: path, model: nil, readingModelCache: readingModelCache, onWarning: warnings.record)
        let opening = warnings.take()
        let messages = opening.map(\.fullText)
        XCTAssertEqual(
            opening.dropFirst().map(\.fullText),
            inferred.inferredRelations.map { $0.warning(path: path, guesser: "the inferred model").fullText },
            "\(file): one warning for the model, then one for each guess", line: line)
        XCTAssertTrue(
            messages.first?.contains("its model is inferred from its tables") == true, "\(messages)", line: line)
        XCTAssertEqual(inferred.document.model, path + " (model inferred from its tables)", line: line)
        XCTAssertEqual(inferred.modelVersion, "inferred", line: line)

        var graphs: [ExportedGraph] = []
        for store in [modelled, inferred] {
            let export = try CheckedExport(store, shape: .flat, warnings: warnings)
            XCTAssertTrue(export.check.isValid, "\(file):\n\(export.check.summary())", line: line)
            XCTAssertEqual(export.warnings, [], "\(file)", line: line)
            if let expected = counts {
                var found = export.objects.counts
                for name in expected.keys where found[name] == nil { found[name] = 0 }
                XCTAssertEqual(found, expected, "\(file): objects per entity", line: line)
            }
            graphs.append(export.graph)
        }
        let withoutInverse = Set(
            modelled.model.entities.indices.flatMap { entity in
                modelled.model.relationships(of: entity).filter { !$0.isToMany && $0.inverse == nil }.map {
                    "~" + modelled.model.entities[entity].name + "." + $0.name.lowercased()
                }
            })
        var differences: [String] = []
        let ids = Set(graphs[0].order)
        if ids != Set(graphs[1].order) { differences.append("the objects differ") }
        for id in graphs[0].order.filter(ids.contains) {
            guard let left = graphs[0][id], let right = graphs[1][id] else { continue }
            var expected = Self.attributes(left)
            let found = Self.attributes(right)
            for name in onlyInferred where expected[name] == nil { expected[name] = found[name] }
            if expected != found { differences.append("\(id): attributes \(expected) ≠ \(found)") }
            let links = (
                Self.links(left, modelled.model),
                Self.links(right, inferred.model).filter { !withoutInverse.contains($0.key) }
            )
            if links.0 != links.1 { differences.append("\(id): links \(links.0) ≠ \(links.1)") }
        }
        XCTAssertEqual(differences.count, 0, "\(file):\n" + differences.prefix(10).joined(separator: "\n"), line: line)
        return Comparison(inferred: inferred, warnings: messages)
    }

    /// An object's attribute values by lowercased name, Booleans as the integers 0 and 1, UUIDs as
    /// their 16 bytes.
    private static func attributes(_ object: ExportedObject) -> [String: Value] {
        var values: [String: Value] = [:]
        for (name, value) in object.attributes {
            switch value {
            case .boolean(let truth): values[name.lowercased()] = .integer(truth ? 1 : 0)
            case .uuid(let uuid): values[name.lowercased()] = .binary(uuid.bytes)
            default: values[name.lowercased()] = value
            }
        }
        return values
    }

    /// An object's non-empty relationships as sets of target ids, named as this type says.
    private static func links(_ object: ExportedObject, _ model: GraphModel) -> [String: Set<String>] {
        guard let entity = model.index(of: object.entity) else { return [:] }
        let relationships = model.relationships(of: entity)
        var links: [String: Set<String>] = [:]
        for (name, _, ids) in object.relationships where !ids.isEmpty {
            var label = name.lowercased()
            if let relationship = relationships.first(where: { $0.name == name }), relationship.isToMany,
                let inverse = relationship.inverse.map({ model.relationships(of: relationship.destination)[$0] }),
                !inverse.isToMany
            {
                label = "~" + model.entities[relationship.destination].name + "." + inverse.name.lowercased()
            }
            links[label] = Set(ids.map(\.text))
        }
        return links
    }
}
