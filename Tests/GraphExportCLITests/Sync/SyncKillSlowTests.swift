import Foundation
import GraphExportTestSupport
import Prerequisites
import XCTest

/// A sync killed at any moment leaves the target as it was or as the run would leave it, never
/// between, and the next run completes it (docs/SYNC.md, *Exactly once*): a database of 36 000
/// rows, changed with `sqlite3` after a first sync, synced by comparison and SIGKILLed at 20 random
/// moments of the run (a bounded loop, its seed printed); after each kill every table of the copy
/// is the old state or the new one (the same for all tables), and a rerun gives the new one.
final class SyncKillSlowTests: XCTestCase {
    /// The copy's tables that hold the store's rows.
    private let tables = ["parent", "child", "graphexport_columns", "graphexport_deleted"]

    func testASyncKilledAtAnyMomentLeavesTheOldOrTheNewStateAndARerunCompletesIt() throws {
        let scratch = try InputScratch(for: self)
        let folder = scratch.root
        let store = folder.appendingPathComponent("store.db").path
        try sqlite3(
            store,
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id), value TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
                INSERT INTO parent SELECT i, 'parent ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
                INSERT INTO child SELECT i, 1 + i % 6000, printf('value %d', i * 7919 % 100003) FROM n;
            """)
        let old = folder.appendingPathComponent("old.db").path
        let new = folder.appendingPathComponent("new.db").path
        let copy = folder.appendingPathComponent("copy.db").path
        try sync(store, into: old, environment: scratch.environment)
        try sqlite3(
            store,
            """
            UPDATE child SET value = 'changed' WHERE id % 50 = 0;
            DELETE FROM child WHERE id % 125 = 1;
            INSERT INTO parent VALUES (6001, 'new parent');
            UPDATE child SET parent_id = 6001 WHERE id % 500 = 7;
            """)
        try FileManager.default.copyItem(atPath: old, toPath: new)
        let started = Date()
        try sync(store, into: new, environment: scratch.environment)
        let duration = Date().timeIntervalSince(started)

        var random = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &random)
        var generator = SplitMix64(seed: seed)
        var killedDuringTheRun = 0
        for attempt in 1...20 {
            let moment = Double.random(in: 0...duration, using: &generator)
            let context = "attempt \(attempt) (seed \(seed)), killed at \(String(format: "%.3f", moment)) s"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: old, toPath: copy)
            let run = try BoundedProcess.graphexport(["sync", store, copy], environment: scratch.environment)
            Thread.sleep(forTimeInterval: moment)
            run.send(SIGKILL)
            let outcome = run.wait(limit: 120)
            if outcome.status != 0 { killedDuringTheRun += 1 }
            let state = try self.state(of: copy, old: old, new: new)
            XCTAssertNotNil(state, "\(context): the copy is neither the old state nor the new one")
            try sync(store, into: copy, environment: scratch.environment)
            XCTAssertEqual(try self.state(of: copy, old: old, new: new), "new", "\(context): the rerun")
            XCTAssertEqual(try scratch.leftInTemporary(), [], "\(context): the staged rows were left behind")
        }
        XCTAssertGreaterThan(killedDuringTheRun, 0, "no kill came before the end of the run (seed \(seed))")
    }

    /// `old` or `new` when every table of the copy at `path` holds that state's rows (the next
    /// connection rolling back a run that did not commit), else `nil`.
    private func state(of path: String, old: String, new: String) throws -> String? {
        let sameAsOld = try tables.map { try differs(path, old, table: $0) == false }
        let sameAsNew = try tables.map { try differs(path, new, table: $0) == false }
        if sameAsOld.allSatisfy({ $0 }) { return "old" }
        if sameAsNew.allSatisfy({ $0 }) { return "new" }
        return nil
    }

    /// Whether `table` differs between the databases `first` and `second`, as `sqldiff` finds.
    private func differs(_ first: String, _ second: String, table: String) throws -> Bool {
        let run = try ProgramRun.run(try Prerequisite.executable("sqldiff"), ["--table", table, first, second])
        XCTAssertEqual(run.status, 0, run.standardError)
        return !run.standardOutput.isEmpty
    }

    private func sync(_ store: String, into copy: String, environment: [String: String]) throws {
        try CommandRunner.assertSucceeds(["sync", "--quiet", store, copy], environment: environment)
    }

    private func sqlite3(_ path: String, _ sql: String) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", path, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
    }
}
