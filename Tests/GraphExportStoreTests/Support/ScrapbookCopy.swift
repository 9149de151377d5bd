import GraphExport
import GraphExportCoreData
import Prerequisites
import XCTest

/// A copy of `Samples/Scrapbook` in a scratch folder of a test, edited with the sqlite3 shell when
/// asked: what the store tests that need a changed or damaged Core Data store start from.
struct ScrapbookCopy {
    /// The scratch folder the copy lies in, for what a test puts beside it.
    let scratch: ScratchFolder
    /// The copied sample folder.
    let folder: String

    /// The copy's store file.
    var store: String { folder + "/Scrapbook.sqlite" }
    /// The copy's model bundle.
    var model: String { folder + "/Scrapbook.xcdatamodeld" }

    /// Copies the sample into a new scratch folder of `test`, under `name` (the sample's own
    /// folder name without one), and runs `sql`, if given, on the store with the sqlite3 shell.
    init(for test: XCTestCase, as name: String? = nil, editing sql: String? = nil) throws {
        scratch = try ScratchFolder(for: test)
        folder = try scratch.copy(StoreTestInputs.scrapbook, as: name)
        if let sql { try SQLiteShell.run(sql, on: store) }
    }

    /// The store opened with the copy's model.
    func open(onWarning: @escaping WarningHandler = { _ in }) throws -> CoreDataStore {
        try CoreDataStore(path: store, model: try ModelFile.load(path: model), onWarning: onWarning)
    }
}
