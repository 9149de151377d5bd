import Foundation
import GraphExport
import GraphExportInflate
import XCTest

@testable import GraphExportCoreData

/// Compiled models, `.mom` files and `.momd` bundles, made from the real `Z_MODELCACHE` blobs of
/// the wibosco stores (inflated: a `.mom` is the same keyed archive, uncompressed), and the stores
/// they were cached in.
final class ModelFileCompiledTests: XCTestCase {
    private static let first = "CoreDataMigration_Example"
    private static let third = "CoreDataMigration_Example 3"

    func testMomFileReadsTheEntitiesOfTheCacheItWasInflatedFrom() throws {
        let (folder, blobs) = try wiboscoCaches()
        let mom = folder + "/\(Self.first).mom"
        try write(Inflate.decompress(blobs[0], framing: .raw, source: "cache"), to: mom)

        let bundle = try ModelFile.load(path: mom)
        XCTAssertEqual(bundle.versions.map(\.name), [Self.first])
        XCTAssertEqual(bundle.current.contentsPath, mom)
        XCTAssertFalse(bundle.isBundle)
        let cached = try ModelCacheReader.model(fromModelCache: blobs[0], storePath: "store")
        XCTAssertEqual(bundle.current.entities, cached.entities)
        XCTAssertEqual(bundle.current.entities.map(\.name), ["Post"])
    }

    func testMomdWithABinaryVersionInfoChoosesTheVersionThatFitsEachStore() throws {
        let (folder, blobs) = try wiboscoCaches()
        let momd = try makeMomd(in: folder, blobs: blobs)
        try write(
            PlistWriter.bytes(
                HandMadeArchive.dictionary([
                    ("NSManagedObjectModel_CurrentVersionName", .string(Self.third)),
                    ("NSManagedObjectModel_VersionHashes", HandMadeArchive.dictionary([])),
                ])), to: momd + "/VersionInfo.plist")

        let bundle = try ModelFile.load(path: momd)
        XCTAssertEqual(bundle.versions.map(\.name), [Self.first, Self.third])
        XCTAssertEqual(bundle.currentVersionName, Self.third)
        XCTAssertTrue(bundle.isBundle)
        XCTAssertEqual(bundle.warnings, [])
        for (store, version, counts) in [
            ("CoreDataMigration_Example_1.sqlite", Self.first, ["Post": 1001]),
            ("CoreDataMigration_Example_3.sqlite", Self.third, ["Color": 7995, "Post": 7995]),
        ] {
            let warnings = CollectedWarnings()
            let opened = try CoreDataStore(path: folder + "/" + store, model: bundle, onWarning: warnings.record)
            XCTAssertEqual(opened.modelVersion, version, store)
            XCTAssertEqual(opened.document.model, momd, store)
            XCTAssertEqual(opened.document.modelVersion, version, store)
            let export = try CheckedExport(opened, shape: .flat, warnings: warnings)
            XCTAssertTrue(export.check.isValid, export.check.summary())
            XCTAssertEqual(export.objects.counts, counts, store)
            XCTAssertEqual(warnings.take(), [], store)
        }
    }

    func testMomdWithAnXMLVersionInfoNamesItsCurrentVersion() throws {
        let (folder, blobs) = try wiboscoCaches()
        let momd = try makeMomd(in: folder, blobs: blobs)
        let info = momd + "/VersionInfo.plist"
        try write(Array(Self.xmlVersionInfo(Self.first).utf8), to: info)
        let named = try ModelFile.load(path: momd)
        XCTAssertEqual(named.currentVersionName, Self.first)
        XCTAssertEqual(named.current.name, Self.first)

        try write(Array(Self.xmlVersionInfo("Gone").utf8), to: info)
        let bundle = try ModelFile.load(path: momd)
        XCTAssertNil(bundle.currentVersionName)
        XCTAssertEqual(
            bundle.warnings.map(\.message),
            [
                "'\(info)' names current version 'Gone', which the bundle does not contain "
                    + "(it has '\(Self.first)', '\(Self.third)'): its versions are tried newest first"
            ])

        try write(Array(Self.xmlVersionInfo("x").replacingOccurrences(of: "_Current", with: "_Other").utf8), to: info)
        XCTAssertThrowsError(try ModelFile.load(path: momd)) {
            XCTAssertEqual($0 as? ModelFileError, .missingCurrentVersionName(path: info))
        }

        try write(Array("bplist00".utf8), to: info)
        XCTAssertThrowsError(try ModelFile.load(path: momd)) {
            guard case .unreadable(info, let reason)? = $0 as? ModelFileError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.hasPrefix("it is not a well-formed binary property list: "), reason)
        }
    }

    func testMomdWithoutVersionInfoCountsTheNewestAsCurrent() throws {
        let (folder, blobs) = try wiboscoCaches()
        let bundle = try ModelFile.load(path: try makeMomd(in: folder, blobs: blobs))
        XCTAssertNil(bundle.currentVersionName)
        XCTAssertEqual(bundle.current.name, Self.third)
    }

    func testKeyedArchiveOfAnotherClassIsNotAModel() throws {
        let elements =
            try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.xcdatamodel", for: self) + "/elements"
        let mom = elements + ".mom"
        try FileManager.default.copyItem(atPath: elements, toPath: mom)
        XCTAssertThrowsError(try ModelFile.load(path: mom)) {
            XCTAssertEqual(
                $0 as? ModelFileError,
                .notAModel(path: mom, reason: "its archived root object is XDPMModel, not NSManagedObjectModel"))
        }
    }

    // MARK: - Fixtures

    /// A scratch folder with the first and third wibosco stores, and their `Z_MODELCACHE` blobs.
    private func wiboscoCaches() throws -> (folder: String, blobs: [[UInt8]]) {
        let folder = try ArchiveSamples.copy("wibosco-migration", for: self)
        let blobs = try ["CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_3.sqlite"].map {
            try ArchiveSamples.blob("SELECT Z_CONTENT FROM Z_MODELCACHE", inStoreAt: folder + "/" + $0)
        }
        return (folder, blobs)
    }

    /// `App.momd` with the two caches inflated into `<version>.mom` files, and an `.omo` that is
    /// not a model (what Xcode writes beside the current version; never read).
    private func makeMomd(in folder: String, blobs: [[UInt8]]) throws -> String {
        let momd = folder + "/App.momd"
        try FileManager.default.createDirectory(atPath: momd, withIntermediateDirectories: false)
        for (name, blob) in zip([Self.first, Self.third], blobs) {
            let bytes = try Inflate.decompress(blob, framing: .raw, source: name)
            XCTAssertTrue(bytes.starts(with: Array("bplist00".utf8)), name)
            try write(bytes, to: momd + "/\(name).mom")
        }
        try write(Array("not a model".utf8), to: momd + "/\(Self.third).omo")
        return momd
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private static func xmlVersionInfo(_ current: String) -> String {
        PropertyListXML.document(
            """
            \t<key>NSManagedObjectModel_CurrentVersionName</key>
            \t<string>\(current)</string>
            \t<key>NSManagedObjectModel_VersionHashes</key>
            \t<dict/>
            """)
    }
}
