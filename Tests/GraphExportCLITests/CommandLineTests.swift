import Foundation
import XCTest

/// The command line's contract: help, version, usage errors and exit statuses.
final class CommandLineTests: XCTestCase {
    func testVersionPrintsTheVersionNumber() throws {
        let result = try CommandRunner.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.text, "0.1.0\n")
    }

    func testHelpListsTheFormatsFromTheRegistry() throws {
        let result = try CommandRunner.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.text.hasPrefix("OVERVIEW: "))
        XCTAssertTrue(result.text.contains("USAGE: graphexport"))
        XCTAssertTrue(result.text.contains("(values: json"), result.text)
        XCTAssertEqual(result.standardError, "")
    }

    func testFormatsListsEveryBuiltInFormat() throws {
        let result = try CommandRunner.run(["formats"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.text.hasPrefix("json"), result.text)
        XCTAssertTrue(result.text.contains(".json"))
    }

    func testUnknownOptionIsAUsageError() throws {
        let result = try CommandRunner.run(["--frobnicate", "store.sqlite"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.hasPrefix("Error: unknown option '--frobnicate'"), result.standardError)
        XCTAssertTrue(result.standardError.contains("Usage: graphexport"))
        XCTAssertTrue(result.standardError.contains("See 'graphexport --help'"))
        XCTAssertEqual(result.standardOutput.count, 0)
    }

    func testUnknownFormatNamesTheFormats() throws {
        let result = try CommandRunner.run(["--format", "toml", "store.sqlite"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("unknown format 'toml' (values: json"), result.standardError)
    }

    func testMissingStoreAndMissingValueAreUsageErrors() throws {
        XCTAssertEqual(try CommandRunner.run([]).status, 64)
        let missingValue = try CommandRunner.run(["store.sqlite", "--model"])
        XCTAssertEqual(missingValue.status, 64)
        XCTAssertTrue(missingValue.standardError.contains("missing value for '--model'"))
        let twoStores = try CommandRunner.run(["a.sqlite", "b.sqlite"])
        XCTAssertEqual(twoStores.status, 64)
    }

    func testOutputExtensionThatNamesNoFormatIsAUsageError() throws {
        let result = try CommandRunner.run(["-o", "out.unknown", "store.sqlite"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("does not name a format"), result.standardError)
    }

    func testMissingStoreFileIsOneClearLine() throws {
        let result = try CommandRunner.run([
            "--model", "Samples/Scrapbook/Scrapbook.xcdatamodeld", "no-such-store.sqlite",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardError.hasPrefix("graphexport: error: no-such-store.sqlite: "), result.standardError)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1)
    }

    /// The Scrapbook store keeps no `Z_MODELCACHE`: without `--model` its model is inferred from
    /// its tables, which one warning line and the header say, and every object is exported.
    func testStoreWithoutAnyModelIsExportedWithAnInferredModelAndOneWarning() throws {
        let result = try CommandRunner.run(["Samples/Scrapbook/Scrapbook.sqlite"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.standardError)
        XCTAssertTrue(lines.first?.hasPrefix("graphexport: warning: ") == true, result.standardError)
        XCTAssertTrue(result.standardError.contains("its model is inferred from its tables"), result.standardError)
        XCTAssertTrue(result.standardError.contains("pass --model"), result.standardError)
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
