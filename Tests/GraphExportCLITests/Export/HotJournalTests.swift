import Foundation
import XCTest

/// A store in rollback-journal mode beside a hot journal (its writer died in mid-transaction, after
/// writing some of its pages into the store) is read as last committed: from a private copy that
/// SQLite rolls back, with one warning, the user's store and journal left byte for byte as they
/// were and nothing left in `TMPDIR`. Without the copy SQLite fails with "attempt to write a
/// readonly database" (it must roll back before it reads), which reads as if graphexport wrote.
final class HotJournalTests: XCTestCase {
    func testHotJournalIsRolledBackInAPrivateCopyWithOneWarning() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.hotJournal(at: store)
        let before = try FolderListing(scratch.source)
        XCTAssertEqual(before.names, ["store.sqlite", "store.sqlite-journal"])
        for source in ["auto", "sqlite"] {
            let output = scratch.output.appendingPathComponent("export-\(source).json")
            let outcome = try BoundedProcess.graphexport(
                ["--source", source, "-o", output.path, store.path], environment: scratch.environment
            ).wait(limit: 60)
            XCTAssertEqual(outcome.status, 0, outcome.standardError)
            XCTAssertEqual(
                outcome.errorLines,
                [
                    "graphexport: warning: \(store.path)-journal: an unfinished transaction was rolled back in a "
                        + "private copy (more with --verbose)"
                ], "one warning, also when the store is first tried as a Core Data store")
            let values = try StoreFixtures.values(inExport: try Data(contentsOf: output))
            XCTAssertEqual(values.count, 2000)
            XCTAssertEqual(values.filter { !$0.hasPrefix("before ") }, [], "the unfinished UPDATE is not seen")
            XCTAssertEqual(try FolderListing(scratch.source), before, "the store and its journal are unchanged")
            XCTAssertEqual(try scratch.leftInTemporary(), [])
        }
    }

    /// The fixture is what it claims: read without rolling back (`immutable=1` takes SQLite's word
    /// that no journal matters), the store shows pages the unfinished transaction wrote.
    func testTheFixtureStoreHoldsPagesOfTheUnfinishedTransaction() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.hotJournal(at: store)
        let copy = scratch.root.appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: store, to: copy)
        let reader = try BoundedProcess.python(
            """
            import sqlite3, sys
            c = sqlite3.connect("file:%s?immutable=1" % sys.argv[1], uri=True)
            print(c.execute("SELECT count(*) FROM t WHERE v = 'after'").fetchone()[0])
            """, [copy.path])
        let outcome = reader.wait(limit: 60)
        XCTAssertGreaterThan(Int(outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 0, outcome.text)
    }

    /// A journal whose writer is alive (it holds SQLite's RESERVED lock) is not hot: the store is
    /// read in place, as last committed, without a copy or a warning.
    func testJournalOfALiveWriterIsNotRolledBack() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        let writer = try BoundedProcess.python(
            """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            c.execute("UPDATE t SET v = 'uncommitted'")
            print("writing", flush=True)
            time.sleep(30)
            """, [store.path])
        guard writer.waitForOutput("writing", limit: 30) else { return }
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.path + "-journal"))
        let outcome = try BoundedProcess.graphexport([store.path], environment: scratch.environment).wait(limit: 60)
        writer.send(SIGKILL)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardError, "")
        let values = try StoreFixtures.values(inExport: outcome.standardOutput)
        XCTAssertEqual(values.count, 500)
        XCTAssertEqual(values.filter { $0 == "uncommitted" }, [])
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }
}
