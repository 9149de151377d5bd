import Foundation
import Prerequisites
import XCTest

/// `graphexport sync` run as its users run it, with the built command (docs/SYNC.md): a copy of the
/// SwiftData sample store synced into a SQLite file, changed the way Core Data saves (rows and
/// history rows), and synced again; the line each run prints, `--dry-run`, `--format json`,
/// `--full`, `--repair`, and the exit statuses: 2 for a target another program holds locked past
/// `--busy-timeout`, 1 for a table changed by hand, 64 for a usage error.
final class SyncCommandTests: XCTestCase {
    /// The SwiftData sample's UUID and its last history token.
    private let uuid = "1D070E6D-145B-4367-8928-974368B60AC7"
    private var token: String { uuid + ":38" }

    /// One save of the app (SwiftData's Item is entity 3): an item inserted, with its history rows.
    private let insertItem = """
        BEGIN;
        INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (13, 3, 1, 'Iron Ore');
        UPDATE Z_PRIMARYKEY SET Z_MAX = 13 WHERE Z_NAME = 'Item';
        INSERT INTO ATRANSACTION (Z_PK, Z_ENT, ZTIMESTAMP)
            SELECT Z_MAX + 1, Z_ENT, 744000000 FROM Z_PRIMARYKEY WHERE Z_NAME = 'TRANSACTION';
        UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'TRANSACTION';
        INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID)
            SELECT c.Z_MAX + 1, c.Z_ENT, 0, 3, 13, t.Z_MAX
            FROM Z_PRIMARYKEY c, Z_PRIMARYKEY t WHERE c.Z_NAME = 'CHANGE' AND t.Z_NAME = 'TRANSACTION';
        UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'CHANGE';
        COMMIT;
        """

    func testEachRunSaysWhatItDidInOneLineAndADryRunWritesNothing() throws {
        let scratch = try InputScratch(for: self)
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let first = try sync(["default.store", "copy.db"], in: folder, environment: scratch.environment)
        XCTAssertEqual(
            first.errorLines,
            ["graphexport: note: synced copy.db: 16 inserted, 0 updated, 0 deleted (first sync); token \(token)"])
        XCTAssertEqual(first.standardOutput, Data())
        try change(folder.appendingPathComponent("default.store"), insertItem)
        let copy = folder.appendingPathComponent("copy.db")
        let before = try Data(contentsOf: copy)
        let dryRun = try sync(["--dry-run", "default.store", "copy.db"], in: folder, environment: scratch.environment)
        XCTAssertEqual(
            dryRun.errorLines,
            [
                "graphexport: note: synced copy.db: would insert 1, update 0, delete 0 (delta, --dry-run: nothing "
                    + "written); token \(uuid):39"
            ])
        XCTAssertEqual(try Data(contentsOf: copy), before, "a dry run wrote the copy")
        let delta = try sync(["default.store", "copy.db"], in: folder, environment: scratch.environment)
        XCTAssertEqual(
            delta.errorLines,
            ["graphexport: note: synced copy.db: 1 inserted, 0 updated, 0 deleted (delta); token \(uuid):39"])
        XCTAssertEqual(try rows("SELECT name FROM Item WHERE _pk = 13", in: copy), ["Iron Ore"])
        let again = try sync(["default.store", "copy.db"], in: folder, environment: scratch.environment)
        XCTAssertEqual(
            again.errorLines,
            ["graphexport: note: synced copy.db: 0 inserted, 0 updated, 0 deleted (already current); token \(uuid):39"])
        XCTAssertEqual(try scratch.leftInTemporary(), [], "the staged rows were left behind")
        XCTAssertEqual(try sync(["--quiet", "default.store", "copy.db"], in: folder).errorLines, [])
    }

    func testFormatJSONPrintsOneObjectOnStandardOutput() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let run = try sync(["--format", "json", "default.store", "copy.db"], in: folder)
        XCTAssertEqual(run.errorLines, [])
        XCTAssertEqual(String(decoding: run.standardOutput, as: UTF8.self).filter { $0 == "\n" }.count, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        XCTAssertEqual(object["syncVersion"] as? Int, 1)
        XCTAssertEqual(object["target"] as? String, "copy.db")
        XCTAssertEqual(object["mode"] as? String, "first")
        XCTAssertTrue(object["reason"] is NSNull)
        XCTAssertEqual(object["dryRun"] as? Bool, false)
        XCTAssertEqual(object["inserted"] as? Int, 16)
        XCTAssertEqual(object["updated"] as? Int, 0)
        XCTAssertEqual(object["deleted"] as? Int, 0)
        XCTAssertEqual(object["historyToken"] as? String, token)
        XCTAssertEqual(object["storeUUID"] as? String, uuid)
    }

