import Foundation
import Prerequisites

/// The stores of `shared/coredata-samples/` the end-to-end tests run on.
enum SharedStores {
    /// Every store of `shared/coredata-samples/`, by folder, with the model file to open it with
    /// (`nil`: the store's own `Z_MODELCACHE`, or the model inferred from its tables). The three
    /// larger wibosco stores hold 1 001, 5 979 and 15 990 objects (the WAL store's two entities).
    static let coreData: [(folder: String, store: String, model: String?)] = [
        ("apple-notes-macos12", "NoteStore.sqlite", nil),
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

    /// The folders of `shared/coredata-samples/`.
    static func folders() throws -> [String] {
        let samples = try Prerequisite.shared("coredata-samples")
        return try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: samples.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }
}
