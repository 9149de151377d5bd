import Foundation
import Prerequisites
import XCTest

/// `graphexport schema`, end to end with the built binary: the JSON and XML exports of the
/// Scrapbook sample, of Chinook and of every shared Core Data sample validate against the schemas
/// the command writes for them, in both shapes (and both XML styles), checked with Python's
/// `jsonschema` and `xmllint --schema` (and each JSON export's references resolve, which JSON
/// Schema cannot say); `dot -Tsvg` renders the DOT; the Mermaid text is the
/// guide's (docs/GUIDE.md); and the command's usage errors name what is wrong.
final class SchemaCommandTests: XCTestCase {
    func testScrapbookExportsValidateAgainstTheirSchemas() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        try assertExportsValidate(["--model", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"], in: folder)
    }

    func testChinookExportsValidateAgainstTheirSchemas() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        try assertExportsValidate([store.lastPathComponent], in: store.deletingLastPathComponent())
    }

    func testEverySharedCoreDataSampleExportsValidateAgainstTheirSchemas() throws {
        try SharedStores.assertEveryFolderIsListed()
        for (_, folder, store, _, arguments) in try SharedStores.copies(for: self) {
            // The three larger wibosco stores are checked in the tree shape and the attribute style
            // only, to keep the test quick in debug builds (the WAL store gets every check).
            let large = store.hasPrefix("CoreDataMigration_Example_") && !store.contains("WAL")
            try assertExportsValidate(
                arguments, in: folder, name: store,
                shapes: large ? ["tree"] : ["tree", "flat"],
                styles: large ? ["attributes"] : ["attributes", "elements"])
        }
    }

