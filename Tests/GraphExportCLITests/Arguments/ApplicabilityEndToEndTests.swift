import Foundation
import Prerequisites
import XCTest

/// Where each option applies, end to end with the built binary: formats that keep no nesting
/// refuse the options of nesting and are written flat, `-o` names that do not say the format
/// written are said so, `-o` onto the store is refused before anything else, options every store
/// command takes stand before the command word, `inspect` and `schema` resolve `--nest` as the
/// export does, `schema -f json` is the JSON Schema, and options for the other kind of store are
/// refused once the store is open.
final class ApplicabilityEndToEndTests: XCTestCase {

    func testFormatsWithoutNestingRefuseTheOptionsOfNesting() throws {
        let flatOnly = "which keeps no nesting: it is written in the flat shape"
        let cases: [([String], String)] = [
            (["-f", "jsonl", "--depth", "3"], "'--depth' does not apply to the jsonl format, \(flatOnly)"),
            (["-f", "jsonl", "--nest", "Page.items"], "'--nest' does not apply to the jsonl format, \(flatOnly)"),
            (["-f", "jsonl", "--shape", "tree"], "'--shape tree' does not apply to the jsonl format, \(flatOnly)"),
            (
                ["-o", "out.graphml", "--no-nest", "Page.items"],
                "'--no-nest' does not apply to the graphml format, \(flatOnly)"
            ),
            (
                ["-f", "jsonl", "--shape", "flat", "--depth", "3"],
                "'--depth' does not apply with --shape flat: in that shape no object nests in another"
            ),
        ]
        for (options, message) in cases {
            try CommandRunner.assertUsageError(options + CommandRunner.scrapbook, message)
        }
    }

