import Foundation
import XCTest

/// Stores in WAL mode as apps leave them, read from a private copy without a false warning.
final class WALStoreTests: XCTestCase {
    /// After a checkpoint the next transaction restarts the log from its start: its frames are
    /// followed by frames of the transactions before, which the checkpoint put into the store.
    /// Those are expected, not damage: every row is exported and nothing is reported.
    func testRestartedLogIsReadWithoutAWarning() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store, batches: 6, checkpointAfter: 5)
        let before = try FolderListing(scratch.source)
        let outcome = try BoundedProcess.graphexport([store.path], environment: scratch.environment).wait(limit: 60)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardError, "")
        let values = try StoreFixtures.values(inExport: outcome.standardOutput)
        XCTAssertEqual(values.count, 6 * StoreFixtures.rowsPerBatch)
        XCTAssertEqual(values.filter { $0.hasPrefix("batch 5 ") }.count, StoreFixtures.rowsPerBatch)
        XCTAssertEqual(try FolderListing(scratch.source), before)
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }
}
