import Foundation
import Prerequisites
import XCTest

/// `graphexport schema --format sql`: the tables of `-f sqlite` and `-f sql`, in each dialect.
final class SchemaSQLCommandTests: XCTestCase {
    func testTheSQLiteSchemaMakesTheTablesOfTheSQLiteFormat() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let schema = try CommandRunner.assertSucceeds(
            ["schema", "--format", "sql", "--sql-dialect", "sqlite", "NoteStore.sqlite", "--quiet"], in: folder)
        let sqlite3 = try Prerequisite.executable("sqlite3")
        let made = try ProgramRun.run(sqlite3, ["schema.db"], input: schema.standardOutput, in: folder)
        XCTAssertEqual(made.status, 0, made.standardError)
        try CommandRunner.assertSucceeds(["NoteStore.sqlite", "-o", "export.db", "--quiet"], in: folder)
        let query = "SELECT type, name, sql FROM sqlite_schema ORDER BY name"
        let fromSchema = try ProgramRun.run(sqlite3, ["schema.db", query], in: folder)
        let fromExport = try ProgramRun.run(sqlite3, ["export.db", query], in: folder)
        XCTAssertEqual(fromSchema.text, fromExport.text)
        XCTAssertTrue(fromSchema.text.contains("view|ICNote|CREATE VIEW \"ICNote\" AS SELECT"))
    }

    func testANameTheDatabaseChangedIsSaidBesideTheModelsNameInEveryFormOfTheSchema() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let rename = "-- Photo.source is \"Item\".\"source_2\"\n"
        for dialect in ["sqlite", "postgresql"] {
            let schema = try CommandRunner.assertSucceeds(
                [
                    "schema", "--format", "sql", "--sql-dialect", dialect, "-m", "Scrapbook.xcdatamodeld",
                    "Scrapbook.sqlite",
                ],
                in: folder)
            XCTAssertTrue(schema.text.contains(rename), schema.text)
            let script = try CommandRunner.assertSucceeds(
                ["-f", "sql", "--sql-dialect", dialect, "-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"], in: folder)
            XCTAssertTrue(script.text.prefix(1000).contains(rename), dialect)
        }
        let inspect = try CommandRunner.assertSucceeds(
            ["inspect", "-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"], in: folder)
        XCTAssertTrue(
            inspect.text.contains("    source       String      optional  ZITEM.ZSOURCE1\n"),
            "inspect names Photo.source as the model does:\n\(inspect.text)")
    }

    func testThePostgreSQLSchemaIsTheDefaultAndOSqlNamesIt() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let folder = store.deletingLastPathComponent()
        try CommandRunner.assertSucceeds(["schema", "-o", "chinook.sql", store.lastPathComponent], in: folder)
        let text = try String(contentsOf: folder.appendingPathComponent("chinook.sql"), encoding: .utf8)
        XCTAssertTrue(text.contains("CREATE TABLE \"Track\" (\"_pk\" bigint NOT NULL, \"_id\" text NOT NULL, "))
        XCTAssertTrue(text.contains("ALTER TABLE \"Track\" ADD FOREIGN KEY (\"album\") REFERENCES \"Album\" (_pk);"))
        _ = try CommandRunner.assertUsageError(
            ["schema", "--format", "json", "--sql-dialect", "sqlite", store.lastPathComponent],
            "'--sql-dialect' is for --format sql, not json-schema: it is an option of the sql format", in: folder)
    }
}
