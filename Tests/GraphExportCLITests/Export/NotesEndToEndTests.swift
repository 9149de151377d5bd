import Foundation
import XCTest

/// The Apple Notes decoder through the built CLI on the shared Notes store: every format carries
/// the same text and Markdown, the schema lists them, `--no-decode notes` and
/// `--raw-transformable` leave them out, and what a selection leaves out is still read for them.
final class NotesEndToEndTests: XCTestCase {
    /// Reads an export (``ExportReadBack``) and prints `{id: [text, markdown]}` of every ICNoteData
    /// object, as JSON.
    private static let readBack =
        ExportReadBack.python + """
            found = {i: [p.get('text'), p.get('markdown')] for i, kind, p in objects if kind == 'ICNoteData'}
            print(json.dumps(found, sort_keys=True))
            """

    /// `{id: [text, markdown]}` of an export in `form` with the `extra` options, which has the
    /// one warning about the password-protected note when the notes are `decoded`.
    private func notes(
        _ form: String, in folder: URL, _ extra: [String] = [], decoded: Bool = true
    ) throws -> [String: [String?]] {
        let export = try CommandRunner.assertSucceeds(
            ["--shape", "flat"] + ExportReadBack.arguments(form) + extra + ["NoteStore.sqlite"], in: folder)
        XCTAssertEqual(
            export.standardError.split(separator: "\n").filter { $0.contains("decoder 'notes'") }.count,
            decoded ? 1 : 0, export.standardError)
        let printed = try Python.run(Self.readBack, arguments: [form], input: export.standardOutput)
        let parsed = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [Any]]
        return try XCTUnwrap(parsed).mapValues { $0.map { $0 as? String } }
    }

    func testEveryFormatCarriesTheSameTextAndMarkdown() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let json = try notes("json", in: folder)
        XCTAssertEqual(json.count, 7)
        XCTAssertEqual(json.values.filter { $0 == [nil, nil] }.count, 1, "the password-protected note")
        let formatted = try XCTUnwrap(
            json.values.first { $0[0]?.hasPrefix("This note has special formatting") ?? false })
        XCTAssertTrue(formatted[1]?.contains("- [ ] Item 1\n- [ ] Item 2\n- [ ] Item 3") ?? false, "\(formatted)")
        XCTAssertTrue(formatted[1]?.contains("| Header 1 | Header 2 |\n| --- | --- |\n| Item 1 | Item 2 |") ?? false)
        XCTAssertTrue(formatted[1]?.contains("<u>**This is bold and underlined.**</u>") ?? false)
        for form in ["jsonl", "yaml", "plist", "xml", "xml-elements"] {
            XCTAssertEqual(try notes(form, in: folder), json, form)
        }
    }

    func testNoDecodeAndRawValuesLeaveTheAttributesOutOfTheExportAndTheSchema() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        for options in [["--no-decode", "notes"], ["--raw-transformable"]] {
            XCTAssertEqual(
                Set(try notes("json", in: folder, options, decoded: false).values.flatMap { $0 }), [nil], "\(options)")
            let schema = try CommandRunner.assertSucceeds(["schema"] + options + ["NoteStore.sqlite"], in: folder)
            XCTAssertFalse(String(decoding: schema.standardOutput, as: UTF8.self).contains("\"markdown\""))
        }
        let schema = try CommandRunner.assertSucceeds(["schema", "NoteStore.sqlite"], in: folder)
        XCTAssertTrue(String(decoding: schema.standardOutput, as: UTF8.self).contains("\"markdown\""))
    }

    func testWhatASelectionLeavesOutIsStillReadForTheDecoder() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let full = try notes("json", in: folder)
        let tables = full.values.compactMap { $0[1] }.filter { $0.contains("| --- |") }
        XCTAssertEqual(tables.count, 1, "the note with a table")
        for options in [
            ["--exclude-attribute", "ICNoteData.data"], ["--exclude-attribute", "ICNoteData.cryptoTag"],
            ["--entity", "ICNoteData"], ["--exclude-attribute", "ICAttachment.mergeableData"],
            ["--exclude-entity", "ICAttachment", "--exclude-entity", "ICInlineAttachment"],
        ] {
            XCTAssertEqual(try notes("json", in: folder, options), full, "\(options)")
        }
        XCTAssertEqual(
            try notes("jsonl", in: folder, ["--attributes", "ICNoteData.text"]), full.mapValues { [$0[0], nil] })
    }

    func testInspectListsTheDecodedAttributesAfterTheirStoredOneAsTheExportWritesThem() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let text = try CommandRunner.assertSucceeds(["inspect", "NoteStore.sqlite"], in: folder)
        XCTAssertTrue(
            text.text.contains(
                """
                    data                        Binary  optional  ZICNOTEDATA.ZDATA
                    text                        String  optional  ZICNOTEDATA.ZDATA                        decoded by notes
                    markdown                    String  optional  ZICNOTEDATA.ZDATA                        decoded by notes

                """), text.text)
        for (options, expected) in [
            ([String](), ["cryptoInitializationVector", "cryptoTag", "data", "text", "markdown"]),
            (
                ["--exclude-attribute", "ICNoteData.data"],
                ["cryptoInitializationVector", "cryptoTag", "text", "markdown"]
            ),
            (["--attributes", "ICNoteData.markdown"], ["markdown"]),
            (["--no-decode", "notes"], ["cryptoInitializationVector", "cryptoTag", "data"]),
            (["--raw-values"], ["cryptoInitializationVector", "cryptoTag", "data"]),
        ] {
            let inspected = try CommandRunner.assertSucceeds(
                ["inspect", "--format", "json"] + options + ["NoteStore.sqlite"], in: folder)
            let attributes = try XCTUnwrap(
                try inspected.inspectedEntity("ICNoteData")["attributes"] as? [[String: Any]])
            XCTAssertEqual(attributes.map { $0["name"] as? String }, expected, "\(options)")
            for attribute in attributes {
                let decoded = ["text", "markdown"].contains(attribute["name"] as? String)
                XCTAssertEqual(attribute["decoder"] as? String, decoded ? "notes" : nil, "\(options) \(attribute)")
                XCTAssertEqual(attribute["column"] as? String, decoded ? "ZDATA" : attribute["column"] as? String)
            }
        }
    }
}
