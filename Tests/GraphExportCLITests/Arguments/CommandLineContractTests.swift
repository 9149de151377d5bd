import Foundation
import Prerequisites
import XCTest

/// The command line's contract end to end, with the built binary: version, help and the formats
/// listing, usage errors and options that do not apply, the error prefix, a missing store, a model
/// inferred, --quiet, --strict, the warning cap, output names and gzip output, --model-version.
final class CommandLineContractTests: XCTestCase {
    private let model = "Samples/Scrapbook/Scrapbook.xcdatamodeld"
    private let store = "Samples/Scrapbook/Scrapbook.sqlite"

    /// Runs `arguments`, expects a usage error whose first line is `graphexport: error: <message>`
    /// followed by the usage.
    private func assertUsageError(
        _ arguments: [String], _ message: String, environment: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let result = try CommandRunner.assertUsageError(
            arguments, message, environment: environment, file: file, line: line)
        XCTAssertTrue(
            result.standardError.contains("\ngraphexport: note: usage: graphexport"), result.standardError, file: file,
            line: line)
    }

    func testOptionsThatDoNotApplyAreRefusedWithTheReason() throws {
        try assertUsageError(
            ["--xml-style", "elements", store], "'--xml-style' is an option of the xml format, not of the json format")
        try assertUsageError(
            ["--format", "yaml", "--xml-style", "elements", store],
            "'--xml-style' is an option of the xml format, not of the yaml format")
        try assertUsageError(
            ["--nest", "Album.tracks", "--shape", "flat", store],
            "'--nest' does not apply with --shape flat: in that shape no object nests in another")
        try assertUsageError(
            ["--no-nest", "Album.tracks", "--shape", "flat", store],
            "'--no-nest' does not apply with --shape flat: in that shape no object nests in another")
        try assertUsageError(
            ["--format", "jsonl", "--pretty", store],
            "'--pretty' does not apply to the jsonl format, which has one layout only")
        try assertUsageError(
            ["-o", "out.ndjson", "--compact", store],
            "'--compact' does not apply to the jsonl format, which has one layout only")
        try assertUsageError(
            ["--include-views"] + CommandRunner.scrapbook,
            "'--include-views' applies to plain SQLite databases, and --model reads the store as a Core Data store")
        try assertUsageError(
            ["--source", "coredata", "--infer-relations", store],
            "'--infer-relations' applies to plain SQLite databases, and --source coredata reads the store as a Core Data store"
        )
        try assertUsageError(
            ["--source", "sqlite"] + CommandRunner.scrapbook,
            "'--model' applies to Core Data stores, and --source sqlite reads the store as a plain SQLite database")
        try assertUsageError(
            ["--model-version", "Scrapbook", store], "'--model-version' goes with --model: give --model too")
        try assertUsageError(["--pretty=no", store], "'--pretty' takes no value (given '--pretty=no')")
        try assertUsageError(
            ["--include-views=no", store], "'--include-views' takes no value (given '--include-views=no')")
    }

    func testPluginFormatsTakeNoBuiltInOptionsNorGzip() throws {
        let plugin = try PluginFixture(name: "lines", handshake: "lines count the lines", body: "wc -l", for: self)
        try assertUsageError(
            ["--format", "lines", "--pretty", store],
            "'--pretty' does not apply to the format plugin 'lines', which has one layout only",
            environment: plugin.environment)
        try assertUsageError(
            ["--format", "lines", "--xml-style", "elements", store],
            "'--xml-style' is an option of the xml format, not of the format plugin 'lines'",
            environment: plugin.environment)
        try assertUsageError(
            ["--format", "lines", "-o", "out.lines.gz", store],
            "-o out.lines.gz: compressed output is for the built-in formats; pipe the output of the format plugin "
                + "'lines' through gzip instead", environment: plugin.environment)
    }

    func testUnknownFormatSaysWherePluginsWereLookedFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphexport-no-plugins-here")
        let result = try CommandRunner.run(
            ["--format", "csv", store], environment: ["GRAPHEXPORT_PLUGIN_PATH": folder.path, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.standardError.hasPrefix(
                "graphexport: error: unknown format 'csv' (values: json, xml, yaml, jsonl, plist, graphml, sqlite, sql); a plugin "
                    + "for it would be an executable graphexport-format-csv in a folder of GRAPHEXPORT_PLUGIN_PATH or "
                    + "PATH (looked in: \(folder.path), /usr/bin, /bin)\n"), result.standardError)
    }

