import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportSQLite
import GraphExportTestSupport
import XCTest

/// Which model a store is read with when the model given does not fit it, and what the export's
/// header then says: the EasyLife sample, whose bundle fits none of its stores' newest writes.
final class CoreDataStoreModelChoiceTests: XCTestCase {
    private static let easyLife = "easylife-versions"
    private static let bundle = "EasyLife.xcdatamodeld"

    /// `EasyLife.sqlite` has no `ZTODOITEM.ZPROJECT`, which every version of the bundle that
    /// has `Project` needs: its own `Z_MODELCACHE` describes it, says one warning, says the header.
    func testStoreThatNoVersionOfTheBundleFitsIsReadWithItsModelCacheAndSaysSo() throws {
        let folder = try copySample(Self.easyLife)
        let store = folder + "/EasyLife.sqlite"
        let bundle = folder + "/" + Self.bundle
        let warnings = CollectedWarnings()
        let opened = try CoreDataStore(path: store, model: try ModelFile.load(path: bundle), onWarning: warnings.record)

        XCTAssertEqual(opened.document.model, store + " (Z_MODELCACHE)")
        XCTAssertEqual(opened.document.modelVersion, "Z_MODELCACHE (no version of \(bundle) fits)")
        let messages = warnings.take().map(\.fullText)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        let message = try XCTUnwrap(messages.first)
        for part in [
            "no version of '\(bundle)' fits the store", "version 'EasyLife 1.5.0': column ZTODOITEM.ZPROJECT",
            "version 'EasyLife 1.3.0': column ZTODOITEM.ZPROJECT", "version 'EasyLife': ", "Z_MODELCACHE",
        ] {
            XCTAssertTrue(message.contains(part), "\(part) is not in: \(message)")
        }
        XCTAssertFalse(message.contains("\n"), message)

        let manifest = try SampleManifest(
            folder: StoreTestInputs.samples.appendingPathComponent(Self.easyLife), store: "EasyLife.sqlite")
        for shape in ExportShape.allCases {
            let export = try CheckedExport(opened, shape: shape, warnings: warnings)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            var counts = export.objects.counts
            for name in manifest.counts.keys where counts[name] == nil { counts[name] = 0 }
            XCTAssertEqual(counts, manifest.counts, "\(shape)")
        }
        XCTAssertEqual(manifest.counts, ["Project": 0, "TodoItem": 158])
    }

    /// With `ZTODOITEM.ZNOTES` dropped, the cache does not fit either: the error lists every
    /// version and the cache, each with what it lacks, on one line.
    func testStoreThatNothingFitsListsWhatEachVersionAndTheCacheLack() throws {
        let folder = try copySample(Self.easyLife)
        let store = folder + "/EasyLife.sqlite"
        let bundle = folder + "/" + Self.bundle
        try SQLiteShell.run("ALTER TABLE ZTODOITEM DROP COLUMN ZNOTES", on: store)

        XCTAssertThrowsError(try CoreDataStore(path: store, model: try ModelFile.load(path: bundle))) { error in
            guard case .noModelFits(let path, let model, let misfits)? = error as? CoreDataError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, store)
            XCTAssertEqual(model, bundle)
            XCTAssertEqual(
                misfits.map(\.candidate),
                [.version("EasyLife 1.5.0"), .version("EasyLife 1.3.0"), .version("EasyLife"), .modelCache])
            XCTAssertEqual(
                misfits.last?.reason,
                "column ZTODOITEM.ZNOTES for TodoItem.notes is missing, with or without a numeric suffix: "
                    + "the model does not fit the store; to export the rest, leave it out with --exclude-attribute "
                    + "TodoItem.notes (or its entity with --exclude-entity TodoItem)")
            XCTAssertTrue(misfits.allSatisfy { !$0.reason.hasPrefix(store) }, "\(misfits)")
            let message = "\(error)"
            XCTAssertTrue(
                message.hasPrefix("\(store): no version of '\(bundle)' nor its own Z_MODELCACHE fits the store: "),
                message)
            XCTAssertTrue(message.contains("; Z_MODELCACHE: column ZTODOITEM.ZNOTES"), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
    }

    /// A version given by itself is the user's choice: it is used or refused, never replaced by
    /// the cache.
    func testSingleVersionThatDoesNotFitIsRefusedEvenWhenTheCacheFits() throws {
        let folder = try copySample(Self.easyLife)
        let store = folder + "/EasyLife.sqlite"
        let version = try ModelFile.load(path: folder + "/\(Self.bundle)/EasyLife 1.5.0.xcdatamodel")
        XCTAssertThrowsError(try CoreDataStore(path: store, model: version)) { error in
            XCTAssertEqual(
                error as? CoreDataError,
                .missingColumn(path: store, table: "ZTODOITEM", column: "ZPROJECT", property: "Project.todoItem"))
        }
    }

    /// The header names the version of a bundle, even a bundle of one (`IME.xcdatamodeld` has no
    /// `.xccurrentversion`), and no version for one given by itself, whose path says it all.
    func testHeaderNamesTheVersionOfABundleOnly() throws {
        let folder = try copySample("keasyboard-wal")
        let store = folder + "/Simplex.sqlite"
        let fromBundle = try CoreDataStore(path: store, model: try ModelFile.load(path: folder + "/IME.xcdatamodeld"))
        XCTAssertEqual(fromBundle.document.modelVersion, "Model")
        let alone = folder + "/IME.xcdatamodeld/Model.xcdatamodel"
        let fromVersion = try CoreDataStore(path: store, model: try ModelFile.load(path: alone))
        XCTAssertEqual(fromVersion.document.model, alone)
        XCTAssertNil(fromVersion.document.modelVersion)
        let fromCache = try CoreDataStore(path: store)
        XCTAssertEqual(fromCache.document.model, store + " (Z_MODELCACHE)")
        XCTAssertNil(fromCache.document.modelVersion)
    }

    private func copySample(_ name: String) throws -> String {
        let scratch = try ScratchFolder(for: self)
        return try scratch.copy(try StoreTestInputs.sample(name))
    }
}
