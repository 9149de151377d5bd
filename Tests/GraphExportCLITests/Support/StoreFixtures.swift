import Foundation
import Prerequisites
import XCTest

/// Stores for the input tests, written by Python's sqlite3 module: another process, as an app is.
enum StoreFixtures {
    /// Rows per transaction in ``wal(at:batches:pageSize:)``.
    static let rowsPerBatch = 100

    /// A plain database in rollback-journal mode: `t(id INTEGER PRIMARY KEY, v TEXT)` with `rows`
    /// rows of about 200 bytes, 30 pages of 4 096 bytes for 500 rows.
    static func plain(at url: URL, rows: Int = 500) throws {
        try BoundedProcess.runPython(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
            c.executemany("INSERT INTO t(v) VALUES (?)", [("row %d " % i + "x" * 200,) for i in range(int(sys.argv[2]))])
            c.commit()
            """, [url.path, String(rows)])
    }

    /// A database in WAL mode: the empty table is checkpointed into the store, then `batches`
    /// transactions of ``rowsPerBatch`` rows each go to the log, all of them only in the log unless
    /// `checkpointAfter` says after how many the log is checkpointed (the next transaction then
    /// restarts the log from its start, over frames of the earlier ones). The files are copied
    /// while the writer still has them open, as an app leaves them (the last connection to close
    /// would checkpoint the log and delete it).
    static func wal(at url: URL, batches: Int = 5, pageSize: Int = 4096, checkpointAfter: Int = -1) throws {
        try BoundedProcess.runPython(
            """
            import os, shutil, sqlite3, sys, tempfile
            target, batches, page_size, per_batch, checkpoint_after = sys.argv[1], *map(int, sys.argv[2:6])
            with tempfile.TemporaryDirectory() as folder:
                source = os.path.join(folder, "writer.sqlite")
                c = sqlite3.connect(source, isolation_level=None)
                c.execute("PRAGMA page_size=%d" % page_size)
                c.execute("PRAGMA journal_mode=WAL")
                c.execute("PRAGMA wal_autocheckpoint=0")
                c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
                c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                for batch in range(batches):
                    c.execute("BEGIN")
                    for i in range(per_batch):
                        c.execute("INSERT INTO t(v) VALUES (?)", ("batch %d row %d " % (batch, i) + "x" * 100,))
                    c.execute("COMMIT")
                    if batch + 1 == checkpoint_after:
                        c.execute("PRAGMA wal_checkpoint(PASSIVE)")
                shutil.copyfile(source, target)
                shutil.copyfile(source + "-wal", target + "-wal")
                c.close()
            """, [url.path, String(batches), String(pageSize), String(rowsPerBatch), String(checkpointAfter)])
    }

    /// A database in rollback-journal mode left by a writer that died in mid-transaction: 2 000
    /// rows of `t(id, v)` whose `v` starts with `before`, and a hot `-journal` of the transaction
    /// that set every `v` to `after`, some of whose pages were already written into the store (a
    /// 5-page cache spills them). The process ends without closing the connection, as if killed.
    static func hotJournal(at url: URL) throws {
        try BoundedProcess.runPython(
            """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("PRAGMA journal_mode=DELETE")
            c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
            c.execute("BEGIN")
            c.executemany("INSERT INTO t(v) VALUES (?)", [("before %d " % i + "x" * 200,) for i in range(2000)])
            c.execute("COMMIT")
            c.execute("PRAGMA cache_size=5")
            c.execute("BEGIN")
            c.execute("UPDATE t SET v = 'after'")
            os._exit(0)
            """, [url.path])
    }

    /// The values of `t.v` in a JSON export of a plain database, in id order.
    static func values(inExport data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object", file: file, line: line)
        let graph = try XCTUnwrap(document["@graph"] as? [[String: Any]], "no @graph", file: file, line: line)
        return graph.filter { $0["@type"] as? String == "t" }.compactMap { $0["v"] as? String }
    }
}

/// A folder for one test, removed at its end: the store's folder, an output folder and the
/// `TMPDIR` given to graphexport.
struct InputScratch {
    let root: URL
    /// Where the store and its side files are.
    let source: URL
    /// Where `-o` writes.
    let output: URL
    /// The `TMPDIR` of the process.
    let temporary: URL

    init(for test: XCTestCase) throws {
        root = try ScratchFolder(for: test).url
        source = root.appendingPathComponent("source")
        output = root.appendingPathComponent("output")
        temporary = root.appendingPathComponent("tmp")
        for folder in [source, output, temporary] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// A path in the store's folder.
    func store(_ name: String = "store.sqlite") -> URL {
        source.appendingPathComponent(name)
    }

    /// The environment that points graphexport's `TMPDIR` at ``temporary``.
    var environment: [String: String] { ["TMPDIR": temporary.path] }

    /// What is left in ``temporary``.
    func leftInTemporary() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: temporary.path)
    }
}
