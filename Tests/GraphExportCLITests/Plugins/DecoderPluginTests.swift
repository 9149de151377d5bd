import Foundation
import Prerequisites
import XCTest

/// External value decoders (docs/PLUGINS.md, *Value decoders*): the sample decoder end to end,
/// `--no-decode`, and decoders that warn, answer nonsense, hang or fail, each stopped with one
/// line naming it and nothing left running.
final class DecoderPluginTests: XCTestCase {
    private static let samples = Prerequisite.repository.appendingPathComponent("Samples")
    private static let handshake =
        #"{"protocol":"graphexport-decoder","version":1,"summary":"body length","claims":[{"entity":"Note","#
        + #""attribute":"body"}],"outputs":[{"name":"bodyLength","type":"Integer 64"}]}"#

    /// A decoder script that answers its handshake, then runs `body` on each request line and
    /// `end` after the last.
    private func decoder(_ name: String, answering body: String, end: String = "") throws -> PluginFixture {
        try PluginFixture(
            name: name,
            script: """
                #!/bin/sh
                echo $$ >> "$(dirname "$0")/pids"
                if [ "$1" = --graphexport-handshake ]; then echo '\(Self.handshake)'; exit 0; fi
                while read -r line; do
                \(body)
                done
                \(end)
                """, kind: "decoder", for: self)
    }

