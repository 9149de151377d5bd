import Foundation
import Prerequisites
import XCTest

/// The history token in every format's header, `--since` of the store's own token writing
/// nothing in every format, the exit status 3 and its one line when only a full export can say
/// what changed, and `graphexport log` as text and JSON, on copies of the real stores.
final class HistoryCommandTests: XCTestCase {
    private let notesUUID = "FABDAB03-8EF2-41B9-9944-193D67BE0365"
    private let swiftDataUUID = "1D070E6D-145B-4367-8928-974368B60AC7"

    private func notes() throws -> URL {
        try CommandRunner.copyOfSample("apple-notes-macos12", for: self).appendingPathComponent("NoteStore.sqlite")
    }

    private func swiftData() throws -> URL {
        try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self).appendingPathComponent(
            "default.store")
    }

    /// Each built-in format's header field for the token, and what an export of nothing looks like.
    private let formats: [(name: String, field: String, empty: (String) -> Bool)] = [
        ("json", #""historyToken":"#, { $0.contains(#""@graph":[]"#) }),
        ("xml", "gx:historyToken=", { !$0.contains("gx:id=") }),
        ("yaml", "historyToken:", { $0.contains(#""@graph": []"#) }),
        ("jsonl", #""historyToken":"#, { $0.split(separator: "\n").count == 1 }),
        ("plist", "<key>historyToken</key>", { $0.contains("<key>@graph</key><array/>") }),
        ("graphml", #"attr.name="historyToken""#, { !$0.contains("<node") }),
    ]

    func testEveryFormatCarriesTheTokenAndSinceItWritesNothing() throws {
        let store = try notes()
        let token = "\(notesUUID):95"
        for format in formats {
            let full = try CommandRunner.assertSucceeds([store.path, "--format", format.name, "--quiet"])
            XCTAssertTrue(full.text.contains(format.field), "\(format.name) names the token's field")
            XCTAssertTrue(full.text.contains(token), "\(format.name) carries the token")
            for since in [token, "95"] {
                let none = try CommandRunner.assertSucceeds([store.path, "--format", format.name, "--since", since])
                XCTAssertEqual(none.standardError, "", format.name)
                XCTAssertTrue(none.text.contains(token), "\(format.name): the header carries the token")
                XCTAssertTrue(format.empty(none.text), "\(format.name) since its own token:\n\(none.text)")
            }
        }
        let plugins = CommandRunner.repository.appendingPathComponent("Samples/Plugins")
        try CommandRunner.assertSucceeds(
            [store.path, "--format", "csv", "--since", "90"], environment: ["GRAPHEXPORT_PLUGIN_PATH": plugins.path])
    }

    func testExportsSinceATokenFitTheStoresSchemas() throws {
        for (store, since) in [(try notes(), "90"), (try swiftData(), "30")] {
            let folder = store.deletingLastPathComponent()
            let schema = folder.appendingPathComponent("export.schema.json")
            try CommandRunner.assertSucceeds(["schema", store.path, "-o", schema.path])
            let text = try String(contentsOf: schema, encoding: .utf8)
            for fragment in [#""historyToken""#, #""@changed""#, #""@deleted""#] {
                XCTAssertTrue(text.contains(fragment), "the JSON Schema has \(fragment)")
            }
            let delta = folder.appendingPathComponent("delta.json")
            try CommandRunner.assertSucceeds([store.path, "--since", since, "-o", delta.path, "--quiet"])
            XCTAssertEqual(try SchemaTools.jsonSchemaErrors(schema: schema, instance: delta), [], store.path)
            for style in ["attributes", "elements"] {
                let xsd = folder.appendingPathComponent("export-\(style).xsd")
                let xml = folder.appendingPathComponent("delta-\(style).xml")
                try CommandRunner.assertSucceeds([
                    "schema", store.path, "--format", "xsd", "--xml-style", style, "-o", xsd.path,
                ])
                try CommandRunner.assertSucceeds([
                    store.path, "--since", since, "--xml-style", style, "-o", xml.path, "--quiet",
                ])
                // A delta refers to objects it does not hold: only a full export keeps the XSD's keyref.
                let errors = try SchemaTools.xmlSchemaErrors(schema: xsd, document: xml).filter {
                    !$0.contains("of keyref '{urn:graphexport:1}referenceResolves'")
                }
                XCTAssertEqual(errors, [], "\(store.path) \(style)")
            }
        }
    }

    /// What one delta says, read from each format by the standard reader its users take: each
    /// object's id with its `@changed` (or `inserted`), and each tombstone's id.
    private static let deltaSummary = """
        import sys, json
        fmt, data = sys.argv[1], sys.stdin.buffer.read()
        rows = []
        def add(ident, changed, deleted):
            rows.append([ident, "deleted" if deleted else ("inserted" if changed is None else sorted(changed))])
        if fmt in ("json", "yaml", "plist"):
            if fmt == "json":
                doc = json.loads(data)
            elif fmt == "yaml":
                import yaml
                doc = yaml.safe_load(data)
            else:
                import plistlib
                doc = plistlib.loads(data)
            for o in doc["@graph"]:
                add(o["@id"], o.get("@changed"), o.get("@deleted", False))
        elif fmt == "jsonl":
            for line in data.decode().splitlines()[1:]:
                o = json.loads(line)
                add(o["@id"], o.get("@changed"), o.get("@deleted", False))
        elif fmt == "xml":
            import xml.etree.ElementTree as ET
            gx = "{urn:graphexport:1}"
            for e in ET.fromstring(data):
                changed = e.get(gx + "changed")
                add(e.get(gx + "id"), None if changed is None else changed.split(), e.tag == gx + "tombstone")
        elif fmt == "graphml":
            import networkx
            import io
            graph = networkx.read_graphml(io.BytesIO(data))
            for ident, node in graph.nodes(data=True):
                if "@type" not in node:
                    continue  # the target of a reference to an object the delta does not hold
                changed = node.get("@changed")
                add(ident, None if changed is None else json.loads(changed), node.get("@deleted", False))
        print(json.dumps(sorted(rows)))
        """

    func testEveryFormatOfADeltaSaysTheSame() throws {
        let store = try notes()
        var summaries: [String: String] = [:]
        for format in formats.map(\.name) {
            let result = try CommandRunner.assertSucceeds([
                store.path, "--since", "88", "--shape", "flat", "-f", format, "-q",
            ])
            summaries[format] = try Python.run(Self.deltaSummary, arguments: [format], input: result.standardOutput)
        }
        let json = try XCTUnwrap(summaries["json"])
        XCTAssertTrue(json.contains("\"deleted\""), json)
        XCTAssertTrue(json.contains("\"lastActivitySummaryViewedDate\""), json)
        for (format, summary) in summaries {
            XCTAssertEqual(summary, json, "\(format) says what JSON says")
        }
    }

    func testBlobFilesAndTheProgressLineKeepTheChangeMarks() throws {
        let store = try notes()
        let folder = store.deletingLastPathComponent()
        func changes(_ json: Data) throws -> [String: [String]] {
            let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            var changed: [String: [String]] = [:]
            for object in try XCTUnwrap(document["@graph"] as? [[String: Any]]) {
                changed[try XCTUnwrap(object["@id"] as? String)] = object["@changed"] as? [String]
            }
            return changed
        }
        let arguments = [store.path, "--since", "80", "--shape", "flat", "-q"]
        let plain = try CommandRunner.assertSucceeds(arguments)
        let expected = try changes(plain.standardOutput)
        XCTAssertTrue(expected.keys.contains { $0.contains("/ICNote/") }, "a changed note, which has bytes")
        let output = folder.appendingPathComponent("delta.json")
        try CommandRunner.assertSucceeds(
            arguments + ["--blobs", folder.appendingPathComponent("files").path, "-o", output.path])
        XCTAssertEqual(try changes(try Data(contentsOf: output)), expected, "--blobs")
        let progress = try CommandRunner.assertSucceeds(arguments + ["--progress"])
        XCTAssertEqual(try changes(progress.standardOutput), expected, "--progress")
    }

    /// Runs an export `--since` and expects exit status 3 and one line saying why.
    private func expectFullExportNeeded(
        _ arguments: [String], because reason: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try CommandRunner.run(arguments)
        XCTAssertEqual(result.status, 3, result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardOutput, Data(), file: file, line: line)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.standardError, file: file, line: line)
        XCTAssertTrue(lines.first?.hasPrefix("graphexport: error: ") ?? false, file: file, line: line)
        XCTAssertTrue(result.standardError.contains("a full export is needed"), file: file, line: line)
        XCTAssertTrue(result.standardError.contains(reason), result.standardError, file: file, line: line)
    }

    func testAPointTheStoreCannotAnswerForNeedsAFullExport() throws {
        let store = try swiftData()
        try expectFullExportNeeded(
            [store.path, "--since", "\(notesUUID):95"],
            because: "is of another store (this store's UUID is \(swiftDataUUID))")
        try expectFullExportNeeded(
            [store.path, "--since", "39"], because: "newer than the store's last transaction (38)")
        // Pruned: the app deleted the history up to transaction 10.
        let prune = try ProgramRun.run(
            try Prerequisite.executable("sqlite3"),
            [store.path, "DELETE FROM ACHANGE WHERE ZTRANSACTIONID <= 10; DELETE FROM ATRANSACTION WHERE Z_PK <= 10;"])
        XCTAssertEqual(prune.status, 0, prune.standardError)
        try expectFullExportNeeded(
            [store.path, "--since", "\(swiftDataUUID):9"], because: "the history kept starts at transaction 11")
        try CommandRunner.assertSucceeds([store.path, "--since", "10", "--quiet"])
        // No history: a store that never had tracking on, and a plain SQLite database.
        let scrapbook = try CommandRunner.copyOfRepository("Samples/Scrapbook/Scrapbook.sqlite", for: self)
        try expectFullExportNeeded([scrapbook.path, "--since", "1", "--quiet"], because: "keeps no persistent history")
        let chinook = try CommandRunner.copyOfChinook(for: self)
        try expectFullExportNeeded([chinook.path, "--since", "1"], because: "keeps no persistent history")
        let plainExport = try CommandRunner.run([chinook.path, "--shape", "flat", "--entity", "Genre"])
        XCTAssertFalse(plainExport.text.contains("historyToken"), "a store without history has no token")
    }

    /// The osxphotos library since transaction 130: every update names what it touched but the
    /// to-manys of `Person` (several of each kind, whose order is not known), and every
    /// tombstone the values its deletion kept, by attribute.
    func testSinceOnTheApplePhotosLibraryNamesWhatChangedAndWhatDeletionsKept() throws {
        let store = try CommandRunner.copyOfSample("apple-photos-10.15.7-osxphotos", for: self)
            .appendingPathComponent("Photos.sqlite")
        let run = try CommandRunner.assertSucceeds([store.path, "--since", "130", "--shape", "flat", "--verbose"])
        XCTAssertFalse(run.standardError.contains("does not fit"), run.standardError)
        XCTAssertFalse(run.standardError.contains("ZTOMBSTONE"), run.standardError)
        let graph = try XCTUnwrap(try run.json()["@graph"] as? [[String: Any]])
        let updated = graph.filter { $0["@changed"] != nil }
        XCTAssertEqual(updated.count, 47)
        let unnamed = updated.filter { ($0["@changed"] as? [String])?.isEmpty ?? false }
        XCTAssertEqual(unnamed.compactMap { $0["@type"] as? String }, ["Person", "Person", "Person", "Person"])
        let tombstones = graph.filter { $0["@deleted"] as? Bool == true }
        XCTAssertEqual(tombstones.compactMap { $0["@type"] as? String }, ["Album", "Folder", "InternalResource"])
        XCTAssertEqual(tombstones[0]["uuid"] as? String, "76EA61E5-3ADC-4EE7-8669-1FA950FC609C")
        XCTAssertEqual(tombstones[1]["uuid"] as? String, "22B9DE01-EFC3-4E06-85D1-F37A7F4C89AC")
        XCTAssertEqual(
            tombstones[2]["cloudDeleteAssetUUIDWithResourceType"] as? String, "6191423D-8DB8-4D4C-92BE-9BBBA308AAC4-@-0"
        )
        XCTAssertEqual(tombstones.compactMap { $0["cloudDeleteState"] as? Int }, [0, 0, 0])
    }

    func testSinceTakesATokenOrANumberAndNotTheOptionsThatChooseObjectsOtherwise() throws {
        let store = try swiftData()
        try CommandRunner.assertFails(
            [store.path, "--since", "yesterday"], saying: "invalid value 'yesterday' for '--since'")
        for extra in [["--root", "Item"], ["--limit", "2"], ["--include-history"]] {
            try CommandRunner.assertFails([store.path, "--since", "30"] + extra, saying: "does not go with --since")
        }
        let items = try CommandRunner.run([store.path, "--since", "30", "--entity", "Item", "--shape", "flat"]).json()
        let graph = try XCTUnwrap(items["@graph"] as? [[String: Any]])
        XCTAssertEqual(graph.compactMap { $0["@type"] as? String }, ["Item", "Item"])
        let excluded = try CommandRunner.run([
            store.path, "--since", "30", "--exclude-attribute", "Item.name", "--entity", "Item", "--shape", "flat",
        ]).json()
        let marks = try XCTUnwrap(excluded["@graph"] as? [[String: Any]]).compactMap { $0["@changed"] as? [String] }
        XCTAssertEqual(marks, [["craftingRecipe"]], "an attribute left out is left out of @changed")
    }

    func testLogListsTheTransactionsAsTextAndJSON() throws {
        let store = try notes()
        let json = try CommandRunner.assertSucceeds(["log", "--format", "json", store.path])
        let document = try json.json()
        XCTAssertEqual(document["historyToken"] as? String, "\(notesUUID):95")
        XCTAssertEqual(document["oldestKept"] as? Int, 1)
        let transactions = try XCTUnwrap(document["transactions"] as? [[String: Any]])
        XCTAssertEqual(transactions.map { $0["number"] as? Int }, (1...95).map { $0 })
        var counts = [0, 0, 0]
        for transaction in transactions {
            XCTAssertEqual(transaction["bundleID"] as? String, "com.apple.Notes")
            XCTAssertNotNil(transaction["timestamp"] as? String)
            for change in try XCTUnwrap(transaction["changes"] as? [[String: Any]]) {
                for (index, key) in ["inserted", "updated", "deleted"].enumerated() {
                    counts[index] += try XCTUnwrap(change[key] as? Int)
                }
            }
        }
        XCTAssertEqual(counts, [47, 251, 5], "every change of ACHANGE, by type")
        let last = try XCTUnwrap(transactions.last?["changes"] as? [[String: Any]])
        XCTAssertEqual(last.compactMap { $0["entity"] as? String }, ["ICNote", "ICAccount", "ICFolder", "ICNoteData"])
        let text = try CommandRunner.assertSucceeds(["log", store.path])
        XCTAssertTrue(text.text.hasPrefix("Persistent history of \(store.path)\n"), text.text)
        XCTAssertTrue(text.text.contains("  history token  \(notesUUID):95\n"))
        XCTAssertTrue(text.text.contains("\n95  "))
        XCTAssertTrue(text.text.contains("  ICNote: 2 deleted\n"), text.text)
        try CommandRunner.assertFails(
            [
                "log",
                try CommandRunner.copyOfRepository("Samples/Scrapbook/Scrapbook.sqlite", for: self).path,
            ], status: 3, saying: "keeps no persistent history")
    }
}
