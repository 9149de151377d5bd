import Foundation
import GraphExport
import GraphExportCoreData
import XCTest

/// A Core Data store copied into a test's scratch folder and opened there, with the plain-SQL
/// check for it.
struct StoreSample {
    let store: CoreDataStore
    let path: String
    /// How the store was opened: with Transformable values decoded, or as their bytes.
    let options: CoreDataStoreOptions
    private let log: WarningLog

    /// The warnings the store has reported so far, opening and reading.
    var warnings: [Warning] { log.warnings }

    var sql: CoreDataSQLCheck {
        CoreDataSQLCheck(model: store.model, storePath: path, decodesTransformables: !options.rawValues)
    }

    /// Copies `folder` (hidden files included) and opens `file` in the copy with the model at
    /// `model` in it, or, without one, with the model the store caches.
    init(
        copying folder: URL, store file: String, model: String?, options: CoreDataStoreOptions = .init(),
        for test: XCTestCase
    ) throws {
        let copy = try ScratchFolder(for: test).copy(folder)
        try self.init(path: copy + "/" + file, model: model.map { copy + "/" + $0 }, options: options)
    }

    /// Opens the store at `path` (a copy: a WAL store gets files beside it).
    init(path: String, model: String?, options: CoreDataStoreOptions = .init()) throws {
        let log = WarningLog()
        store = try CoreDataStore(path: path, model: try model.map(ModelFile.load(path:)), options: options) {
            log.warnings.append($0)
        }
        self.path = path
        self.options = options
        self.log = log
    }
}

/// Collects warnings.
final class WarningLog {
    var warnings: [Warning] = []
}
