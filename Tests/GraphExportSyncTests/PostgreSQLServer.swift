import Foundation
import GraphExport
import GraphExportSQL
import Prerequisites
import XCTest

/// A database of the private PostgreSQL server `make test` starts (`Tests/postgresql-server`, its
/// socket folder in `GRAPHEXPORT_TEST_POSTGRESQL`), made for one test and dropped after it; and
/// the check that a schema of it holds what loading a fresh `-f sql` export makes.
struct PostgreSQLServer {
    /// The server's socket folder.
    let folder: String
    /// The test's database.
    let database: String

    /// A new database on the server, dropped at the end of `test`; a skip (a failure under CI)
    /// when no server was started.
    init(for test: XCTestCase) throws {
        guard let folder = ProcessInfo.processInfo.environment["GRAPHEXPORT_TEST_POSTGRESQL"], !folder.isEmpty else {
            throw Prerequisite.missing("no private PostgreSQL server (make test starts one: Tests/postgresql-server)")
        }
        self.folder = folder
        database = "sync_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql("CREATE DATABASE \(database)", in: "postgres")
        test.addTeardownBlock { [self] in _ = try? psql("DROP DATABASE IF EXISTS \(database)", in: "postgres") }
    }

    /// Makes a role `name` that logs in with the password `password` alone, for the rest of the
    /// test: a line for it first in the server's `pg_hba.conf` (which otherwise trusts its socket),
    /// taken out again at the end of `test`.
    func requirePassword(role name: String, password: String, for test: XCTestCase) throws {
        let line = "'local all \(name) scram-sha-256'"
        try psql("CREATE ROLE \(name) LOGIN PASSWORD '\(password)'")
        try rewriteAccessRules("SELECT \(line) UNION ALL (SELECT line FROM rules ORDER BY n)")
        test.addTeardownBlock { [self] in
            try? rewriteAccessRules("SELECT line FROM rules WHERE line <> \(line) ORDER BY n")
            _ = try? psql("DROP ROLE IF EXISTS \(name)")
        }
    }

    /// Writes the server's `pg_hba.conf` as the lines `select` gives from `rules` (its lines but
    /// the empty ones, numbered `n`), and makes the server read it again. The lines are read
    /// first: `COPY … TO` empties its file before it runs its query.
    private func rewriteAccessRules(_ select: String) throws {
        let file = try psql("SHOW hba_file", in: "postgres")[0].replacingOccurrences(of: "'", with: "''")
        try psql(
            "CREATE TEMPORARY TABLE rules AS SELECT line, n FROM unnest(string_to_array(pg_read_file('\(file)'), "
                + "E'\\n')) WITH ORDINALITY AS l (line, n) WHERE line <> ''; "
                + "COPY (\(select)) TO '\(file)' WITH (FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01'); "
                + "SELECT pg_reload_conf();", in: "postgres")
    }

    /// The connection URI of the database, over the server's socket.
    var uri: String {
        "postgresql://postgres@/\(database)?host=\(folder)"
    }

    /// The rows `sql` gives in the test's database (or `database`), each row's values joined by `|`.
    @discardableResult
    func psql(_ sql: String, in database: String? = nil, environment: [String: String] = [:]) throws -> [String] {
        let run = try ProgramRun.run(
            try Prerequisite.executable("psql"),
            [
                "-h", folder, "-U", "postgres", "-d", database ?? self.database, "-v", "ON_ERROR_STOP=1", "-q", "-A",
                "-t",
            ]
                + ["-c", sql], environment: environment)
        guard run.status == 0 else { throw DatabaseContents.ReadFailure(description: run.standardError) }
        return run.text.split(separator: "\n").map(String.init)
    }

    /// Fails unless `schema` holds what loading a fresh `-f sql` export of `store` makes: the same
    /// tables and views, each table's rows the same (but `graphexport_source`, whose `exportedAt`
    /// differs, and the sync's own record).
    func assertSchema(
        _ schema: String, equalsExportOf store: SyncFixture, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let script = store.folder.path("fresh.sql")
        try? FileManager.default.removeItem(atPath: script)
        let output = try OutputFile(path: script)
        let traversal = GraphTraversal(source: try store.opened().source, shape: .flat, selection: Selection())
        try traversal.run(into: SQLGraphWriter(sink: output.sink, dialect: .postgresql))
        try output.commit()
        try psql("DROP SCHEMA IF EXISTS fresh CASCADE; CREATE SCHEMA fresh")
        let load = try ProgramRun.run(
            try Prerequisite.executable("psql"),
            ["-h", folder, "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-q", "-f", script],
            environment: ["PGOPTIONS": "-c search_path=fresh"])
        XCTAssertEqual(load.status, 0, load.standardError, file: file, line: line)
        let listing = { (place: String) throws -> [String] in
            try psql(
                "SELECT table_type || ' ' || table_name FROM information_schema.tables WHERE table_schema = '\(place)' "
                    + "AND table_name NOT IN ('graphexport_sync', 'graphexport_source') ORDER BY 1")
        }
        let tables = try listing("fresh")
        XCTAssertEqual(try listing(schema), tables, "\(message): the tables and views differ", file: file, line: line)
        for entry in tables where entry.hasPrefix("BASE TABLE ") {
            let name = "\"" + entry.dropFirst("BASE TABLE ".count).replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let differing = try psql(
                "SELECT (SELECT count(*) FROM (SELECT * FROM \"\(schema)\".\(name) EXCEPT ALL SELECT * FROM fresh.\(name)) a) "
                    + "|| ' ' || (SELECT count(*) FROM (SELECT * FROM fresh.\(name) EXCEPT ALL SELECT * FROM "
                    + "\"\(schema)\".\(name)) b)")
            XCTAssertEqual(
                differing, ["0 0"], "\(message): \(name): rows only in the copy, rows only in the export", file: file,
                line: line)
        }
    }
}
