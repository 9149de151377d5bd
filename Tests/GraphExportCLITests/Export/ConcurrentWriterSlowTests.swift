import Foundation
import XCTest

/// Exports of a store in WAL mode while another process writes it and checkpoints after every
/// transaction, alternately in RESTART and TRUNCATE mode, so that the log is restarted or emptied
/// while graphexport copies the store and its log. Every export must succeed and show a state that
/// some transaction committed: each transaction adds one row to `log` and one to every `item.v`, so
/// every `item.v` equals the number of `log` rows.
///
/// The 2 000 items' pages lie between 16 MB of free pages (deleted ballast), so a checkpoint writes
/// all over the store while it is being copied: a store file and a log copied at different
/// moments show items from two transactions, or a malformed database.
final class ConcurrentWriterSlowTests: XCTestCase {
    private let makeStore = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, v INTEGER NOT NULL, pad TEXT)")
        c.execute("CREATE TABLE log(txn INTEGER PRIMARY KEY)")
        c.execute("CREATE TABLE ballast(b BLOB)")
        c.execute("BEGIN")
        for i in range(2000):
            c.execute("INSERT INTO item VALUES (?, 0, ?)", (i, "p" * 400))
            c.execute("INSERT INTO ballast VALUES (zeroblob(8000))")
        c.execute("COMMIT")
        c.execute("DELETE FROM ballast")
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        """

    /// Writes for up to the second argument's seconds or until the third argument's file exists,
    /// then prints how many transactions it committed.
    private let writer = """
        import os, sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
        c.execute("PRAGMA wal_autocheckpoint=0")
        end = time.time() + float(sys.argv[2])
        n = 0
        print("writing", flush=True)
        while time.time() < end and not os.path.exists(sys.argv[3]):
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO log VALUES (?)", (n + 1,))
            c.execute("UPDATE item SET v = v + 1")
            c.execute("COMMIT")
            n += 1
            c.execute("PRAGMA wal_checkpoint(%s)" % ("TRUNCATE" if n % 2 else "RESTART")).fetchall()
        print("transactions", n, flush=True)
        """

    func testEveryExportDuringCheckpointsIsACommittedState() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try BoundedProcess.runPython(makeStore, [store.path])
        let stop = scratch.root.appendingPathComponent("stop")
        let writing = try BoundedProcess.python(writer, [store.path, "60", stop.path])
        guard writing.waitForOutput("writing", limit: 30) else { return }
        let started = Date()
        var exports = 0
        var states: Set<Int> = []
        while exports < 40 && Date().timeIntervalSince(started) < 25 && writing.isRunning {
            exports += 1
            let outcome = try BoundedProcess.graphexport([store.path], environment: scratch.environment).wait(limit: 60)
            XCTAssertEqual(outcome.status, 0, "export \(exports): \(outcome.standardError)")
            XCTAssertEqual(outcome.standardError, "", "export \(exports)")
            guard outcome.status == 0 else { continue }
            let graph = try XCTUnwrap(
                (try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])?["@graph"]
                    as? [[String: Any]])
            let items = graph.filter { $0["@type"] as? String == "item" }.compactMap { $0["v"] as? Int }
            let committed = graph.filter { $0["@type"] as? String == "log" }.count
            XCTAssertEqual(items.count, 2000, "export \(exports)")
            XCTAssertEqual(Set(items), [committed], "export \(exports): items of one committed transaction")
            states.insert(committed)
        }
        try Data().write(to: stop)
        let finished = writing.wait(limit: 60)
        let transactions =
            Int(finished.text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        print("concurrent writer: \(exports) exports, \(states.count) distinct states, \(transactions) transactions")
        XCTAssertGreaterThanOrEqual(exports, 10)
        XCTAssertGreaterThan(transactions, exports, "the writer kept writing during the exports")
        XCTAssertGreaterThan(states.count, 1, "exports saw the store change")
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }
}
