import Foundation
import Prerequisites
import XCTest

/// `graphexport schema`, end to end with the built binary: the JSON and XML exports of the
/// Scrapbook sample, of Chinook and of every shared Core Data sample validate against the schemas
/// the command writes for them, in both shapes (and both XML styles), checked with Python's
/// `jsonschema` and `xmllint --schema` (and each JSON export's references resolve, which JSON
/// Schema cannot say); `dot -Tsvg` renders the DOT; the Mermaid text is the
/// README's; and the command's usage errors name what is wrong.
final class SchemaCommandTests: XCTestCase {
    /// Every store of `shared/coredata-samples/`, by folder, with the model file to open it with
    /// (`nil`: the store's own `Z_MODELCACHE`, or the model inferred from its tables). The three
    /// larger wibosco stores (1 001, 5 979 and 15 990 objects of the WAL store's two entities,
    /// which gets every check) are checked in the tree shape and the attribute style only (`large`),
    /// to keep the test quick in debug builds.
    static let sharedStores: [(folder: String, store: String, model: String?)] = [
        ("apple-notes-macos12", "NoteStore.sqlite", nil),
        ("bnr-manytomany", "TestModel.sqlite", "Sample.xcdatamodeld"),
        ("coredatabooks-legacy", "CoreDataBooks.sqlite", "CoreDataBooks.xcdatamodel"),
        ("dvc-swiftdata", "dvc.store", nil),
        ("easylife-versions", "EasyLife.sqlite", "EasyLife.xcdatamodeld"),
        ("easylife-versions", "EasyLife 1.3.0.sqlite", nil),
        ("easylife-versions", "EasyLife 1.5.0.sqlite", nil),
        ("keasyboard-wal", "Simplex.sqlite", "IME.xcdatamodeld"),
        ("restkit-legacy-model", "RKSeedDatabase.sqlite", "RKTwitterCoreData.xcdatamodel"),
        ("swiftdata-resourcesmanager", "default.store", nil),
        ("texlege-v4", "TexLegeSeed.v4.sqlite", "TexLege.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-migration", "CoreDataMigration_Example_WAL.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ]

    func testScrapbookExportsValidateAgainstTheirSchemas() throws {
        let folder = try CommandRunner.copy(
            CommandRunner.repository.appendingPathComponent("Samples/Scrapbook"), for: self)
        try assertExportsValidate(["--model", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"], in: folder)
    }

    func testChinookExportsValidateAgainstTheirSchemas() throws {
        let store = try CommandRunner.copy(try Prerequisite.shared("data/chinook/Chinook.sqlite"), for: self)
        try assertExportsValidate([store.lastPathComponent], in: store.deletingLastPathComponent())
    }

    func testEverySharedCoreDataSampleExportsValidateAgainstTheirSchemas() throws {
        let samples = try Prerequisite.shared("coredata-samples")
        let folders = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: samples.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        XCTAssertEqual(Set(folders), Set(Self.sharedStores.map(\.folder)), "a sample folder is not checked here")
        var copies: [String: URL] = [:]
        for (name, store, model) in Self.sharedStores {
            let folder = try copies[name] ?? CommandRunner.copyOfSample(name, for: self)
            copies[name] = folder
            let large = store.hasPrefix("CoreDataMigration_Example_") && !store.contains("WAL")
            try assertExportsValidate(
                (model.map { ["--model", $0] } ?? []) + [store], in: folder, name: store,
                shapes: large ? ["tree"] : ["tree", "flat"],
                styles: large ? ["attributes"] : ["attributes", "elements"])
        }
    }

    /// Apple Notes' one Transformable, an archived dictionary: with `--raw-transformable` export
    /// and schema have it as base64; a decoded export (a map) does not fit that schema, which is
    /// why the default schema types a Transformable as any value.
    func testRawTransformableExportsValidateAgainstTheirSchemasAndDecodedOnesDoNot() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        try assertExportsValidate(
            ["--raw-transformable", "NoteStore.sqlite"], in: folder, name: "raw", shapes: ["flat"])
        for (schemaFormat, exportFormat) in [
            (["--format", "json-schema"], ["--format", "json"]), (["--format", "xsd"], ["--format", "xml"]),
        ] {
            let schema = folder.appendingPathComponent("raw.schema")
            let export = folder.appendingPathComponent("decoded.export")
            let describe = try CommandRunner.run(
                ["schema", "--raw-transformable", "--shape", "flat", "-o", schema.path] + schemaFormat
                    + ["NoteStore.sqlite"], in: folder)
            XCTAssertEqual(describe.status, 0, describe.standardError)
            let run = try CommandRunner.run(
                ["--shape", "flat", "-o", export.path] + exportFormat + ["NoteStore.sqlite"], in: folder)
            XCTAssertEqual(run.status, 0, run.standardError)
            let errors =
                exportFormat.last == "json"
                ? try SchemaTools.jsonSchemaErrors(schema: schema, instance: export)
                : try SchemaTools.xmlSchemaErrors(schema: schema, document: export)
            XCTAssertFalse(errors.isEmpty, "the decoded map fits the base64 type of \(schemaFormat)")
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

    func testDOTRendersAndMermaidIsTheREADMEs() throws {
        let folder = try CommandRunner.copy(
            CommandRunner.repository.appendingPathComponent("Samples/Scrapbook"), for: self)
        let arguments = ["--model", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"]
        let dot = try CommandRunner.run(["schema", "--format", "dot"] + arguments, in: folder)
        XCTAssertEqual(dot.status, 0, dot.standardError)
        let graph = folder.appendingPathComponent("model.dot")
        try dot.standardOutput.write(to: graph)
        let svg = try SchemaTools.renderSVG(graph)
        for name in ["Scrapbook", "Page", "Item", "Photo", "Note", "Clipping", "Tag", "pages / scrapbook"] {
            XCTAssertTrue(svg.contains(">\(name)<"), "the SVG lacks \(name)")
        }
        let mermaid = try CommandRunner.run(["schema", "--format", "mermaid"] + arguments, in: folder)
        XCTAssertEqual(mermaid.status, 0, mermaid.standardError)
        XCTAssertTrue(mermaid.text.contains("    Scrapbook |o--o{ Page : \"pages / scrapbook\"\n"), mermaid.text)
        XCTAssertTrue(mermaid.text.contains("    Photo |o..|| Item : \"is a\"\n"), mermaid.text)
        let readme = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(
            readme.contains("```mermaid\n" + mermaid.text + "```\n"), "README's diagram is not the current one")
        let flat = try CommandRunner.run(["schema", "--format", "mermaid", "--shape", "flat"] + arguments, in: folder)
        XCTAssertTrue(flat.text.contains("    Scrapbook |o..o{ Page : \"pages / scrapbook\"\n"), flat.text)
    }

    func testOutputExtensionChoosesTheFormat() throws {
        let folder = try CommandRunner.copy(
            CommandRunner.repository.appendingPathComponent("Samples/Scrapbook"), for: self)
        for (file, start) in [("s.xsd", "<?xml"), ("s.mmd", "erDiagram"), ("s.gv", "digraph"), ("s.json", "{")] {
            let result = try CommandRunner.run(
                ["schema", "--model", "Scrapbook.xcdatamodeld", "-o", file, "Scrapbook.sqlite"], in: folder)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardOutput, Data(), "with -o, nothing on standard output")
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(start), "\(file): \(text.prefix(80))")
        }
        // `-o s.xsd.gz`: the XML Schema, gzip-compressed, as an export's `.gz` is.
        let compressed = try CommandRunner.run(
            ["schema", "--model", "Scrapbook.xcdatamodeld", "-o", "s.xsd.gz", "Scrapbook.sqlite"], in: folder)
        XCTAssertEqual(compressed.status, 0, compressed.standardError)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("s.xsd.gz"))
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1F, 0x8B])
        // Python.run trims the text it returns, so the plain schema is compared trimmed too.
        let decompressed = try Python.run(
            "import gzip, sys; sys.stdout.write(gzip.decompress(sys.stdin.buffer.read()).decode())", input: bytes)
        let plain = try String(contentsOf: folder.appendingPathComponent("s.xsd"), encoding: .utf8)
        XCTAssertEqual(decompressed, plain.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testUsageErrorsAndRefusalsNameWhatIsWrong() throws {
        let folder = try CommandRunner.copy(
            CommandRunner.repository.appendingPathComponent("Samples/Scrapbook"), for: self)
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
            let result = try CommandRunner.run(arguments, in: folder)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let before = try CommandRunner.snapshot(folder)
        let onto = try CommandRunner.run(["schema", "-o", "Scrapbook.sqlite", "Scrapbook.sqlite"], in: folder)
        XCTAssertEqual(onto.status, 1, onto.standardError)
        XCTAssertTrue(onto.standardError.contains("which the export reads"), onto.standardError)
        XCTAssertEqual(try CommandRunner.snapshot(folder), before, "-o onto the store changed a file")
        let missing = try CommandRunner.run(["schema", "Missing.sqlite"], in: folder)
        XCTAssertEqual(missing.status, 1, missing.standardError)
        XCTAssertTrue(missing.standardError.contains("Missing.sqlite"), missing.standardError)
    }

    // MARK: - Helpers

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
                let describe = try CommandRunner.run(
                    ["schema", "--shape", shape, "-o", schema.path] + schemaFormat + arguments, in: folder)
                XCTAssertEqual(
                    describe.status, 0, "\(name) \(shape): \(describe.standardError)", file: file, line: line)
                let run = try CommandRunner.run(
                    ["--shape", shape, "-o", export.path] + exportFormat + arguments, in: folder)
                XCTAssertEqual(run.status, 0, "\(name) \(shape): \(run.standardError)", file: file, line: line)
                let errors =
                    suffix == "json"
                    ? try SchemaTools.jsonSchemaErrors(schema: schema, instance: export)
                    : try SchemaTools.xmlSchemaErrors(schema: schema, document: export)
                XCTAssertEqual(errors, [], "\(name) \(shape) \(suffix)", file: file, line: line)
                if suffix == "json" {
                    // What JSON Schema cannot say: each id once, every reference resolving.
                    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as? [String: Any]
                    XCTAssertEqual(try ExportSummary(XCTUnwrap(document)).problems, [], name, file: file, line: line)
                }
            }
        }
    }
}