    func testFormatNamesAreMatchedInAnyCase() throws {
        let upper = try CommandRunner.assertSucceeds(["--format", "JSON"] + CommandRunner.scrapbook)
        let lower = try CommandRunner.run(["-fjson"] + CommandRunner.scrapbook)
        XCTAssertEqual(upper.standardOutput, lower.standardOutput)
        XCTAssertNotNil(try upper.json()["@graph"])
        let yaml = try CommandRunner.run(["--format=YML"] + CommandRunner.scrapbook)
        XCTAssertTrue(yaml.text.hasPrefix("\"@source\":"), yaml.text)
    }

    /// `--compact` YAML has every object in flow style, and PyYAML reads the same data from it.
    func testCompactYAMLReadsBackAsTheBlockStyle() throws {
        for shape in ["tree", "flat"] {
            let block = try CommandRunner.run(["--model", model, "-f", "yaml", "--shape", shape, store])
            let compact = try CommandRunner.assertSucceeds([
                "--model", model, "-f", "yaml", "--compact", "--shape", shape, store,
            ])
            XCTAssertTrue(compact.text.contains("\n- {\"@id\": "), compact.text)
            XCTAssertLessThan(compact.text.split(separator: "\n").count, block.text.split(separator: "\n").count)
            let program = """
                import sys, yaml
                block, compact = (yaml.safe_load(part) for part in sys.stdin.read().split("\\0"))
                print(block == compact and len(block["@graph"]) > 0)
                """
            let both = block.standardOutput + Data([0]) + compact.standardOutput
            XCTAssertEqual(try Python.run(program, input: both), "True", shape)
        }
    }

    func testOutputDashIsStandardOutput() throws {
        let dash = try CommandRunner.assertSucceeds(["-o", "-"] + CommandRunner.scrapbook)
        let plain = try CommandRunner.run(CommandRunner.scrapbook)
        XCTAssertEqual(dash.standardOutput, plain.standardOutput)
    }

    func testHelpCommandPrintsHelpInsteadOfOpeningAStore() throws {
        let help = try CommandRunner.assertSucceeds(["help"])
        XCTAssertEqual(help.text, try CommandRunner.run(["--help"]).text)
        let inspect = try CommandRunner.assertSucceeds(["help", "inspect"])
        XCTAssertTrue(inspect.text.contains("USAGE: graphexport inspect [<options>] <store>"), inspect.text)
        XCTAssertFalse(inspect.text.contains("--shape"), inspect.text)
        XCTAssertEqual(inspect.text, try CommandRunner.run(["inspect", "--help"]).text)
        try assertUsageError(
            ["help", "nothing"], "no command 'nothing' (commands: inspect, schema, log, diff, sync, formats, help)")
    }

    func testEveryMessageBeginsWithTheProgramName() throws {
        for arguments in [["--frobnicate"], ["-z", store], [], ["inspect", "-o", "x", store], ["formats", "extra"]] {
            try CommandRunner.assertFails(arguments, beginning: "graphexport: error: ")
        }
        try CommandRunner.assertFails(["no-such-store.sqlite"], status: 1, beginning: "graphexport: error: ")
    }

