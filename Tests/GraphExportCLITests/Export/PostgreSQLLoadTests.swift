import Foundation
import Prerequisites
import XCTest

/// `-f sql` loaded by `psql -v ON_ERROR_STOP=1` into the private PostgreSQL server that `make test`
/// starts (`Tests/postgresql-server`, its folder in `GRAPHEXPORT_TEST_POSTGRESQL`): every shared
/// store and Chinook load in one transaction with their keys and foreign keys, each entity's
/// objects are its rows, and facts read back by SQL are right.
final class PostgreSQLLoadTests: XCTestCase {
    /// The server's socket folder, or a skip (a failure under CI) when `make test` started none.
    private func server() throws -> String {
        guard let folder = ProcessInfo.processInfo.environment["GRAPHEXPORT_TEST_POSTGRESQL"], !folder.isEmpty else {
            throw Prerequisite.missing("no private PostgreSQL server (make test starts one: Tests/postgresql-server)")
        }
        return folder
    }

    /// Runs `psql` on database `database` of the server with `arguments`; returns its output.
    @discardableResult
    private func psql(_ database: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line)
        throws -> String
    {
        let run = try ProgramRun.run(
            try Prerequisite.executable("psql"),
            ["-h", try server(), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-q", "-A", "-t"]
                + arguments)
        XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
        return run.text
    }

    /// Exports `arguments` (a store in `folder`) as `-f sql`, loads it into a new database and
    /// checks the rows of each entity; returns the database's name.
    private func load(_ arguments: [String], in folder: URL, as database: String) throws -> String {
        _ = try server()
        try psql("postgres", ["-c", "DROP DATABASE IF EXISTS \(database)", "-c", "CREATE DATABASE \(database)"])
        addTeardownBlock { [self] in _ = try? psql("postgres", ["-c", "DROP DATABASE IF EXISTS \(database)"]) }
        let script = folder.appendingPathComponent("\(database).sql").path
        try CommandRunner.assertSucceeds(arguments + ["-f", "sql", "-o", script, "--quiet"], in: folder)
        try psql(database, ["-f", script])

        let exported = try CommandRunner.assertSucceeds(
            arguments + ["-f", "jsonl", "--shape", "flat", "--quiet"], in: folder)
        var objects: [String: Int] = [:]
        for line in exported.text.split(separator: "\n").dropFirst() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            objects[object?["@type"] as? String ?? "", default: 0] += 1
        }
        let tables = try psql(
            database,
            [
                "-c",
                "SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING "
                    + "(table_schema, table_name) WHERE c.column_name = '_entity' AND t.table_type = 'BASE TABLE' "
                    + "AND c.table_schema = 'public'",
            ]
        ).split(separator: "\n")
        let counts = try tables.map { table in
            "SELECT _entity, count(*) FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\" GROUP BY _entity"
        }.flatMap { try psql(database, ["-F", " ", "-c", $0]).split(separator: "\n") }
        var rows: [String: Int] = [:]
        for line in counts {
            let parts = line.split(separator: " ")
            rows[String(parts[0])] = Int(parts[1])
        }
        XCTAssertEqual(rows, objects, "\(arguments.last ?? ""): the rows of each entity are its objects")
        return database
    }

    func testEverySharedStoreLoadsWithItsKeysAndAnEntitysRowsAreItsObjects() throws {
        _ = try server()
        for (index, (name, folder, _, _, arguments)) in try SharedStores.copies(for: self).enumerated() {
            XCTAssertNoThrow(try load(arguments, in: folder, as: "sample\(index)"), name)
        }
    }

    func testANotesFolderAndTextReadBackBySQL() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let database = try load(["NoteStore.sqlite"], in: folder, as: "notes")
        let rows = try psql(
            database,
            [
                "-F", "|", "-c",
                "SELECT f.title, d.text FROM \"ICNote\" n JOIN \"ICFolder\" f ON f._pk = n.folder "
                    + "JOIN \"ICNoteData\" d ON d._pk = n.\"noteData\" WHERE n.title = 'This note is in a subfolder'",
            ])
        XCTAssertEqual(rows, "Subfolder|This note is in a subfolder\n\nIn Folder2/Subfolder\n\n")
    }

    func testTheScriptRecordsTheSelectionAndTheModelsVersionHash() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let folder = store.deletingLastPathComponent()
        let database = try load(
            ["--root", "Artist", "--where", "Name = 'AC/DC'", store.lastPathComponent], in: folder, as: "selected")
        let rows = try psql(
            database,
            ["-F", "|", "-c", "SELECT key, value FROM graphexport_source WHERE key IN ('selection', 'modelHash')"])
        let schema = try CommandRunner.assertSucceeds(
            ["schema", "--format", "sql", store.lastPathComponent], in: folder)
        XCTAssertEqual(
            rows.split(separator: "\n").sorted(),
            ["modelHash|" + SchemaHash.of(schema.standardOutput), "selection|--root Artist --where Name = 'AC/DC'"])
    }

    func testATracksAlbumReadsBackBySQL() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let database = try load([store.lastPathComponent], in: store.deletingLastPathComponent(), as: "chinook")
        let rows = try psql(
            database,
            [
                "-F", "|", "-c",
                "SELECT t.\"Name\", a.\"Title\", r.\"Name\" FROM \"Track\" t JOIN \"Album\" a ON a._pk = t.album "
                    + "JOIN \"Artist\" r ON r._pk = a.artist WHERE t._pk = 1",
            ])
        XCTAssertEqual(rows, "For Those About To Rock (We Salute You)|For Those About To Rock We Salute You|AC/DC\n")
    }
}
