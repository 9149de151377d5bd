import Foundation
import Prerequisites
import XCTest

/// External format plugins, end to end: found on PATH or GRAPHEXPORT_PLUGIN_PATH, fed the event
/// stream, their failures reported.
final class PluginTests: XCTestCase {

    /// A folder holding one well-behaved plugin script (see
    /// ``PluginFixture/init(name:handshake:body:for:)``), removed after the test.
    private func pluginFolder(name: String, handshake: String, body: String) throws -> URL {
        try PluginFixture(name: name, handshake: handshake, body: body, for: self).folder
    }

    /// Runs graphexport with the plugins of `folder` first on `PATH`, and expects it to end with
    /// `status` (success by default) and standard error saying each of `phrases`.
    @discardableResult
    private func run(
        _ arguments: [String], plugins folder: URL, in directory: URL? = nil, status: Int32 = 0,
        saying phrases: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProgramRun {
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CommandRunner.run(arguments, in: directory, environment: ["PATH": path])
        XCTAssertEqual(result.status, status, result.standardError, file: file, line: line)
        for phrase in phrases {
            XCTAssertTrue(result.standardError.contains(phrase), result.standardError, file: file, line: line)
        }
        return result
    }

    func testFormatsAsJSONListsTheBuiltInFormatsAndThePluginsFound() throws {
        let broken = try PluginFixture(name: "broken", script: "#!/bin/sh\nexit 3\n", for: self).folder
        let listing = try CommandRunner.assertSucceeds(
            ["formats", "--format", "json"],
            environment: ["GRAPHEXPORT_PLUGIN_PATH": "Samples/Plugins:" + broken.path])
        XCTAssertEqual(listing.standardError, "")
        let object = try listing.json()
        XCTAssertEqual(object["formatsVersion"] as? Int, 1)
        let formats = try XCTUnwrap(object["formats"] as? [[String: Any]])
        XCTAssertEqual(
            formats.map { $0["name"] as? String },
            ["json", "xml", "yaml", "jsonl", "plist", "graphml", "sqlite", "sql", "csv", "broken"])
        let keys: Set = [
            "name", "origin", "aliases", "extensions", "summary", "options", "capabilities", "path", "protocolVersion",
            "error",
        ]
        for format in formats { XCTAssertEqual(Set(format.keys), keys, "\(format)") }
        let yaml = formats[2]
        XCTAssertEqual(yaml["origin"] as? String, "built-in")
        XCTAssertEqual(yaml["aliases"] as? [String], ["yml"])
        XCTAssertEqual(yaml["extensions"] as? [String], ["yaml", "yml"])
        XCTAssertTrue(yaml["path"] is NSNull)
        let xmlStyle = try XCTUnwrap((formats[1]["options"] as? [[String: Any]])?.first)
        XCTAssertEqual(xmlStyle["name"] as? String, "xml-style")
        XCTAssertEqual(xmlStyle["values"] as? [String], ["attributes", "elements"])
        XCTAssertEqual(xmlStyle["default"] as? String, "attributes")
        XCTAssertEqual(formats[0]["capabilities"] as? [String], ["nesting", "nulls", "streaming", "pretty"])
        let csv = formats[8]
        XCTAssertEqual(csv["origin"] as? String, "plugin")
        XCTAssertEqual(csv["extensions"] as? [String], ["csv"])
        XCTAssertEqual(csv["protocolVersion"] as? Int, 1)
        XCTAssertEqual(csv["path"] as? String, "Samples/Plugins/graphexport-format-csv")
        XCTAssertTrue(csv["error"] is NSNull)
        let failing = formats[9]
        XCTAssertTrue(failing["summary"] is NSNull)
        XCTAssertEqual(failing["extensions"] as? [String], [])
        XCTAssertTrue((failing["error"] as? String)?.contains("exit status 3") ?? false, "\(failing)")
        // Python's json module reads it too, and the text listing names the same formats.
        let names = try Python.run(
            "import json, sys; print(' '.join(f['name'] for f in json.load(sys.stdin)['formats']))",
            input: listing.standardOutput)
        XCTAssertEqual(names, "json xml yaml jsonl plist graphml sqlite sql csv broken")
        let text = try CommandRunner.run(["formats"], environment: ["GRAPHEXPORT_PLUGIN_PATH": "Samples/Plugins"])
        XCTAssertTrue(text.text.contains("csv"), text.text)
        try CommandRunner.assertFails(
            ["formats", "--format", "yaml"],
            beginning: "graphexport: error: unknown formats format 'yaml' (values: text, json)")
    }

    /// Before: a plugin's file name and a decoder plugin's claims reached the terminal raw, an
    /// escape sequence and a newline that started a line of the listing. The JSON listing, a
    /// document, keeps them as they are.
    func testFormatsShowsWhatATerminalWouldActOnAsItsCode() throws {
        let format = try PluginFixture(
            name: "evil\u{1B}[2J\nforged", handshake: "evl a plain summary", body: "cat >/dev/null", for: self)
        let decoder = try PluginFixture(
            name: "dec\u{1B}[31m",
            script: #"""
                #!/bin/sh
                printf '%s\n' '{"protocol":"graphexport-decoder","version":1,"summary":"decodes","claims":[{"entity":"N\u001b[2J\nforged","attribute":"b\u009b"}],"outputs":[{"name":"n","type":"Integer 64"}]}'
                """#, kind: "decoder", for: self)
        let environment = ["GRAPHEXPORT_PLUGIN_PATH": format.folder.path + ":" + decoder.folder.path]
        let text = try CommandRunner.assertSucceeds(["formats"], environment: environment).text
        TerminalHostileNames.assertShowsAsCodes(text, "the formats listing")
        XCTAssertTrue(text.contains(#"evil\u{1B}[2J\u{A}forged  .evl"#), text)
        XCTAssertTrue(text.contains(#"graphexport-format-evil\u{1B}[2J\u{A}forged)"#), text)
        XCTAssertTrue(text.contains(#"dec\u{1B}[31m"#), text)
        XCTAssertTrue(text.contains(#"; decodes N\u{1B}[2J\u{A}forged.b\u{9B})"#), text)

        let listing = try CommandRunner.assertSucceeds(["formats", "-f", "json"], environment: environment).json()
        let formats = try XCTUnwrap(listing["formats"] as? [[String: Any]])
        XCTAssertTrue(formats.contains { $0["name"] as? String == format.name }, "\(formats)")
        let decoders = try XCTUnwrap(listing["decoders"] as? [[String: Any]])
        let claims = decoders.first { $0["name"] as? String == decoder.name }?["decodes"] as? [String]
        XCTAssertEqual(claims, ["N\u{1B}[2J\nforged.b\u{9B}"])
    }

    func testAThrowawayPluginOnPathReceivesTheEventStream() throws {
        let folder = try pluginFolder(name: "lines", handshake: "lines count the lines", body: "wc -l")
        let listing = try run(["formats"], plugins: folder)
        XCTAssertTrue(listing.text.contains("lines"), listing.text)
        XCTAssertTrue(listing.text.contains("count the lines"), listing.text)

        let result = try run(["--format", "lines", "--shape", "flat"] + CommandRunner.scrapbook, plugins: folder)
        let json = try CommandRunner.run(["--shape", "flat", "--format", "json"] + CommandRunner.scrapbook)
        let objects = try ExportSummary(json.json()).counts.values.reduce(0, +)
        let lines = Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines))
        // Handshake + per object: begin, end, attributes and relationships with their ends + the end line.
        XCTAssertNotNil(lines)
        XCTAssertGreaterThan(lines ?? 0, objects * 2 + 2)
    }

    func testTheEventStreamStartsWithTheHandshakeAndEndsWithEnd() throws {
        let folder = try pluginFolder(name: "cat", handshake: "txt the raw event stream", body: "cat")
        let result = try run(["--format", "cat"] + CommandRunner.scrapbook, plugins: folder)
        let lines = result.text.split(separator: "\n").map { Data($0.utf8) }
        let handshake = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(lines.first)) as? [String: Any])
        XCTAssertEqual(handshake["protocol"] as? String, "graphexport-events")
        XCTAssertEqual(handshake["version"] as? Int, 1)
        XCTAssertEqual((handshake["entities"] as? [[String: Any]])?.count, 7)
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(lines.last)) as? [String: String])
        XCTAssertEqual(last, ["event": "end"])
        for line in lines.dropFirst() { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: line)) }
    }

    func testAFailingPluginIsAClearErrorAndLeavesNoOutputFile() throws {
        let folder = try pluginFolder(
            name: "broken", handshake: "broken always fails",
            body: """
                cat > /dev/null
                echo "broken: out of cheese" >&2
                exit 3
                """)
        let work = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        _ = try run(
            ["--model", "Scrapbook.xcdatamodeld", "--format", "broken", "-o", "out.broken", "Scrapbook.sqlite"],
            plugins: folder, in: work, status: 1,
            saying: ["out of cheese", "graphexport: error: format plugin 'broken'", "exit status 3"])
        let names = try FileManager.default.contentsOfDirectory(atPath: work.path)
        XCTAssertFalse(names.contains { $0.contains("out.broken") }, "\(names)")
    }

    /// Each line a plugin writes on its standard error, at the handshake and during the export,
    /// is forwarded as a note naming it, also a last line without a newline and with `--quiet`;
    /// a plugin that writes much there while graphexport writes its input never blocks.
    func testPluginStandardErrorLinesAreNotes() throws {
        let folder = try PluginFixture(
            name: "chatty",
            script: """
                #!/bin/sh
                if [ "$1" = "--graphexport-handshake" ]; then
                    echo "hello from the handshake" >&2
                    echo "graphexport-events 1 chatty talks on standard error"; exit 0
                fi
                echo "starting" >&2
                i=0; while [ $i -lt 3000 ]; do echo "line $i of chatter to fill the pipe" >&2; i=$((i+1)); done
                wc -l
                printf 'done, no newline' >&2
                """, for: self
        ).folder
        for quiet in [[], ["-q"]] {
            let result = try run(quiet + ["--format", "chatty"] + CommandRunner.scrapbook, plugins: folder)
            let lines = result.standardError.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3 + 3000, "\(quiet)")
            XCTAssertEqual(lines.first, "graphexport: note: format plugin 'chatty': hello from the handshake")
            XCTAssertEqual(lines[1], "graphexport: note: format plugin 'chatty': starting")
            XCTAssertEqual(lines.last, "graphexport: note: format plugin 'chatty': done, no newline")
            XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("graphexport: note: format plugin 'chatty': ") })
            XCTAssertGreaterThan(Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 35)
        }
    }

    func testAPluginThatStopsReadingEarlyIsAnError() throws {
        let folder = try pluginFolder(name: "early", handshake: "early reads one line", body: "head -n 1 > /dev/null")
        // Many more events than the plugin's input holds, so graphexport is still writing when it exits.
        let database = try PluginFixture.database(rows: 30_000, for: self)
        try run(
            ["--source", "sqlite", "--format", "early", database.path], plugins: folder, status: 1,
            saying: ["stopped reading before the end"])
    }

    func testABadHandshakeIsAnErrorNamingThePlugin() throws {
        let folder = try PluginFixture(name: "mute", script: "#!/bin/sh\necho hello\n", for: self).folder
        let result = try run(
            ["--format", "mute"] + CommandRunner.scrapbook, plugins: folder, status: 1,
            saying: ["format plugin 'mute'", "--graphexport-handshake"])
        XCTAssertEqual(result.standardOutput.count, 0)
    }

    func testTheOutputExtensionPicksAPlugin() throws {
        let plugins = CommandRunner.repository.appendingPathComponent("Samples/Plugins")
        let work = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        _ = try run(
            ["--model", "Scrapbook.xcdatamodeld", "-o", "out.csv", "Scrapbook.sqlite"], plugins: plugins, in: work)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("out.csv").path))
    }

    /// The CSV sample plugin exports every object of the Scrapbook sample exactly once.
    func testTheCSVSamplePluginExportsTheScrapbookSample() throws {
        let plugins = CommandRunner.repository.appendingPathComponent("Samples/Plugins")
        let result = try run(["--format", "csv"] + CommandRunner.scrapbook, plugins: plugins)
        let counted = try Python.run(
            """
            import csv, json, sys, collections
            rows = list(csv.DictReader(sys.stdin))
            ids = {}
            for row in rows:
                ids.setdefault(row["id"], row["entity"])
            print(json.dumps(collections.Counter(ids.values())))
            """, input: result.standardOutput)
        let counts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(counted.utf8)) as? [String: Int])
        XCTAssertEqual(counts, try CommandRunner.scrapbookCounts())
    }
}
