import Foundation
import Prerequisites
import XCTest

/// `-f sqlite`, and `-f sql --sql-dialect sqlite` loaded by the sqlite3 shell, on every shared store
/// and Chinook, read back by graphexport as a plain SQLite database: the same objects, values and
/// relationships as the store's own export (``RelationalReadBack``), every foreign key resolving,
/// and nothing else left in the folder.
final class RelationalRoundTripTests: XCTestCase {
    func testEverySharedStoreReadsBackAsItsOwnExport() throws {
        try SharedStores.assertEveryFolderIsListed()
        for (name, folder, store, _, arguments) in try SharedStores.copies(for: self) {
            try assertRoundTrip(arguments, in: folder, label: "\(name)/\(store)")
        }
    }

    func testChinookReadsBackAsItsOwnExport() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        try assertRoundTrip([store.lastPathComponent], in: store.deletingLastPathComponent(), label: "Chinook")
    }

    /// The bundled sample: an inheritance table (photos, notes and clippings), an ordered to-many,
    /// a many-to-many, and a photo whose image is an external file, streamed into its row.
    func testTheScrapbookSampleReadsBackAsItsOwnExport() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        try assertRoundTrip(CommandRunner.scrapbook(in: copy), in: copy, label: "Scrapbook")
    }

    private func assertRoundTrip(_ arguments: [String], in folder: URL, label: String) throws {
        let exported = try CommandRunner.assertSucceeds(
            arguments + ["-f", "jsonl", "--shape", "flat", "--quiet"], in: folder)
        var original: [String: [String: Any]] = [:]
        for line in exported.text.split(separator: "\n").dropFirst() {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            original[try XCTUnwrap(object["@id"] as? String)] = object
        }
        let database = "round-trip.db"
        let before = try FolderListing(folder)
        try CommandRunner.assertSucceeds(arguments + ["-o", database, "--quiet"], in: folder)
        XCTAssertEqual(
            Set(try FolderListing(folder).entries.keys).subtracting(before.entries.keys), [database],
            "\(label): only the database is new")
        try assertReadsBack(database, in: folder, as: original, label: label + " -f sqlite")

        let script = "round-trip.sql"
        let loaded = "loaded.db"
        try CommandRunner.assertSucceeds(
            arguments + ["-f", "sql", "--sql-dialect", "sqlite", "-o", script, "--quiet"], in: folder)
        let load = try ProgramRun.run(
            try Prerequisite.executable("sqlite3"), [loaded],
            input: try Data(contentsOf: folder.appendingPathComponent(script)),
            in: folder)
        XCTAssertEqual(load.status, 0, "\(label): \(load.standardError)")
        XCTAssertEqual(load.standardError, "", label)
        try assertReadsBack(loaded, in: folder, as: original, label: label + " -f sql --sql-dialect sqlite")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(script))
    }

    private func assertReadsBack(
        _ database: String, in folder: URL, as original: [String: [String: Any]], label: String
    )
        throws
    {
        let readBack = try RelationalReadBack(database: database, in: folder)
        XCTAssertEqual(readBack.foreignKeyViolations, 0, label)
        XCTAssertEqual(readBack.differences(from: original).prefix(10), [], label)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(database))
    }
}