    func testFullRebuildsAndRepairPutsBackRowsEditedByHand() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let copy = folder.appendingPathComponent("copy.db")
        try sync(["default.store", "copy.db"], in: folder)
        try change(copy, "UPDATE Item SET name = 'edited' WHERE _pk = 1; DELETE FROM Item WHERE _pk = 7;")
        // A delta reads what changed in the store, not in the copy: the edit stays.
        try sync(["default.store", "copy.db"], in: folder)
        XCTAssertEqual(try rows("SELECT name FROM Item WHERE _pk = 1", in: copy), ["edited"])
        let repair = try sync(["--repair", "default.store", "copy.db"], in: folder)
        XCTAssertEqual(
            repair.errorLines,
            [
                "graphexport: note: copy.db: --repair compares the whole copy with the store",
                "graphexport: note: synced copy.db: 1 inserted, 1 updated, 0 deleted (comparison); token \(token)",
            ])
        XCTAssertEqual(
            try rows("SELECT name FROM Item WHERE _pk IN (1, 7) ORDER BY _pk", in: copy), ["Stone Axe", "Wooden Chest"])
        try change(copy, "UPDATE Item SET name = 'edited' WHERE _pk = 1;")
        let full = try sync(["--full", "default.store", "copy.db"], in: folder)
        XCTAssertEqual(
            full.errorLines,
            [
                "graphexport: note: copy.db: --full rebuilds the tables",
                "graphexport: note: synced copy.db: 16 inserted, 0 updated, 0 deleted (rebuild); token \(token)",
            ])
        XCTAssertEqual(try rows("SELECT name FROM Item WHERE _pk = 1", in: copy), ["Stone Axe"])
    }

    func testATargetLockedPastTheBusyTimeoutIsExitStatus2AndNothingIsWritten() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let copy = folder.appendingPathComponent("copy.db")
        try sync(["default.store", "copy.db"], in: folder)
        try change(folder.appendingPathComponent("default.store"), insertItem)
        let holder = try BoundedProcess.python(
            """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(30)
            """, [copy.path])
        guard holder.waitForOutput("locked", limit: 30) else { return }
        let run = try BoundedProcess.graphexport(
            ["sync", "--busy-timeout", "0.5", folder.appendingPathComponent("default.store").path, copy.path]
        ).wait(limit: 30)
        holder.send(SIGKILL)
        _ = holder.wait(limit: 30)
        XCTAssertEqual(run.status, 2, run.standardError)
        XCTAssertEqual(
            run.errorLines,
            [
                "graphexport: error: \(copy.path): another sync or program holds the target's lock (waited 500 ms; "
                    + "--busy-timeout waits longer); nothing was written"
            ])
        XCTAssertEqual(try rows("SELECT count(*) FROM Item WHERE _pk = 13", in: copy), ["0"])
    }

    func testTwoSyncsIntoOneTargetAtOnceBothComplete() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store("store.db").path
        let copy = scratch.output.appendingPathComponent("copy.db").path
        let create = try ProgramRun.run(
            try Prerequisite.executable("sqlite3"),
            [
                store,
                """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id), value TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
                    INSERT INTO parent SELECT i, 'parent ' || i FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                    INSERT INTO child SELECT i, 1 + i % 4000, 'value ' || i FROM n;
                """,
            ])
        XCTAssertEqual(create.status, 0, create.standardError)
        let runs = try (0..<2).map { _ in
            try BoundedProcess.graphexport(
                ["sync", "--busy-timeout", "60", store, copy], environment: scratch.environment)
        }
        let outcomes = runs.map { $0.wait(limit: 120) }
        XCTAssertEqual(outcomes.map(\.status), [0, 0], outcomes.map(\.standardError).joined())
        let lines = outcomes.flatMap(\.errorLines).filter { $0.hasPrefix("graphexport: note: synced") }
        XCTAssertEqual(
            lines.filter { $0.contains("24000 inserted, 0 updated, 0 deleted (first sync)") }.count, 1, "\(lines)")
        XCTAssertEqual(
            lines.filter { $0.contains(": 0 inserted, 0 updated, 0 deleted (comparison)") }.count, 1, "\(lines)")
        XCTAssertEqual(try rows("SELECT count(*) FROM child", in: URL(fileURLWithPath: copy)), ["20000"])
        XCTAssertEqual(try scratch.leftInTemporary(), [])
    }

    func testATableChangedByHandIsExitStatus1NamingIt() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let copy = folder.appendingPathComponent("copy.db")
        try sync(["default.store", "copy.db"], in: folder)
        try change(copy, "DROP INDEX Item_craftingRecipe_idx; ALTER TABLE Item DROP COLUMN craftingRecipe;")
        try change(folder.appendingPathComponent("default.store"), insertItem)
        let run = try CommandRunner.assertFails(["sync", "default.store", "copy.db"], status: 1, in: folder)
        XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        XCTAssertTrue(
            run.standardError.hasPrefix(
                "graphexport: error: copy.db: the table \"Item\" was changed since the last sync"),
            run.standardError)
        XCTAssertEqual(try rows("SELECT count(*) FROM Item WHERE _pk = 13", in: copy), ["0"])
    }

    func testIntoASchemaOfAPostgreSQLServer() throws {
        guard let server = ProcessInfo.processInfo.environment["GRAPHEXPORT_TEST_POSTGRESQL"], !server.isEmpty else {
            throw Prerequisite.missing("no private PostgreSQL server (make test starts one: Tests/postgresql-server)")
        }
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        // The server's own database, a schema of this test's, dropped at its end.
        let schema = "sync_command_\(getpid())"
        let uri = "postgresql://postgres@/postgres?host=\(server)"
        addTeardownBlock {
            _ = try? ProgramRun.run(
                try Prerequisite.executable("psql"),
                [
                    "-h", server, "-U", "postgres", "-d", "postgres", "-q", "-c",
                    "DROP SCHEMA IF EXISTS \(schema) CASCADE",
                ])
        }
        let first = try sync(["--target-schema", schema, "--format", "json", "default.store", uri], in: folder)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: first.standardOutput) as? [String: Any])
        XCTAssertEqual(object["target"] as? String, "\(uri) (schema \(schema))")
        XCTAssertEqual(object["mode"] as? String, "first")
        XCTAssertEqual(object["inserted"] as? Int, 16)
        try change(folder.appendingPathComponent("default.store"), insertItem)
        let delta = try sync(["--target-schema", schema, "default.store", uri], in: folder)
        XCTAssertEqual(
            delta.errorLines,
            [
                "graphexport: note: synced \(uri) (schema \(schema)): 1 inserted, 0 updated, 0 deleted (delta); token "
                    + "\(uuid):39"
            ])
    }

    func testAServerThatRefusesIsOneLineWithLibpqsReasonAndExitStatus2() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        // A socket's path is short: a folder of /tmp where no server listens.
        var template = Array("/tmp/graphexport-no-server-XXXXXX".utf8CString)
        let nowhere = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
        addTeardownBlock { try? FileManager.default.removeItem(atPath: nowhere) }
        let run = try CommandRunner.assertFails(
            ["sync", "default.store", "postgresql://sync:secret@/copies?host=\(nowhere)"], status: 2, in: folder)
        XCTAssertEqual(
            run.errorLines,
            [
                "graphexport: error: postgresql://sync:***@/copies?host=\(nowhere): cannot connect: connection to "
                    + "server on socket \"\(nowhere)/.s.PGSQL.5432\" failed: No such file or directory; Is the server "
                    + "running locally and accepting connections on that socket?"
            ])
        XCTAssertEqual(run.standardOutput, Data())
    }

    func testATargetThatIsTheStoreIsRefusedAndTheStoreLeftAsItWas() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let before = try snapshot(folder)
        for target in ["default.store", "./default.store-wal"] {
            let run = try CommandRunner.assertFails(["sync", "default.store", target], status: 1, in: folder)
            XCTAssertEqual(run.errorLines.count, 1, run.standardError)
            XCTAssertTrue(run.standardError.contains("which the sync reads; give another target"), run.standardError)
        }
        XCTAssertEqual(try snapshot(folder), before, "the store was written")
    }

    func testUsageErrors() throws {
        try CommandRunner.assertUsageError(
            ["sync", "store.sqlite"],
            "sync copies a store into a target: give the store, then the target (a SQLite file or a postgresql:// URI)")
        try CommandRunner.assertUsageError(
            ["sync", "--target-schema", "phone", "store.sqlite", "copy.db"],
            "'--target-schema' names a schema of a PostgreSQL target, and 'copy.db' is a SQLite file")
        try CommandRunner.assertUsageError(
            ["sync", "--full", "--repair", "store.sqlite", "copy.db"],
            "'--full' rebuilds the tables and '--repair' compares them: give one of them")
        try CommandRunner.assertUsageError(
            ["sync", "--format", "xml", "store.sqlite", "copy.db"], "unknown sync format 'xml' (values: text, json)")
        try CommandRunner.assertUsageError(
            ["sync", "-o", "out.json", "store.sqlite", "copy.db"],
            "'--output' is not an option of 'graphexport sync'")
    }

    /// Every file of `folder` with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// Runs `graphexport sync` with `arguments` in `folder`, expecting it to succeed.
    @discardableResult
    private func sync(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws
        -> ProgramRun
    {
        try CommandRunner.assertSucceeds(["sync"] + arguments, in: folder, environment: environment)
    }

    /// Runs `sql` on the SQLite database `path` (the store, or the copy) with the sqlite3 shell.
    private func change(_ path: URL, _ sql: String) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", path.path, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
    }

    /// The rows of `sql` in the SQLite database `path`, one line each.
    private func rows(_ sql: String, in path: URL) throws -> [String] {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), [path.path, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
        return run.text.split(separator: "\n").map(String.init)
    }
}

extension ProgramRun {
    /// The lines of standard error, without empty ones.
    fileprivate var errorLines: [String] {
        standardError.split(separator: "\n").map(String.init)
    }
}