    private func objects(_ output: Data) throws -> [[String: Any]] {
        try String(decoding: output, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    func testTheSampleDecoderAddsThumbnailSizesAndFormatsListsIt() throws {
        let environment = ["GRAPHEXPORT_PLUGIN_PATH": Self.samples.appendingPathComponent("Plugins").path]
        let arguments =
            ["--entity", "Photo", "--shape", "flat", "-f", "jsonl"]
            + CommandRunner.scrapbook(in: Self.samples.appendingPathComponent("Scrapbook"))
        let result = try TimedCommand.run(arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.standardError)
        let photos = try objects(result.standardOutput)
        let sizes = photos.compactMap { photo -> String? in
            guard let width = photo["thumbnailWidth"] as? Int, let height = photo["thumbnailHeight"] as? Int else {
                return nil
            }
            return "\(width)x\(height)"
        }
        XCTAssertEqual(sizes, ["16x12", "12x16", "16x12", "6x8"])
        XCTAssertTrue(photos.allSatisfy { $0.keys.contains("thumbnailWidth") && $0.keys.contains("thumbnail") })

        let plain = try TimedCommand.run(["--no-decode", "pngsize"] + arguments, environment: environment)
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertTrue(try objects(plain.standardOutput).allSatisfy { !$0.keys.contains("thumbnailWidth") })

        let listing = try TimedCommand.run(["formats"], environment: environment)
        let text = String(decoding: listing.standardOutput, as: UTF8.self)
        XCTAssertTrue(
            text.contains(
                "pngsize  decoder   the width and height of a PNG thumbnail (example decoder)  (decoder plugin: "),
            text)
        XCTAssertTrue(text.contains("decodes Photo.thumbnail)"), text)
        XCTAssertTrue(text.contains("notes    decoder   Apple Notes"), text)
    }

    func testFormatsAsJSONListsTheDecodersWithWhatTheyDecodeAndAFailedHandshake() throws {
        let broken = try PluginFixture(
            name: "broken",
            script: """
                #!/bin/sh
                exit 3
                """, kind: "decoder", for: self)
        let path = Self.samples.appendingPathComponent("Plugins").path + ":" + broken.folder.path
        let listing = try TimedCommand.run(
            ["formats", "--format", "json"], environment: ["GRAPHEXPORT_PLUGIN_PATH": path])
        XCTAssertEqual(listing.status, 0, listing.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: listing.standardOutput) as? [String: Any])
        let decoders = try XCTUnwrap(object["decoders"] as? [[String: Any]])
        XCTAssertEqual(decoders.map { $0["name"] as? String }, ["notes", "pngsize", "broken"])
        for decoder in decoders {
            XCTAssertEqual(Set(decoder.keys), ["name", "origin", "summary", "decodes", "path", "error"], "\(decoder)")
        }
        XCTAssertEqual(decoders[0]["origin"] as? String, "built-in")
        XCTAssertEqual(decoders[0]["decodes"] as? [String], ["ICNoteData.data"])
        XCTAssertTrue(decoders[0]["path"] is NSNull)
        XCTAssertEqual(decoders[1]["origin"] as? String, "plugin")
        XCTAssertEqual(decoders[1]["decodes"] as? [String], ["Photo.thumbnail"])
        XCTAssertEqual(decoders[1]["summary"] as? String, "the width and height of a PNG thumbnail (example decoder)")
        XCTAssertTrue((decoders[1]["path"] as? String)?.hasSuffix("graphexport-decoder-pngsize") ?? false)
        XCTAssertTrue(decoders[1]["error"] is NSNull)
        XCTAssertTrue(decoders[2]["summary"] is NSNull)
        XCTAssertEqual(decoders[2]["decodes"] as? [String], [])
        XCTAssertTrue((decoders[2]["error"] as? String)?.contains("exit status 3") ?? false, "\(decoders[2])")
    }

    /// Before: every export failed with "received attribute 'probeW' twice" (the second claim,
    /// on an entity inheriting the first one's, added its output a second time).
    func testAClaimWhoseOutputAnEarlierClaimAddsInItsHierarchyIsSkippedWithAWarning() throws {
        let handshake =
            #"{"protocol":"graphexport-decoder","version":1,"summary":"probe","claims":[{"entity":"Item","#
            + #""attribute":"title"},{"entity":"Clipping","attribute":"kind"}],"#
            + #""outputs":[{"name":"probeW","type":"Integer 64"}]}"#
        let plugin = try PluginFixture(
            name: "probe",
            script: """
                #!/bin/sh
                if [ "$1" = --graphexport-handshake ]; then echo '\(handshake)'; exit 0; fi
                while read -r line; do echo '{"values":{"probeW":7}}'; done
                """, kind: "decoder", for: self)
        let result = try TimedCommand.run(
            ["-f", "jsonl"] + CommandRunner.scrapbook(in: Self.samples.appendingPathComponent("Scrapbook")),
            environment: plugin.environment)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardError,
            "graphexport: warning: decoder 'probe' does not decode Clipping.kind: 'probeW' is taken in Clipping's "
                + "hierarchy, by the output of decoder 'probe' for Item.title\n")
        let items = try objects(result.standardOutput).filter {
            ["Item", "Clipping", "Photo"].contains($0["@type"] as? String)
        }
        XCTAssertFalse(items.isEmpty)
        for item in items {
            XCTAssertEqual(item["probeW"] as? Int, item["title"] is String ? 7 : nil, "\(item)")
            XCTAssertTrue(item.keys.contains("probeW"), "\(item)")
        }
    }

