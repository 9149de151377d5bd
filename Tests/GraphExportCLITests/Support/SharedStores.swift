import Foundation
import Prerequisites
import XCTest

/// The stores of `shared/coredata-samples/` the end-to-end tests run on.
enum SharedStores {
    /// Every store of `shared/coredata-samples/`, by folder, with the model file to open it with
    /// (`nil`: the store's own `Z_MODELCACHE`, or the model inferred from its tables). The three
    /// larger wibosco stores hold 1 001, 5 979 and 15 990 objects (the WAL store's two entities).
    static let coreData: [(folder: String, store: String, model: String?)] = [
        ("apple-notes-macos12", "NoteStore.sqlite", nil),
        ("apple-photos-10.15.7", "Photos.sqlite", nil),
        ("apple-photos-10.15.7-osxphotos", "Photos.sqlite", nil),
        ("bnr-manytomany", "TestModel.sqlite", "Sample.xcdatamodeld"),
        ("coredatabooks-legacy", "CoreDataBooks.sqlite", "CoreDataBooks.xcdatamodel"),
        ("dvc-swiftdata", "dvc.store", nil),
        ("easylife-versions", "EasyLife.sqlite", "EasyLife.xcdatamodeld"),
        ("easylife-versions", "EasyLife 1.3.0.sqlite", nil),
        ("easylife-versions", "EasyLife 1.5.0.sqlite", nil),
        ("keasyboard-wal", "Simplex.sqlite", "IME.xcdatamodeld"),
        ("restkit-legacy-model", "RKSeedDatabase.sqlite", "RKTwitterCoreData.xcdatamodel"),
        ("swiftdata-resourcesmanager", "default.store", nil),
        ("texlege-v4", "TexLegeSeed.v4.sqlite", "TexLege.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_WAL.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ]

    /// Fails unless ``coreData`` lists every folder of `shared/coredata-samples/`. The folders are
    /// read before the assertion: without the shared samples that throws the skip, which inside an
    /// XCTAssert expression would count as a failure.
    static func assertEveryFolderIsListed(file: StaticString = #filePath, line: UInt = #line) throws {
        let samples = try Prerequisite.shared("coredata-samples")
        let folders = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: samples.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        XCTAssertEqual(
            Set(folders), Set(coreData.map(\.folder)), "a sample folder is not checked here", file: file, line: line)
    }

    /// Every store of ``coreData`` in a fresh copy of its folder (one copy a folder, removed at the
    /// end of `test`), with the arguments that open it: `--model` and its model when one is given,
    /// then the store.
    static func copies(for test: XCTestCase) throws -> [(
        name: String, folder: URL, store: String, model: String?, arguments: [String]
    )] {
        var folders: [String: URL] = [:]
        return try coreData.map { name, store, model in
            let folder = try folders[name] ?? CommandRunner.copyOfSample(name, for: test)
            folders[name] = folder
            return (name, folder, store, model, (model.map { ["--model", $0] } ?? []) + [store])
        }
    }
}