    /// Without --model the Scrapbook store is read with a model inferred from its tables, with
    /// one warning and one for each of its two guessed to-ones
    /// (``testStoreWithoutAnyModelIsExportedWithAnInferredModelAndEachGuessSaidOnce``).
    func testQuietAndStrict() throws {
        let plain = try CommandRunner.assertSucceeds([store])

        let quiet = try CommandRunner.assertSucceeds(["--quiet", store])
        XCTAssertEqual(quiet.standardError, "")
        XCTAssertEqual(quiet.standardOutput, plain.standardOutput)

        let strict = try CommandRunner.run(["--strict", store])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.standardOutput, plain.standardOutput)
        let lines = strict.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, strict.standardError)
        XCTAssertEqual(lines.last, "graphexport: error: 3 warnings and --strict; the output was written")

        let both = try CommandRunner.run(["-q", "--strict", store])
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(both.standardError, "graphexport: error: 3 warnings and --strict; the output was written\n")

        let clean = try CommandRunner.assertSucceeds(["--strict"] + CommandRunner.scrapbook)
        XCTAssertEqual(clean.standardError, "")

        // With -o the file is written too.
        let folder = try CommandRunner.copy(CommandRunner.repository.appendingPathComponent(store), for: self)
            .deletingLastPathComponent()
        let written = try CommandRunner.run(["--strict", "-q", "-o", "out.json", "Scrapbook.sqlite"], in: folder)
        XCTAssertEqual(written.status, 1)
        let standardOutput = try CommandRunner.run(["-q", "Scrapbook.sqlite"], in: folder).standardOutput
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out.json")), standardOutput)
    }

    func testAtMostFiftyWarningsArePrintedThenOneLineCountsTheRest() throws {
        let folder = try ScratchDatabase.make(
            "dangling.sqlite",
            sql: """
                CREATE TABLE Parent(id INTEGER PRIMARY KEY);
                CREATE TABLE Child(id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES Parent(id));
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 73)
                INSERT INTO Child SELECT i, i + 1000 FROM n;
                """, for: self)
        let result = try CommandRunner.assertSucceeds(["dangling.sqlite"], in: folder)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 51, result.standardError)
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasPrefix("graphexport: warning: dangling.sqlite: Child/") })
        XCTAssertEqual(lines.last, "graphexport: warning: 23 more warnings not shown")
        let strict = try CommandRunner.run(["--strict", "dangling.sqlite"], in: folder)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(
            strict.standardError.hasSuffix("graphexport: error: 73 warnings and --strict; the output was written\n"))
        XCTAssertEqual(try CommandRunner.run(["-q", "dangling.sqlite"], in: folder).standardError, "")
    }

    /// Decompressed with gzip, the `.gz` output is byte for byte the plain one, in each format.
    func testGzipOutputIsTheSameExportCompressed() throws {
        let gzip = try Prerequisite.executable("gzip")
        let folder = try CommandRunner.copy(CommandRunner.repository.appendingPathComponent(store), for: self)
            .deletingLastPathComponent()
        let modelPath = CommandRunner.repository.appendingPathComponent(model).path
        for (name, fileExtension) in [("json", "json"), ("yaml", "YAML"), ("xml", "xml")] {
            try CommandRunner.assertSucceeds(
                ["-m", modelPath, "-o", "out.\(fileExtension)", "Scrapbook.sqlite"], in: folder)
            try CommandRunner.assertSucceeds(
                ["-m", modelPath, "-o", "out.\(fileExtension).gz", "Scrapbook.sqlite"], in: folder)
            let path = folder.appendingPathComponent("out.\(fileExtension).gz").path
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Array(bytes.prefix(2)), [0x1F, 0x8B], name)
            XCTAssertEqual(try ProgramRun.run(gzip, ["-t", path]).status, 0, name)
            let decompressed = try ProgramRun.run(gzip, ["-dc", path])
            XCTAssertEqual(
                decompressed.standardOutput,
                try Data(contentsOf: folder.appendingPathComponent("out.\(fileExtension)")), name)
        }
        // `-o x.gz` names no format: JSON, as without the .gz.
        try CommandRunner.assertSucceeds(["-q", "-m", modelPath, "-o", "out.gz", "Scrapbook.sqlite"], in: folder)
        let json = try ProgramRun.run(gzip, ["-dc", folder.appendingPathComponent("out.gz").path])
        XCTAssertEqual(json.standardOutput, try Data(contentsOf: folder.appendingPathComponent("out.json")))
    }

    /// `texlege-v4`: the version that fits is TexLege 4, not the current TexLege 5.
    func testModelVersionChoosesTheVersion() throws {
        let folder = try CommandRunner.copyOfSample("texlege-v4", for: self)
        let bundle = "TexLege.xcdatamodeld"
        let chosen = try CommandRunner.assertSucceeds(
            ["-m", bundle, "--model-version", "TexLege 4", "TexLegeSeed.v4.sqlite"], in: folder)
        XCTAssertEqual((try chosen.json()["@source"] as? [String: Any])?["modelVersion"] as? String, "TexLege 4")
        let fitting = try CommandRunner.run(["-m", bundle, "TexLegeSeed.v4.sqlite"], in: folder)
        XCTAssertEqual(chosen.standardOutput, fitting.standardOutput)

        // The current version does not fit: with --model-version it is its own error, no other is tried.
        let current = try CommandRunner.assertFails(
            ["-m", bundle, "--model-version", "TexLege 5", "TexLegeSeed.v4.sqlite"], status: 1,
            beginning: "graphexport: error: TexLegeSeed.v4.sqlite: model version 'TexLege 5' ", in: folder)
        XCTAssertEqual(current.standardOutput.count, 0)

        let unknown = try CommandRunner.run(
            ["-m", bundle, "--model-version", "TexLege 9", "TexLegeSeed.v4.sqlite"], in: folder)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.standardError,
            "graphexport: error: model 'TexLege.xcdatamodeld' has no version named 'TexLege 9' (versions: "
                + "'TexLege 2', 'TexLege 3', 'TexLege 4', 'TexLege 5')\n")

        let inspect = try CommandRunner.assertSucceeds(
            ["inspect", "--format", "json", "-m", bundle, "--model-version", "TexLege 4", "TexLegeSeed.v4.sqlite"],
            in: folder)
        XCTAssertEqual((try inspect.json()["model"] as? [String: Any])?["version"] as? String, "TexLege 4")
    }

    func testVersionPrintsTheVersionNumber() throws {
        let result = try CommandRunner.assertSucceeds(["--version"])
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 5, result.text)
        XCTAssertEqual(lines.first, "graphexport 0.1.0")
        for (line, library) in zip(lines.dropFirst(), ["SQLite", "libxml2", "libyaml"]) {
            let words = line.split(separator: " ")
            XCTAssertEqual(words.first.map(String.init), library, result.text)
            let version = words.last.map(String.init) ?? ""
            XCTAssertTrue(version.split(separator: ".").count >= 2, result.text)
            XCTAssertTrue(version.allSatisfy { $0.isNumber || $0 == "." }, result.text)
        }
        XCTAssertEqual(lines.last, "")
    }

    func testHelpListsTheFormatsFromTheRegistry() throws {
        let result = try CommandRunner.assertSucceeds(["--help"])
        XCTAssertTrue(result.text.hasPrefix("OVERVIEW: "))
        XCTAssertTrue(result.text.contains("USAGE: graphexport"))
        let words = result.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(words.contains("Built in: json, xml, yaml, jsonl, plist, graphml, sqlite, sql."), result.text)
        for section in ["PLUGINS:", "GRAPHEXPORT_PLUGIN_PATH", "EXIT STATUS:", "  64 "] {
            XCTAssertTrue(result.text.contains(section), section)
        }
        XCTAssertEqual(result.standardError, "")
    }

    func testFormatsListsEveryBuiltInFormat() throws {
        let result = try CommandRunner.assertSucceeds(["formats"])
        XCTAssertTrue(result.text.hasPrefix("json"), result.text)
        XCTAssertTrue(result.text.contains(".json"))
    }

    func testMissingValueAndASecondStoreAreUsageErrors() throws {
        try CommandRunner.assertFails(["store.sqlite", "--model"], saying: "missing value for '--model'")
        try CommandRunner.assertFails(["a.sqlite", "b.sqlite"])
    }

    /// As help and the README promise: JSON, with a warning that the extension named no format.
    func testOutputExtensionThatNamesNoFormatIsJSON() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook/Scrapbook.sqlite", for: self)
            .deletingLastPathComponent()
        let result = try CommandRunner.assertSucceeds(
            ["--model", CommandRunner.scrapbookModel, "-o", "out.txt", "Scrapbook.sqlite"], in: folder)
        XCTAssertTrue(
            result.standardError.contains(
                "graphexport: warning: -o out.txt: '.txt' names no format, so the output is json"),
            result.standardError)
        let written = try Data(contentsOf: folder.appendingPathComponent("out.txt"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    }

    func testMissingStoreFileIsOneClearLine() throws {
        let result = try CommandRunner.assertFails(
            [
                "--model", "Samples/Scrapbook/Scrapbook.xcdatamodeld", "no-such-store.sqlite",
            ], status: 1, beginning: "graphexport: error: no-such-store.sqlite: ")
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1)
    }

    /// The Scrapbook store keeps no `Z_MODELCACHE`: without `--model` its model is inferred from
    /// its tables, which one warning line and the header say, and every object is exported. Its
    /// one-to-one `Scrapbook.cover` ↔ `Item.coverOf` is named after no entity: `cover` is a guess
    /// from its values, `coverOf` from mirroring it, each said once in a line of its own.
    func testStoreWithoutAnyModelIsExportedWithAnInferredModelAndEachGuessSaidOnce() throws {
        let result = try CommandRunner.assertSucceeds(["Samples/Scrapbook/Scrapbook.sqlite"])
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, result.standardError)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("graphexport: warning: ") }, result.standardError)
        XCTAssertEqual(
            lines.dropFirst().map { $0.replacingOccurrences(of: " (more with --verbose)", with: "") },
            [
                "graphexport: warning: Samples/Scrapbook/Scrapbook.sqlite: the inferred model guessed ZSCRAPBOOK.ZCOVER "
                    + "→ ZITEM.Z_PK (Photo)",
                "graphexport: warning: Samples/Scrapbook/Scrapbook.sqlite: the inferred model guessed ZITEM.ZCOVEROF "
                    + "→ ZSCRAPBOOK.Z_PK (Scrapbook)",
            ])
        XCTAssertTrue(result.standardError.contains("its model is inferred from its tables"), result.standardError)
        XCTAssertTrue(result.standardError.contains("--model gives the app's own names"), result.standardError)
        let document = try result.json()
        XCTAssertEqual(
            (document["@source"] as? [String: Any])?["model"] as? String,
            "Samples/Scrapbook/Scrapbook.sqlite (model inferred from its tables)")
        XCTAssertEqual(try ExportSummary(document).counts, try CommandRunner.scrapbookCounts())
    }
}
