import GraphExport
import GraphExportCoreData
import GraphExportSQLite

/// A Core Data store opened from a store file and a model file, with the warnings it reports
/// (opening it, then exporting it) collected.
struct OpenedCoreDataStore {
    /// The store file.
    let path: String
    let store: CoreDataStore
    let warnings: CollectedWarnings

    /// Opens the store at `path` with the model (file, version or bundle) at `model`.
    init(path: String, model: String) throws {
        let log = CollectedWarnings()
        self.path = path
        store = try CoreDataStore(path: path, model: try ModelFile.load(path: model), onWarning: log.record)
        warnings = log
    }

    /// Opens a store written by ``HandBuiltStores/Store/written(for:editing:)``.
    init(_ written: (path: String, model: String)) throws {
        try self.init(path: written.path, model: written.model)
    }
}