    func testFormatsWithoutNestingAreWrittenFlat() throws {
        let lines = try CommandRunner.assertSucceeds(["-f", "jsonl"] + CommandRunner.scrapbook)
        let objects = try lines.standardOutput.split(separator: UInt8(ascii: "\n")).map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        let header = try XCTUnwrap(objects.first?["@source"] as? [String: Any])
        XCTAssertEqual(header["shape"] as? String, "flat")
        let types = objects.dropFirst().compactMap { $0["@type"] as? String }
        XCTAssertEqual(types.count, 35)
        XCTAssertEqual(
            types, types.sorted { types.firstIndex(of: $0)! < types.firstIndex(of: $1)! }, "grouped by entity")
        XCTAssertEqual(
            try CommandRunner.run(["-f", "jsonl", "--shape", "flat"] + CommandRunner.scrapbook).standardOutput,
            lines.standardOutput)
        let graph = try CommandRunner.assertSucceeds(["-f", "graphml"] + CommandRunner.scrapbook)
        XCTAssertTrue(graph.text.contains(">flat</data>"), "the header's shape")
        let help = try CommandRunner.run(["--help"]).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("tree: Formats json, xml, yaml, plist and plugins only."), "the table says where")
    }

    func testAnOutputNameThatNamesAnotherFormatIsAWarningAndAGzipWithoutOneANote() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let arguments = ["-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"]
        let yaml = try CommandRunner.assertSucceeds(["-f", "yaml", "-o", "b.json"] + arguments, in: folder)
        XCTAssertEqual(
            yaml.standardError,
            "graphexport: warning: -o b.json: '.json' names the json format, but the output is in the yaml format, "
                + "as --format yaml asks\n")
        let written = try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("\"@source\":"), "YAML, as asked: \(written.prefix(40))")
        let strict = try CommandRunner.run(["--strict", "-f", "yaml", "-o", "c.json"] + arguments, in: folder)
        XCTAssertEqual(strict.status, 1, "a warning, so --strict fails")
        XCTAssertEqual(try CommandRunner.run(["-f", "json", "-o", "d.json"] + arguments, in: folder).standardError, "")

        let gzip = try CommandRunner.assertSucceeds(["-o", "a.gz"] + arguments, in: folder)
        XCTAssertEqual(
            gzip.standardError,
            "graphexport: note: -o a.gz: no extension before .gz names a format, so the output is gzip-compressed "
                + "json; add --format to choose another\n")
        let compressed = try Data(contentsOf: folder.appendingPathComponent("a.gz"))
        XCTAssertEqual(Array(compressed.prefix(2)), [0x1F, 0x8B])
        XCTAssertEqual(try CommandRunner.run(["-q", "-o", "e.gz"] + arguments, in: folder).standardError, "")
        try CommandRunner.assertSucceeds(["--strict", "-o", "f.gz"] + arguments, in: folder)  // a note is no warning
    }

    func testOutputOntoTheStoreIsRefusedBeforeAnythingElseIsSaid() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let before = try FolderListing(folder)
        let result = try CommandRunner.assertFails(
            ["-m", "Scrapbook.xcdatamodeld", "-o", "Scrapbook.sqlite", "Scrapbook.sqlite"], status: 1,
            beginning: "graphexport: error: ", saying: "would overwrite the store", in: folder)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertEqual(try FolderListing(folder), before)
    }

    func testOptionsEveryStoreCommandTakesStandBeforeTheCommandWord() throws {
        let notes = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        for arguments in [
            ["-q", "inspect", "NoteStore.sqlite"], ["inspect", "-q", "NoteStore.sqlite"],
            ["--verbose", "inspect", "NoteStore.sqlite"], ["-q", "schema", "NoteStore.sqlite"],
        ] {
            let result = try CommandRunner.assertSucceeds(arguments, in: notes)
            XCTAssertEqual(result.standardError, "", "\(arguments)")
        }
        XCTAssertEqual(
            try CommandRunner.run(["-q", "inspect", "NoteStore.sqlite"], in: notes).standardOutput,
            try CommandRunner.run(["inspect", "NoteStore.sqlite"], in: notes).standardOutput)
        try CommandRunner.assertUsageError(
            ["--progress", "inspect", "NoteStore.sqlite"], "'--progress' is not an option of 'graphexport inspect'",
            in: notes)
    }

    func testInspectAndSchemaResolveNestingAsTheExportDoes() throws {
        let notes = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        func folderNotes(_ options: [String]) throws -> (tree: String?, owners: [String]?) {
            let result = try CommandRunner.assertSucceeds(
                ["inspect", "-f", "json"] + options + ["NoteStore.sqlite"], in: notes)
            let relationships = try result.inspectedEntity("ICFolder")["relationships"] as? [[String: Any]]
            return (
                relationships?.first { $0["name"] as? String == "notes" }?["tree"] as? String,
                try result.inspectedEntity("ICNote")["owners"] as? [String]
            )
        }
        XCTAssertEqual(try folderNotes([]).tree, "nest")
        XCTAssertEqual(try folderNotes(["--nest", "ICFolder.notes"]).tree, "nest")
        let referenced = try folderNotes(["--no-nest", "ICFolder.notes"])
        XCTAssertEqual(referenced.tree, "reference")
        XCTAssertEqual(referenced.owners, ["account"], "a note no longer nests under its folder")
        try CommandRunner.assertSucceeds(["inspect", "--nest", "ICFolder.notes", "NoteStore.sqlite"], in: notes)
        // The export takes the same name.
        try CommandRunner.assertSucceeds(
            ["--no-nest", "ICFolder.notes", "-o", "notes.json", "NoteStore.sqlite"], in: notes)
        try CommandRunner.assertUsageError(
            ["inspect", "--nest", "ICFolder.note", "NoteStore.sqlite"],
            "entity 'ICFolder' has no relationship 'note'; did you mean 'notes'? (relationships: account, children, "
                + "notes, parent, cloudState, owner)", in: notes)

        let flatNotes = try CommandRunner.assertSucceeds(
            ["schema", "-f", "mermaid", "--no-nest", "ICFolder.notes", "NoteStore.sqlite"], in: notes)
        let nested = try CommandRunner.run(["schema", "-f", "mermaid", "NoteStore.sqlite"], in: notes)
        XCTAssertNotEqual(flatNotes.standardOutput, nested.standardOutput, "the schema follows --no-nest")
    }

    func testSchemaFormatJSONIsTheJSONSchema() throws {
        let named = try CommandRunner.assertSucceeds(["schema", "-f", "json"] + CommandRunner.scrapbook)
        XCTAssertEqual(
            named.standardOutput,
            try CommandRunner.run(["schema", "-f", "json-schema"] + CommandRunner.scrapbook).standardOutput)
        XCTAssertEqual(
            named.standardOutput,
            try CommandRunner.run(["schema", "-f", "JSON"] + CommandRunner.scrapbook).standardOutput)
        XCTAssertTrue(named.text.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
    }

    func testOptionsForCoreDataStoresAreRefusedForAPlainSQLiteDatabaseOnceItIsOpen() throws {
        let chinook = try CommandRunner.copyOfChinook(for: self)
        let folder = chinook.deletingLastPathComponent()
        try CommandRunner.assertUsageError(
            ["--include-history", "Chinook.sqlite"],
            "'--include-history' applies to Core Data stores, and Chinook.sqlite is a plain SQLite database", in: folder
        )
        // --raw-transformable is the old name of --raw-values, which plain databases take too.
        let alias = try CommandRunner.assertSucceeds(
            ["--raw-transformable", "-o", "chinook.yaml", "Chinook.sqlite"], in: folder)
        XCTAssertEqual(
            alias.standardError,
            "graphexport: warning: --raw-transformable is now called --raw-values; the old name keeps working\n")
    }
}
