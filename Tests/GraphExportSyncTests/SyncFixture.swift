import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite
import GraphExportSQLiteFormat
import GraphExportSync
import Prerequisites
import XCTest

/// A store and its copy as a sync user has them: a writable copy of a shared store in a scratch
/// folder, synced into a target, changed by `sqlite3` with history rows in Core Data's layout, and
/// checked against a fresh `-f sqlite` export after each run.
struct SyncFixture {
    let folder: ScratchFolder
    /// The store's path.
    let store: String
    /// Whether the store is read as a plain SQLite database.
    let isPlain: Bool

    /// A writable copy of `../shared/<path>` (a file, copied with its `-wal` and `-shm`, or a folder
    /// and the store `file` in it).
    init(shared path: String, store file: String? = nil, plain: Bool = false, for test: XCTestCase) throws {
        folder = try ScratchFolder(for: test)
        let source = try Prerequisite.shared(path)
        if let file {
            let copy = try folder.copy(source)
            store = copy + "/" + file
        } else {
            for suffix in ["", "-wal", "-shm"] {
                let companion = URL(fileURLWithPath: source.path + suffix)
                if FileManager.default.fileExists(atPath: companion.path) { try folder.copy(companion) }
            }
            store = folder.path(source.lastPathComponent)
        }
        isPlain = plain
    }

    /// The store opened in a new snapshot, as a sync reads it.
    func opened(selection: Selection = Selection(), selectionText: String = "") throws -> SyncedStore {
        if isPlain {
            let source = try SQLiteDatabaseSource(path: store)
            return SyncedStore(source: source, selection: selection, selectionText: selectionText, history: nil)
        }
        let source = try CoreDataStore(path: store)
        return SyncedStore(
            source: source, selection: selection, selectionText: selectionText, history: CoreDataHistory(source))
    }

    /// Syncs the store as it is now into `target`.
    @discardableResult
    func sync(into target: SyncTarget, options: SyncOptions = SyncOptions(), selection: Selection = Selection())
        throws -> SyncReport
    {
        try StoreSync(store: try opened(selection: selection), target: target, options: options).run()
    }

    /// A fresh `-f sqlite` export of the store as it is now, written by the same writer as an
    /// export; returns its path.
    func freshExport(_ name: String = "fresh.db", selection: Selection = Selection()) throws -> String {
        let path = folder.path(name)
        try? FileManager.default.removeItem(atPath: path)
        let output = try OutputFile(path: path)
        let traversal = GraphTraversal(source: try opened().source, shape: .flat, selection: selection)
        try traversal.run(into: SQLiteGraphWriter(sink: output.sink))
        try output.commit()
        return path
    }

    /// Fails unless the SQLite copy at `target` holds what a fresh export holds.
    func assertCopyEqualsExport(
        _ target: String, _ message: String, selection: Selection = Selection(), file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let copy = try DatabaseContents(path: target)
        let fresh = try DatabaseContents(path: try freshExport(selection: selection))
        if let difference = copy.difference(from: fresh) {
            XCTFail("\(message): the copy is not the export: \(difference)", file: file, line: line)
        }
    }

    /// Runs `sql` on the store with the sqlite3 shell, as another program writing it would.
    func change(_ sql: String) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", store, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
    }

    /// The rows of `sql` in the SQLite database at `path`, each row's values joined by `|`.
    static func rows(_ sql: String, in path: String) throws -> [String] {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", path, sql])
        guard run.status == 0 else { throw DatabaseContents.ReadFailure(description: run.standardError) }
        return run.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