    func testAnswersBecomeValuesAndAWarningAnswerIsAWarningNamingTheObject() throws {
        let plugin = try decoder(
            "length",
            answering: """
                case "$line" in
                *'/1"'*) echo '{"warning":"is the first"}' ;;
                *) echo '{"values":{"bodyLength":7}}' ;;
                esac
                """)
        let result = try plugin.export(rows: 3, ["-f", "jsonl"], for: self)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try objects(result.standardOutput).map { $0["bodyLength"] as? Int }, [nil, 7, 7])
        XCTAssertEqual(
            result.standardError,
            "graphexport: warning: Note Note/1 body: decoder 'length': the value is the first; its bytes are kept "
                + "and bodyLength is null\n")
        XCTAssertEqual(plugin.survivors(), [])
    }

    func testAnAnswerOverTheDecoderOutputLimitIsAWarningAndTheValueKeepsItsBytes() throws {
        // 2 MiB of spaces inside a valid answer: more than 1 MiB plus 16 bytes a byte of a short body.
        let plugin = try decoder(
            "bloat",
            answering: """
                printf '{"values":{"bodyLength":7}'
                head -c 2097152 /dev/zero | tr '\\0' ' '
                echo '}'
                """)
        let result = try plugin.export(rows: 2, ["-f", "jsonl"], for: self)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try objects(result.standardOutput).map { $0["bodyLength"] as? Int }, [nil, nil])
        let warnings = result.standardError.split(separator: "\n")
        XCTAssertEqual(warnings.count, 2, result.standardError)
        for warning in warnings {
            XCTAssertTrue(warning.hasPrefix("graphexport: warning: Note Note/"), String(warning))
            XCTAssertTrue(
                warning.contains("body: decoder 'bloat': the value would be decoded into more than "),
                String(warning))
        }
        XCTAssertEqual(plugin.survivors(), [])
    }

    func testADecoderThatDoesNotAnswerIsStoppedAndTheOutputFileNeverAppears() throws {
        let plugin = try decoder("hang", answering: "sleep 1000")
        let output = try CommandRunner.scratchFolder(for: self).appendingPathComponent("out.json")
        let result = try plugin.export(
            rows: 3, ["-o", output.path], environment: ["GRAPHEXPORT_PLUGIN_TIMEOUT": "0.5"], deadline: 20,
            for: self)
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError,
            "graphexport: error: decoder plugin 'hang' (\(plugin.path)) did not answer for the value of Note/1 within "
                + "0.5 s, so it was stopped; fix it, allow it longer with GRAPHEXPORT_PLUGIN_TIMEOUT=<seconds>, or "
                + "leave it out with --no-decode hang\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        XCTAssertEqual(plugin.survivors(), [], "the decoder's processes still run")
    }

    func testAnAnswerThatIsNoAnswerStopsTheExport() throws {
        let plugin = try decoder("nonsense", answering: #"echo '{"values":{"bodyLength":"seven"}}'"#)
        let result = try plugin.export(rows: 2, for: self)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardError.hasPrefix(
                "graphexport: error: decoder plugin 'nonsense' (\(plugin.path)) answered for the value of Note/1 "
                    + "with a line graphexport cannot use: its value of 'bodyLength' is no Integer 64"),
            result.standardError)
        XCTAssertEqual(plugin.survivors(), [])
    }

    func testADecoderThatExitsEarlyOrFailsAtTheEndIsAnError() throws {
        let early = try decoder("early", answering: "exit 3")
        let result = try early.export(rows: 2, for: self)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardError.contains(
                "decoder plugin 'early' (\(early.path)) exited before answering for the value of Note/1"),
            result.standardError)
        let failing = try decoder("failing", answering: #"echo '{"values":{}}'"#, end: "exit 4")
        let failed = try failing.export(rows: 2, for: self)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            failed.standardError,
            "graphexport: error: decoder plugin 'failing' (\(failing.path)) failed with exit status 4 during the "
                + "export; the export is incomplete (the plugin's own messages, if any, are above)\n")
    }

    func testABadHandshakeIsAnErrorThatNamesTheWayOut() throws {
        let plugin = try PluginFixture(
            name: "vague",
            script: "#!/bin/sh\necho '{\"protocol\":\"graphexport-decoder\",\"version\":1,\"claims\":[]}'\n",
            kind: "decoder", for: self)
        let result = try plugin.export(rows: 1, for: self)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError,
            "graphexport: error: decoder plugin 'vague' (\(plugin.path)) answered --graphexport-handshake with a "
                + "description graphexport cannot use: it needs a summary, claims and outputs (docs/PLUGINS.md); fix "
                + "or remove it, or leave it out with --no-decode vague\n")
        let skipped = try plugin.export(rows: 1, ["--no-decode", "vague"], for: self)
        XCTAssertEqual(skipped.status, 0, skipped.standardError)
    }
}
