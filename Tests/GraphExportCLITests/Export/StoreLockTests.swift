import Foundation
import XCTest

/// A store in rollback-journal mode that another process is writing: graphexport waits up to the
/// busy timeout (5 s by default, `--busy-timeout SECONDS`) for the writer's lock, then fails with an
/// error naming the file and how long it waited, instead of failing at once with "database is
/// locked". Both ways a writer holds the lock are tested: before it has written (SQLite's own busy
/// wait) and with its journal beside the store (graphexport's shared lock, taken to look at the
/// journal).
final class StoreLockTests: XCTestCase {
    /// Holds an exclusive lock on the store given as the first argument: `BEGIN EXCLUSIVE`, with an
    /// `INSERT` (so that a journal exists) when the third argument is `write`, prints `locked`,
    /// sleeps for the second argument's seconds, then commits.
    private let holder = """
        import sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("BEGIN EXCLUSIVE")
        if sys.argv[3] == "write":
            c.execute("INSERT INTO t(v) VALUES ('written while locked')")
        print("locked", flush=True)
        time.sleep(float(sys.argv[2]))
        c.execute("COMMIT")
        """

    func testLockReleasedWithinTheTimeoutIsWaitedFor() throws {
        try exportWhileLocked(writing: false, releasedAfter: 1, rowsAfter: 500)
    }

    func testLockWithAJournalReleasedWithinTheTimeoutIsWaitedFor() throws {
        try exportWhileLocked(writing: true, releasedAfter: 1, rowsAfter: 501)
    }

    func testLockHeldPastTheTimeoutIsAnErrorSayingHowLongItWaited() throws {
        try failWhileLocked(writing: false)
    }

    func testLockWithAJournalHeldPastTheTimeoutIsAnErrorSayingHowLongItWaited() throws {
        try failWhileLocked(writing: true)
    }

    func testBusyTimeoutOfZeroFailsAtOnce() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        let writer = try BoundedProcess.python(holder, [store.path, "30", "write"])
        guard writer.waitForOutput("locked", limit: 30) else { return }
        let outcome = try BoundedProcess.graphexport(["--busy-timeout", "0", store.path]).wait(limit: 30)
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertLessThan(outcome.duration, 2, "did not wait")
        XCTAssertTrue(outcome.standardError.contains("another process holds a lock"), outcome.standardError)
        writer.send(SIGKILL)
    }

    func testBusyTimeoutMustBeSecondsZeroOrMore() throws {
        for value in ["-1", "soon", "nan", "inf"] {
            try CommandRunner.assertFails(
                ["--busy-timeout", value, "x.sqlite"], saying: "invalid value '\(value)' for '--busy-timeout'")
        }
    }

    /// Exports while a writer holds the lock for `releasedAfter` seconds: the export waits, then
    /// shows what the writer committed.
    private func exportWhileLocked(writing: Bool, releasedAfter seconds: Double, rowsAfter rows: Int) throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        let writer = try BoundedProcess.python(holder, [store.path, String(seconds), writing ? "write" : "read"])
        guard writer.waitForOutput("locked", limit: 30) else { return }
        let outcome = try BoundedProcess.graphexport([store.path], environment: scratch.environment).wait(limit: 30)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardError, "")
        XCTAssertGreaterThan(outcome.duration, seconds / 2, "waited for the writer")
        XCTAssertEqual(try StoreFixtures.values(inExport: outcome.standardOutput).count, rows)
        XCTAssertEqual(writer.wait(limit: 30).status, 0)
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }

    /// Exports with `--busy-timeout 0.5` while a writer holds the lock for 30 s.
    private func failWhileLocked(writing: Bool) throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        let writer = try BoundedProcess.python(holder, [store.path, "30", writing ? "write" : "read"])
        guard writer.waitForOutput("locked", limit: 30) else { return }
        let outcome = try BoundedProcess.graphexport(
            ["--busy-timeout", "0.5", store.path], environment: scratch.environment
        ).wait(limit: 30)
        writer.send(SIGKILL)
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, Data())
        XCTAssertEqual(
            outcome.errorLines,
            [
                "graphexport: error: \(store.path): another process holds a lock on this file (waited 0.5 s): "
                    + "try again when it has finished writing, or wait longer with --busy-timeout SECONDS"
            ])
        XCTAssertGreaterThanOrEqual(outcome.duration, 0.5, "waited the timeout")
        XCTAssertLessThan(outcome.duration, 10, "then gave up")
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }
}
