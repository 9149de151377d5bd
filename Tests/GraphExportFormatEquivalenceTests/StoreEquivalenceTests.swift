import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportTestSupport
import XCTest

/// The Scrapbook sample and every store of `shared/coredata-samples/` (copied first) read back the
/// same from every format, as their own records, and as plain SQL.
///
/// The three larger wibosco stores (1 001, 5 979 and 15 990 objects, the same two entities as the
/// WAL store, which gets every check) are read back in the tree shape from JSON, XML and YAML only,
/// to keep the target quick in debug builds.
final class StoreEquivalenceTests: XCTestCase {
    private static let large: (formats: [ReadableFormat], shapes: [ExportShape]) = ([.json, .xml, .yaml], [.tree])

    func testScrapbookReadsBackAsItsRecordsAndPlainSQLFromEveryFormat() throws {
        let sample = try StoreSample(
            copying: Inputs.scrapbook, store: "Scrapbook.sqlite", model: "Scrapbook.xcdatamodeld", for: self)
        try assertFormatsAgree(sample.store, "Scrapbook", sql: sample.sql)
    }

    func testWiboscoStores() throws {
        for number in 1...3 {
            try checkSample(
                "wibosco-migration", "CoreDataMigration_Example_\(number).sqlite",
                "CoreDataMigration_Example.xcdatamodeld", Self.large)
        }
    }

    func testWiboscoWALStore() throws {
        try checkSample(
            "wibosco-migration", "CoreDataMigration_Example_WAL.sqlite", "CoreDataMigration_Example.xcdatamodeld")
    }

    func testBNREmptyManyToManyStore() throws {
        try checkSample("bnr-manytomany", "TestModel.sqlite", "Sample.xcdatamodeld")
    }

    func testSwiftDataStoreWithItsCachedModel() throws {
        try checkSample("swiftdata-resourcesmanager", "default.store", nil)
    }

    func testAppleNotesStoreWithItsCachedModel() throws {
        try checkSample("apple-notes-macos12", "NoteStore.sqlite", nil)
    }

    func testLegacyBooksStoreWithItsXcode3Model() throws {
        try checkSample("coredatabooks-legacy", "CoreDataBooks.sqlite", "CoreDataBooks.xcdatamodel")
    }

    func testHandBuiltStoreWithSuffixedJoinColumns() throws {
        try checkHandBuilt(HandBuiltStores.suffixedJoinColumn, "suffixed join columns")
    }

    func testHandBuiltStoreWithToManyRelationshipsWithoutInverse() throws {
        try checkHandBuilt(HandBuiltStores.hiddenToManyKeys, "to-many relationships without inverse")
    }

    func testHandBuiltStoreWithReflexiveManyToManys() throws {
        try checkHandBuilt(HandBuiltStores.reflexiveManyToMany, "reflexive many-to-manys")
    }

    /// Writes a ``HandBuiltStores`` store and its model into a scratch folder, opens it and checks
    /// every format against its records and plain SQL.
    private func checkHandBuilt(
        _ built: HandBuiltStores.Store, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = try ScratchFolder(for: self).url
        let path = folder.appendingPathComponent("Store.sqlite").path
        try SQLiteFile(path, writable: true).execute(built.sql)
        let model = folder.appendingPathComponent("contents")
        try Data(built.model.utf8).write(to: model)
        let sample = try StoreSample(path: path, model: model.path)
        XCTAssertEqual(sample.warnings, [], "\(name): opening warned", file: file, line: line)
        try assertFormatsAgree(sample.store, name, sql: sample.sql, file: file, line: line)
    }

    func testTexLegeStoreWithAnInferredModel() throws {
        try checkInferred("texlege-v4", "TexLegeSeed.v4.sqlite")
    }

    func testLegacyBooksStoreWithAnInferredModel() throws {
        try checkInferred("coredatabooks-legacy", "CoreDataBooks.sqlite")
    }

    func testRestKitStoreWithAnInferredModel() throws {
        try checkInferred("restkit-legacy-model", "RKSeedDatabase.sqlite")
    }

    /// A store without `Z_MODELCACHE` opened without a model: one warning says its model is
    /// inferred, and every format reads back as its records and as plain SQL.
    private func checkInferred(_ folder: String, _ store: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let sample = try StoreSample(
            copying: try Inputs.sharedSamples().appendingPathComponent(folder), store: store, model: nil, for: self)
        XCTAssertEqual(sample.warnings.count, 1, "\(store): \(sample.warnings)", file: file, line: line)
        XCTAssertTrue(
            sample.warnings.first?.message.contains("its model is inferred from its tables") == true, file: file,
            line: line)
        try assertFormatsAgree(sample.store, store, sql: sample.sql, file: file, line: line)
    }

    private func checkSample(
        _ folder: String, _ store: String, _ model: String?,
        _ only: (formats: [ReadableFormat], shapes: [ExportShape]) = (ReadableFormat.allCases, ExportShape.allCases),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let sample = try StoreSample(
            copying: try Inputs.sharedSamples().appendingPathComponent(folder), store: store, model: model, for: self)
        XCTAssertEqual(sample.warnings, [], "\(store): opening warned", file: file, line: line)
        try assertFormatsAgree(
            sample.store, store, formats: only.formats, shapes: only.shapes, sql: sample.sql, file: file, line: line)
        // Transformable values as their stored bytes too, compared with plain SQL byte for byte.
        let graphModel = sample.store.model
        guard
            graphModel.entities.indices.contains(where: {
                graphModel.attributes(of: $0).contains { $0.type == .transformable }
            })
        else { return }
        let raw = try StoreSample(
            copying: try Inputs.sharedSamples().appendingPathComponent(folder), store: store, model: model,
            options: CoreDataStoreOptions(rawValues: true), for: self)
        try assertFormatsAgree(
            raw.store, store + " (--raw-values)", formats: only.formats, shapes: only.shapes, sql: raw.sql,
            file: file, line: line)
    }
}