    /// Apple Notes' one Transformable, an archived dictionary: with `--raw-values` export
    /// and schema have it as base64; a decoded export (a map) does not fit that schema, which is
    /// why the default schema types a Transformable as any value.
    func testRawValuesExportsValidateAgainstTheirSchemasAndDecodedOnesDoNot() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        try assertExportsValidate(
            ["--raw-values", "NoteStore.sqlite"], in: folder, name: "raw", shapes: ["flat"])
        for (schemaFormat, exportFormat) in [("json-schema", "json"), ("xsd", "xml")] {
            let schema = folder.appendingPathComponent("raw.schema")
            let export = folder.appendingPathComponent("decoded.export")
            try CommandRunner.assertSucceeds(
                [
                    "schema", "--raw-values", "--shape", "flat", "-f", schemaFormat, "-o", schema.path,
                    "NoteStore.sqlite",
                ],
                in: folder)
            try CommandRunner.assertSucceeds(
                ["--shape", "flat", "-f", exportFormat, "-o", export.path, "NoteStore.sqlite"], in: folder)
            let errors = try schemaErrors(exportFormat, schema: schema, export: export)
            XCTAssertFalse(errors.isEmpty, "the decoded map fits the base64 type of \(schemaFormat)")
        }
    }

    /// With `--blobs` the export holds paths where the base64 was: `schema --blobs` describes that
    /// export (and leaves the folder alone), the plain schema does not fit it.
    func testBlobsExportsValidateAgainstTheSchemaOfBlobs() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let store = ["--model", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"]
        for (schemaFormat, exportFormat, suffix) in [("json-schema", "json", "json"), ("xsd", "xml", "xml")] {
            let schema = folder.appendingPathComponent("blobs.\(suffix).schema")
            let plainSchema = folder.appendingPathComponent("plain.\(suffix).schema")
            let export = folder.appendingPathComponent("export.\(suffix)")
            try CommandRunner.assertSucceeds(
                ["schema", "-f", schemaFormat, "--blobs", "never-made", "-o", schema.path] + store, in: folder)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("never-made").path))
            try CommandRunner.assertSucceeds(
                ["schema", "-f", schemaFormat, "-o", plainSchema.path] + store, in: folder)
            try CommandRunner.assertSucceeds(
                ["-f", exportFormat, "--blobs", "files-\(suffix)", "-o", export.path] + store, in: folder)
            XCTAssertEqual(try schemaErrors(suffix, schema: schema, export: export), [], suffix)
            XCTAssertFalse(
                try schemaErrors(suffix, schema: plainSchema, export: export).isEmpty, "\(suffix): a path is no base64")
        }
    }

    func testAwkwardPlainSQLiteDatabaseExportsValidateAgainstTheirSchemas() throws {
        // Names every format must escape, values of every storage class in columns declared
        // otherwise, text XML cannot hold, an infinity, and a STRICT table.
        let folder = try ScratchDatabase.make(
            "awkward.sqlite",
            sql: """
                CREATE TABLE "my table" ("@id" INTEGER PRIMARY KEY, "my column" TEXT NOT NULL, "_xA" DATE,
                    "a:b" BLOB, "xmlns" NUMERIC, "@type" BOOLEAN);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES "my table"("@id")
                    ON DELETE CASCADE, "x""y" REAL, "é" INTEGER);
                CREATE TABLE s (k INTEGER PRIMARY KEY, v TEXT) STRICT;
                INSERT INTO "my table" VALUES (1, 'tab' || char(9) || char(1), '2024-01-01 10:00', x'00ff', 'abc', 2);
                INSERT INTO "my table" VALUES (2, '', 12.5, 'text in a blob column', 1.5, NULL);
                INSERT INTO child VALUES (1, 1, 1e308 * 10, 'text'), (2, NULL, -0.0, 5);
                INSERT INTO s VALUES (1, 'x');
                """, for: self)
        try assertExportsValidate(["awkward.sqlite"], in: folder)
    }

    /// Typed plain SQLite columns, with values that fit and values that do not, and JSON columns:
    /// the exports validate against their schemas with every way of reading the columns; and an
    /// export whose typed values all fit validates against the typed branch alone (`xs:date`,
    /// `xs:dateTime`, `xs:time`, `xs:boolean`; the JSON Schema's date pattern), so the typed text is
    /// what the schemas say it is.
    func testTypedPlainSQLiteColumnsValidateAgainstTheirSchemas() throws {
        let folder = try ScratchDatabase.make(
            "typed.sqlite",
            sql: """
                CREATE TABLE event(id INTEGER PRIMARY KEY, active BOOLEAN NOT NULL, day DATE, at DATETIME,
                    stamp TIMESTAMP, clock TIME, meta JSON, note TEXT);
                INSERT INTO event VALUES (1, 1, '2006-02-14', '2006-02-14 22:04:36', '2006-02-14T22:04:36.123+02:00',
                    '22:04', '{"big": 12345678901234567890}', 'x');
                INSERT INTO event VALUES (2, 0, '2008-02-29', '2006-02-14T22:04', '2006-02-14 22:04:36z',
                    '22:04:36.5-05:30', '[1, [true]]', '[2]');
                CREATE TABLE odd(id INTEGER PRIMARY KEY, active BOOLEAN, day DATE, meta JSON);
                INSERT INTO odd VALUES (1, 2, 'tomorrow', 'not json'), (2, 'yes', 2453781.5, x'00'), (3, x'01', 7, 3);
                """, for: self)
        for arguments in [
            [], ["--json-columns", "event.meta", "--json-columns", "odd.meta"], ["--json-columns"], ["--raw-values"],
        ] {
            try assertExportsValidate(arguments + ["typed.sqlite"], in: folder, name: "\(arguments)")
        }
        // The schemas without the branch of values as stored, which `event`'s values never need.
        let typedOnly = """
            import json, sys
            schema = json.load(open(sys.argv[1]))
            for name in ['sqliteBoolean', 'sqliteDate']:
                schema['$defs'][name]['anyOf'] = schema['$defs'][name]['anyOf'][:1]
            json.dump(schema, open(sys.argv[1], 'w'))
            print('ok')
            """
        for (schemaFormat, exportFormat) in [("json-schema", "json"), ("xsd", "xml")] {
            let schema = folder.appendingPathComponent("typed-only.schema")
            let export = folder.appendingPathComponent("event.export")
            try CommandRunner.assertSucceeds(
                ["schema", "--shape", "flat", "-f", schemaFormat, "-o", schema.path, "typed.sqlite"], in: folder)
            if exportFormat == "json" {
                XCTAssertEqual(try Python.run(typedOnly, arguments: [schema.path], input: Data()), "ok")
            } else {
                var text = try String(contentsOf: schema, encoding: .utf8)
                for (wide, narrow) in [
                    ("xs:boolean xs:string", "xs:boolean"),
                    ("xs:date xs:dateTime xs:time xs:string", "xs:date xs:dateTime xs:time"),
                ] {
                    XCTAssertTrue(text.contains(wide), "\(wide) in \(text)")
                    text = text.replacingOccurrences(of: wide, with: narrow)
                }
                try text.write(to: schema, atomically: true, encoding: .utf8)
            }
            let run = try CommandRunner.assertSucceeds(
                ["--shape", "flat", "--entity", "event", "-f", exportFormat, "-o", export.path, "typed.sqlite"],
                in: folder)
            XCTAssertEqual(run.standardError, "", "every value of event fits its column's typing")
            XCTAssertEqual(try schemaErrors(exportFormat, schema: schema, export: export), [], schemaFormat)
        }
    }

    func testDOTRendersAndMermaidIsTheGuides() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let arguments = ["--model", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"]
        let dot = try CommandRunner.assertSucceeds(["schema", "--format", "dot"] + arguments, in: folder)
        let graph = folder.appendingPathComponent("model.dot")
        try dot.standardOutput.write(to: graph)
        let svg = try SchemaTools.renderSVG(graph)
        for name in ["Scrapbook", "Page", "Item", "Photo", "Note", "Clipping", "Tag", "pages / scrapbook"] {
            XCTAssertTrue(svg.contains(">\(name)<"), "the SVG lacks \(name)")
        }
        let mermaid = try CommandRunner.assertSucceeds(["schema", "--format", "mermaid"] + arguments, in: folder)
        XCTAssertTrue(mermaid.text.contains("    Scrapbook |o--o{ Page : \"pages / scrapbook\"\n"), mermaid.text)
        XCTAssertTrue(mermaid.text.contains("    Photo |o..|| Item : \"is a\"\n"), mermaid.text)
        let guide = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
        XCTAssertTrue(
            guide.contains("```mermaid\n" + mermaid.text + "```\n"), "docs/GUIDE.md's diagram is not the current one")
        let flat = try CommandRunner.run(["schema", "--format", "mermaid", "--shape", "flat"] + arguments, in: folder)
        XCTAssertTrue(flat.text.contains("    Scrapbook |o..o{ Page : \"pages / scrapbook\"\n"), flat.text)
    }

    func testOutputExtensionChoosesTheFormat() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        for (file, start) in [("s.xsd", "<?xml"), ("s.mmd", "erDiagram"), ("s.gv", "digraph"), ("s.json", "{")] {
            let result = try CommandRunner.assertSucceeds(
                ["schema", "--model", "Scrapbook.xcdatamodeld", "-o", file, "Scrapbook.sqlite"], in: folder)
            XCTAssertEqual(result.standardOutput, Data(), "with -o, nothing on standard output")
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(start), "\(file): \(text.prefix(80))")
        }
        // `-o s.xsd.gz`: the XML Schema, gzip-compressed, as an export's `.gz` is.
        try CommandRunner.assertSucceeds(
            ["schema", "--model", "Scrapbook.xcdatamodeld", "-o", "s.xsd.gz", "Scrapbook.sqlite"], in: folder)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("s.xsd.gz"))
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1F, 0x8B])
        // Python.run trims the text it returns, so the plain schema is compared trimmed too.
        let decompressed = try Python.run(
            "import gzip, sys; sys.stdout.write(gzip.decompress(sys.stdin.buffer.read()).decode())", input: bytes)
        let plain = try String(contentsOf: folder.appendingPathComponent("s.xsd"), encoding: .utf8)
        XCTAssertEqual(decompressed, plain.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testUsageErrorsAndRefusalsNameWhatIsWrong() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        for (arguments, message) in [
            (["schema"], "missing the store to describe"),
            (["schema", "--format", "csv", "Scrapbook.sqlite"], "unknown schema format 'csv'"),
            (["schema", "--pretty", "Scrapbook.sqlite"], "'--pretty' is not an option of 'graphexport schema'"),
            (
                ["schema", "--xml-style", "elements", "Scrapbook.sqlite"],
                "'--xml-style' is for --format xsd, not json-schema"
            ),
            (
                ["schema", "-o", "s.mmd", "--xml-style=elements", "Scrapbook.sqlite"],
                "'--xml-style' is for --format xsd"
            ),
            (
                ["schema", "--nest", "Album.tracks", "--shape", "flat", "Chinook.sqlite"],
                "does not apply with --shape flat"
            ),
            (["schema", "Scrapbook.sqlite", "Other.sqlite"], "more than one store given: 'Other.sqlite'"),
        ] {
            try CommandRunner.assertFails(arguments, saying: message, in: folder)
        }
        let before = try FolderListing(folder)
        try CommandRunner.assertFails(
            ["schema", "-o", "Scrapbook.sqlite", "Scrapbook.sqlite"], status: 1, saying: "which the export reads",
            in: folder)
        XCTAssertEqual(try FolderListing(folder), before, "-o onto the store changed a file")
        try CommandRunner.assertFails(["schema", "Missing.sqlite"], status: 1, saying: "Missing.sqlite", in: folder)
    }

    // MARK: - Helpers

    /// What the JSON Schema validator (`format` `json`) or `xmllint --schema` (any other) finds
    /// wrong with `export` against `schema`.
    private func schemaErrors(_ format: String, schema: URL, export: URL) throws -> [String] {
        format == "json"
            ? try SchemaTools.jsonSchemaErrors(schema: schema, instance: export)
            : try SchemaTools.xmlSchemaErrors(schema: schema, document: export)
    }

    /// Runs `schema` and the export for the store `arguments` name (in `folder`) in `shapes`, as
    /// JSON and as XML in `styles`, and checks that every export validates against its schema.
    private func assertExportsValidate(
        _ arguments: [String], in folder: URL, name: String = "", shapes: [String] = ["tree", "flat"],
        styles: [String] = ["attributes", "elements"], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for shape in shapes {
            var formats: [(schema: [String], export: [String], suffix: String)] = [
                (["--format", "json-schema"], ["--format", "json"], "json")
            ]
            for style in styles {
                formats.append(
                    (
                        ["--format", "xsd", "--xml-style", style], ["--format", "xml", "--xml-style", style],
                        "\(style).xml"
                    ))
            }
            for (schemaFormat, exportFormat, suffix) in formats {
                let schema = folder.appendingPathComponent("schema-\(shape)-\(suffix).schema")
                let export = folder.appendingPathComponent("export-\(shape)-\(suffix)")
                try CommandRunner.assertSucceeds(
                    ["schema", "--shape", shape, "-o", schema.path] + schemaFormat + arguments, in: folder, file: file,
                    line: line)
                try CommandRunner.assertSucceeds(
                    ["--shape", shape, "-o", export.path] + exportFormat + arguments, in: folder, file: file, line: line
                )
                XCTAssertEqual(
                    try schemaErrors(suffix, schema: schema, export: export), [], "\(name) \(shape) \(suffix)",
                    file: file, line: line)
                if suffix == "json" {
                    // What JSON Schema cannot say: each id once, every reference resolving.
                    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as? [String: Any]
                    XCTAssertEqual(try ExportSummary(XCTUnwrap(document)).problems, [], name, file: file, line: line)
                }
            }
        }
    }
}
