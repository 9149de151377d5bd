import Foundation
import Prerequisites
import XCTest

/// What `-f sqlite` and `-f sql` record of an export in `graphexport_source` (docs/RELATIONAL.md,
/// *What was exported*), read back by SQL from the database and from the SQLite script loaded by
/// `sqlite3`: the selection as the options chose it, and the model's version hash, the hash of
/// what `schema --format sql` prints for the same model.
final class ExportRecordEndToEndTests: XCTestCase {
    /// Options that choose and shape the rows, given in another order than the record's.
    private let options = [
        "--exclude-attribute", "Photo.caption", "--closure", "--where", "title LIKE 'Summer%'", "--root", "Scrapbook",
        "-m", "Scrapbook.xcdatamodeld",
    ]
    /// The selection the record holds for ``options``.
    private let selection =
        "--model Scrapbook.xcdatamodeld --root Scrapbook --where title LIKE 'Summer%' --closure --exclude-attribute "
        + "Photo.caption"

    /// `graphexport_source` of the database at `path`, as `key|value` lines, but `exportedAt`.
    private func record(_ path: String) throws -> [String] {
        let run = try ProgramRun.run(
            try Prerequisite.executable("sqlite3"),
            [path, "SELECT key, value FROM graphexport_source WHERE key <> 'exportedAt' ORDER BY rowid"])
        XCTAssertEqual(run.status, 0, run.standardError)
        return run.text.split(separator: "\n").map(String.init)
    }

    /// The model's version hash (``SchemaHash``) of `schema --format sql` in `dialect` with the
    /// model options given.
    private func modelHash(dialect: String, in folder: URL) throws -> String {
        let schema = try CommandRunner.assertSucceeds(
            [
                "schema", "--format", "sql", "--sql-dialect", dialect, "-m", "Scrapbook.xcdatamodeld",
                "--exclude-attribute", "Photo.caption", "Scrapbook.sqlite",
            ], in: folder)
        return SchemaHash.of(schema.standardOutput)
    }

    func testTheDatabaseAndBothScriptsRecordTheSelectionAndTheModelsVersionHash() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        try CommandRunner.assertSucceeds(options + ["-f", "sqlite", "-o", "out.db", "Scrapbook.sqlite"], in: folder)
        try CommandRunner.assertSucceeds(
            options + ["-f", "sql", "--sql-dialect", "sqlite", "-o", "out.sql", "Scrapbook.sqlite"], in: folder)
        let loaded = try ProgramRun.run(
            try Prerequisite.executable("sqlite3"), ["-bail", "loaded.db", ".read out.sql"], in: folder)
        XCTAssertEqual(loaded.status, 0, loaded.standardError)
        let sqliteHash = try modelHash(dialect: "sqlite", in: folder)
        for database in ["out.db", "loaded.db"] {
            let rows = try record(folder.appendingPathComponent(database).path)
            XCTAssertEqual(
                rows.filter { $0.hasPrefix("modelHash|") || $0.hasPrefix("selection|") },
                ["modelHash|" + sqliteHash, "selection|" + selection], database)
            XCTAssertEqual(rows.first?.hasPrefix("generator|graphexport "), true, database)
        }

        let postgreSQL = try CommandRunner.assertSucceeds(options + ["-f", "sql", "Scrapbook.sqlite"], in: folder)
        XCTAssertTrue(
            postgreSQL.text.contains(
                "('modelHash', '\(try modelHash(dialect: "postgresql", in: folder))'),\n('selection', "
                    + "'\(selection.replacingOccurrences(of: "'", with: "''"))'),"),
            postgreSQL.text.prefix(4000).description)
        XCTAssertNotEqual(try modelHash(dialect: "postgresql", in: folder), sqliteHash)
    }

    func testAnExportOfEverythingRecordsOnlyTheModelGiven() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        try CommandRunner.assertSucceeds(
            ["-m", "Scrapbook.xcdatamodeld", "-f", "sqlite", "-o", "out.db", "Scrapbook.sqlite"], in: folder)
        XCTAssertEqual(
            try record(folder.appendingPathComponent("out.db").path).filter { $0.hasPrefix("selection|") },
            ["selection|--model Scrapbook.xcdatamodeld"], "the model chose the names and types of the rows")
    }
}
