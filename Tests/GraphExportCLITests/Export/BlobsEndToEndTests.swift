import Foundation
import Prerequisites
import XCTest

/// `--blobs DIR` on Scrapbook (inline pictures and Core Data external-storage files): every
/// binary value becomes a file named by object and attribute, its path where the base64 was, in
/// every format; nothing is replaced, a failed or interrupted export removes what it wrote, and a
/// folder the export reads is refused.
final class BlobsEndToEndTests: XCTestCase {
    /// The blobs of Scrapbook: each scrapbook's cover, each photo's image and thumbnail; two are
    /// external-storage files (Scrapbook p1's cover, Photo p8's image).
    private static let names: Set = [
        "Scrapbook-p1-coverImage.png", "Scrapbook-p2-coverImage.png", "Photo-p1-image.jpg", "Photo-p1-thumbnail.png",
        "Photo-p5-image.jpg", "Photo-p5-thumbnail.png", "Photo-p8-image.jpg", "Photo-p8-thumbnail.png",
        "Photo-p13-image.jpg", "Photo-p13-thumbnail.png",
    ]

    /// A copy of Samples/Scrapbook (store, model, external data) and the arguments that read it.
    private func scrapbook() throws -> (folder: URL, arguments: [String]) {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        return (folder, CommandRunner.scrapbook(in: folder))
    }

    /// Reads the export in `argv[1]` (format `argv[2]`) with the format's standard Python reader
    /// and prints every string in it that starts with `argv[3]`, sorted, one a line.
    private static let paths = """
        import csv, io, json, plistlib, sys, xml.etree.ElementTree as ET
        import yaml
        path, form, prefix = sys.argv[1:4]
        text = open(path, "rb").read()
        strings = []
        def walk(node):
            if isinstance(node, dict):
                for key, value in node.items(): walk(key); walk(value)
            elif isinstance(node, list):
                for item in node: walk(item)
            elif isinstance(node, str):
                strings.append(node)
        if form == "json": walk(json.loads(text))
        elif form == "jsonl": [walk(json.loads(line)) for line in text.splitlines()]
        elif form == "yaml": walk(yaml.safe_load(text))
        elif form == "plist": walk(plistlib.loads(text))
        elif form in ("xml", "graphml"):
            for element in ET.fromstring(text).iter():
                walk(element.text or ""); walk(list(element.attrib.values()))
        elif form == "csv": walk(list(csv.reader(io.StringIO(text.decode()))))
        print("\\n".join(sorted(set(s for s in strings if s.startswith(prefix)))))
        """

    /// The files' bytes against the base64 of the export without `--blobs`: prints `ok <n>` or
    /// what differs. `argv[1]`: the JSON export with blobs; `argv[2]`: without; `argv[3]`: the
    /// folder the paths are relative to.
    private static let sameBytes = """
        import base64, json, os, sys
        def objects(node, found):
            if isinstance(node, dict):
                if "@type" in node: found[node["@id"]] = node
                for value in node.values(): objects(value, found)
            elif isinstance(node, list):
                for item in node: objects(item, found)
            return found
        blobbed = objects(json.load(open(sys.argv[1])), {})
        plain = objects(json.load(open(sys.argv[2])), {})
        checked, problems = 0, []
        for id, node in blobbed.items():
            for key, value in node.items():
                if isinstance(value, str) and value.startswith("files/"):
                    data = open(os.path.join(sys.argv[3], value), "rb").read()
                    if data != base64.b64decode(plain[id][key]): problems.append(value)
                    checked += 1
        print("; ".join(problems) if problems else f"ok {checked}")
        """

