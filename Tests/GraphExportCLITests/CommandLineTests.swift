import Foundation
import XCTest

/// The command line's contract: help, version, usage errors and exit statuses.
final class CommandLineTests: XCTestCase {
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
        XCTAssertTrue(words.contains("Built in: json, xml, yaml, jsonl, plist, graphml."), result.text)
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

    func testUnknownOptionIsAUsageError() throws {
        let result = try CommandRunner.assertFails(
            ["--frobnicate", "store.sqlite"], beginning: "graphexport: error: unknown option '--frobnicate'")
        XCTAssertEqual(
            result.standardError.split(separator: "\n").dropFirst(),
            [
                "graphexport: note: usage: graphexport [<options>] <store>",
                "graphexport: note: see 'graphexport --help' for more information",
            ])
        XCTAssertEqual(result.standardOutput.count, 0)
    }

    func testUnknownFormatNamesTheFormats() throws {
        try CommandRunner.assertFails(
            ["--format", "toml", "store.sqlite"], saying: "unknown format 'toml' (values: json")
    }

    func testMissingStoreAndMissingValueAreUsageErrors() throws {
        try CommandRunner.assertFails([])
        try CommandRunner.assertFails(["store.sqlite", "--model"], saying: "missing value for '--model'")
        try CommandRunner.assertFails(["a.sqlite", "b.sqlite"])
    }

    /// As help and the README promise: JSON, with a warning that the extension named no format.
    func testOutputExtensionThatNamesNoFormatIsJSON() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook/Scrapbook.sqlite", for: self)
            .deletingLastPathComponent()
        let result = try CommandRunner.assertSucceeds(
            [
                "--model", CommandRunner.repository.path + "/Samples/Scrapbook/Scrapbook.xcdatamodeld", "-o", "out.txt",
                "Scrapbook.sqlite",
            ], in: folder)
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
    /// its tables, which one warning line and the header say, and every object is exported.
    func testStoreWithoutAnyModelIsExportedWithAnInferredModelAndOneWarning() throws {
        let result = try CommandRunner.assertSucceeds(["Samples/Scrapbook/Scrapbook.sqlite"])
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.standardError)
        XCTAssertTrue(lines.first?.hasPrefix("graphexport: warning: ") == true, result.standardError)
        XCTAssertTrue(result.standardError.contains("its model is inferred from its tables"), result.standardError)
        XCTAssertTrue(result.standardError.contains("--model gives the app's own names"), result.standardError)
        let document = try result.json()
        XCTAssertEqual(
            (document["@source"] as? [String: Any])?["model"] as? String,
            "Samples/Scrapbook/Scrapbook.sqlite (model inferred from its tables)")
        let counts = CommandRunner.repository.appendingPathComponent("Samples/Scrapbook/expected-counts.json")
        XCTAssertEqual(
            try ExportSummary(document).counts,
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: counts)) as? [String: Int]))
    }
}