    func testEveryFormatPutsThePathsWhereTheBase64WasAndTheFilesHoldTheBytes() throws {
        let (source, store) = try scrapbook()
        let folder = try CommandRunner.scratchFolder(for: self)
        let plain = try CommandRunner.assertSucceeds(store)
        try plain.standardOutput.write(to: folder.appendingPathComponent("plain.json"))
        let environment = [
            "GRAPHEXPORT_PLUGIN_PATH": CommandRunner.repository.appendingPathComponent("Samples/Plugins").path
        ]
        for format in ["json", "xml", "yaml", "jsonl", "plist", "graphml", "csv"] {
            let output = folder.appendingPathComponent("out-\(format)/export.\(format)")
            try FileManager.default.createDirectory(
                at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let blobs = output.deletingLastPathComponent().appendingPathComponent("files")
            try CommandRunner.assertSucceeds(
                ["-f", format, "-o", output.path, "--blobs", blobs.path] + store, environment: environment)
            XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: blobs.path)), Self.names, format)
            let found = try Python.run(Self.paths, arguments: [output.path, format, "files/"], input: Data())
            XCTAssertEqual(
                Set(found.split(separator: "\n").map(String.init)), Set(Self.names.map { "files/" + $0 }), format)
            XCTAssertFalse(
                try String(contentsOf: output, encoding: .utf8).contains("/9j/"), "\(format): no JPEG base64")
            if format == "json" {
                let same = try Python.run(
                    Self.sameBytes,
                    arguments: [
                        output.path, folder.appendingPathComponent("plain.json").path,
                        blobs.deletingLastPathComponent().path,
                    ],
                    input: Data())
                XCTAssertEqual(same, "ok 10")
            }
        }
        // The external-storage files are copied as they are.
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("out-json/files/Photo-p8-image.jpg")),
            try Data(contentsOf: source.appendingPathComponent(CommandRunner.photo8Image)))
    }

    func testAPlainSQLiteDatabasesBlobsAreNamedByTableKeyAndColumn() throws {
        let database = try ScratchDatabase.make(
            "pictures.sqlite",
            sql: """
                CREATE TABLE picture (name TEXT PRIMARY KEY, data BLOB, note TEXT);
                INSERT INTO picture VALUES ('cat', X'89504E470D0A1A0A0000', 'a png');
                INSERT INTO picture VALUES ('a/b c', X'00010203', 'bytes');
                INSERT INTO picture VALUES ('none', NULL, 'no bytes');
                """, for: self
        ).appendingPathComponent("pictures.sqlite")
        let folder = database.deletingLastPathComponent()
        let export = try CommandRunner.assertSucceeds(["--blobs", "files", database.path], in: folder)
        let graph = try XCTUnwrap(try export.json()["@graph"] as? [[String: Any]])
        XCTAssertEqual(
            graph.map { $0["data"] as? String },
            ["files/picture-cat-data.png", "files/picture-a%252Fb%20c-data.bin", nil])
        XCTAssertTrue(graph[2]["data"] is NSNull)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("files/picture-a%252Fb%20c-data.bin")),
            Data([0, 1, 2, 3]))
    }

    /// The README's example, in a copy of Samples/Scrapbook.
    func testTheReadmeExampleWritesThePicturesBesideTheExport() throws {
        let (folder, _) = try scrapbook()
        try CommandRunner.assertSucceeds(
            ["-m", "Scrapbook.xcdatamodeld", "-o", "scrapbook.json", "--blobs", "files", "Scrapbook.sqlite"], in: folder
        )
        let text = try String(contentsOf: folder.appendingPathComponent("scrapbook.json"), encoding: .utf8)
        XCTAssertTrue(text.contains(#""coverImage":"files/Scrapbook-p1-coverImage.png""#), text)
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("files").path)),
            Self.names)
    }

    func testPathsAreRelativeToTheOutputFilesFolderElseToTheWorkingFolder() throws {
        let (_, store) = try scrapbook()
        let folder = try CommandRunner.scratchFolder(for: self)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        func firstPath(_ arguments: [String], in directory: URL) throws -> String {
            let export = try CommandRunner.assertSucceeds(["--shape", "flat"] + arguments + store, in: directory)
            let text =
                arguments.contains("-o")
                ? try String(contentsOf: directory.appendingPathComponent("out/x.json"), encoding: .utf8) : export.text
            let range = try XCTUnwrap(
                text.range(of: #""[^"]*Scrapbook-p1-coverImage.png""#, options: .regularExpression))
            return String(text[range].dropFirst().dropLast())
        }
        XCTAssertEqual(
            try firstPath(["-o", "out/x.json", "--blobs", "out/files"], in: folder), "files/Scrapbook-p1-coverImage.png"
        )
        XCTAssertEqual(
            try firstPath(["-o", "out/x.json", "--blobs", "sibling"], in: folder),
            "../sibling/Scrapbook-p1-coverImage.png")
        XCTAssertEqual(
            try firstPath(["--blobs", folder.appendingPathComponent("here").path], in: folder),
            "here/Scrapbook-p1-coverImage.png")
        XCTAssertEqual(
            try firstPath(["--blobs", "."], in: folder.appendingPathComponent("out")), "Scrapbook-p1-coverImage.png")
    }

    func testNothingIsReplacedAndAFailedExportRemovesTheFilesItWrote() throws {
        let (_, store) = try scrapbook()
        let folder = try CommandRunner.scratchFolder(for: self)
        let blobs = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
        // A file of the user's with the name of the last photo's image, and a link with the first blob's name.
        try Data("mine".utf8).write(to: blobs.appendingPathComponent("Photo-p13-image.jpg"))
        let before = try FolderListing(blobs)
        try CommandRunner.assertFails(
            ["--blobs", blobs.path, "-o", folder.appendingPathComponent("x.json").path] + store, status: 1,
            beginning:
                "graphexport: error: --blobs \(blobs.path): Photo-p13-image.jpg is there already, and --blobs never replaces a file"
        )
        XCTAssertEqual(
            try FolderListing(blobs), before, "the files written before the failure are gone, the user's stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.json").path))

        let target = folder.appendingPathComponent("target")
        try Data("target".utf8).write(to: target)
        try FileManager.default.removeItem(at: blobs.appendingPathComponent("Photo-p13-image.jpg"))
        try FileManager.default.createSymbolicLink(
            at: blobs.appendingPathComponent("Scrapbook-p1-coverImage.png"), withDestinationURL: target)
        let linked = try CommandRunner.run(["--blobs", blobs.path] + store)
        XCTAssertEqual(linked.status, 1)
        XCTAssertEqual(try Data(contentsOf: target), Data("target".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: blobs.path), ["Scrapbook-p1-coverImage.png"])

        // A folder the run made goes too, when a plugin fails after reading everything.
        let plugin = try PluginFixture(
            name: "fails", handshake: "txt fails at the end", body: "cat > /dev/null; exit 1", for: self)
        let made = folder.appendingPathComponent("made")
        let plugged = try CommandRunner.run(
            ["-f", "fails", "--blobs", made.path] + store, environment: plugin.environment)
        XCTAssertEqual(plugged.status, 1, plugged.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.path), "the folder the run made is removed")
    }

    func testAnInterruptedExportRemovesItsFilesAndTheFolderItMade() throws {
        let (_, store) = try scrapbook()
        let folder = try CommandRunner.scratchFolder(for: self)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // A plugin that takes the whole stream and never exits: the export waits with its files written.
        let plugin = try PluginFixture(
            name: "stuck", handshake: "txt never ends", body: "cat > /dev/null; sleep 300", for: self)
        for signal in [SIGINT, SIGTERM] {
            let blobs = folder.appendingPathComponent("files-\(signal)")
            let export = try BoundedProcess.graphexport(
                ["-f", "stuck", "--blobs", blobs.path] + store,
                environment: ["GRAPHEXPORT_PLUGIN_PATH": plugin.folder.path, "TMPDIR": temporary.path])
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline,
                (try? FileManager.default.contentsOfDirectory(atPath: blobs.path).count) ?? 0 < Self.names.count
            {
                usleep(5_000)
            }
            XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: blobs.path)), Self.names)
            export.send(signal)
            let outcome = export.wait(limit: 60)
            XCTAssertEqual(outcome.reason, .uncaughtSignal, outcome.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: blobs.path), "signal \(signal) left \(blobs.path)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
        }
    }

    func testAFolderTheExportReadsIsRefused() throws {
        let (scrapbookFolder, store) = try scrapbook()
        let before = try FolderListing(scrapbookFolder)
        let refusals: [(String, String, URL?)] = [
            (".", "is the store's folder", scrapbookFolder),
            (
                ".Scrapbook_SUPPORT/_EXTERNAL_DATA", "is the store's support folder, which holds its external data",
                scrapbookFolder
            ),
            (".Scrapbook_SUPPORT/new", "is the store's support folder", scrapbookFolder),
            ("Scrapbook.xcdatamodeld/x", "is the model's folder", scrapbookFolder),
            ("README.md", "is not a folder", scrapbookFolder),
            ("no/such/folder", "cannot make the folder", nil),
        ]
        for (path, message, directory) in refusals {
            let export = try CommandRunner.assertFails(
                ["--blobs", path] + store, status: 1, beginning: "graphexport: error: --blobs \(path): \(message)",
                in: directory ?? (try CommandRunner.scratchFolder(for: self)))
            XCTAssertTrue(export.standardOutput.isEmpty)
        }
        XCTAssertEqual(try FolderListing(scrapbookFolder), before)
    }
}
