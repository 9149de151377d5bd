import Foundation
import XCTest

/// The exact output of `graphexport inspect` for the Scrapbook sample, as text and as JSON, pinned
/// in `Golden/`. Set `GRAPHEXPORT_RECORD_GOLDEN=1` to write them anew (the tests then fail, saying
/// so). The command runs in the repository with the sample's relative paths, so that the files do
/// not depend on the machine.
final class InspectGoldenTests: XCTestCase {
    private static let arguments = [
        "inspect", "--model", "Samples/Scrapbook/Scrapbook.xcdatamodeld", "Samples/Scrapbook/Scrapbook.sqlite",
    ]

    func testText() throws {
        try assertGolden("inspect-scrapbook.txt", arguments: Self.arguments)
    }

    func testJSON() throws {
        try assertGolden("inspect-scrapbook.json", arguments: Self.arguments + ["--format", "json"])
    }

    private func assertGolden(
        _ name: String, arguments: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try CommandRunner.assertSucceeds(arguments, file: file, line: line)
        XCTAssertEqual(result.standardError, "", file: file, line: line)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GRAPHEXPORT_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try result.standardOutput.write(to: url)
            return XCTFail(
                "recorded Golden/\(name) (GRAPHEXPORT_RECORD_GOLDEN=1): check it and run again", file: file, line: line)
        }
        guard let golden = FileManager.default.contents(atPath: url.path) else {
            return XCTFail("Golden/\(name) is missing: run with GRAPHEXPORT_RECORD_GOLDEN=1", file: file, line: line)
        }
        XCTAssertEqual(
            String(decoding: result.standardOutput, as: UTF8.self), String(decoding: golden, as: UTF8.self),
            "the output differs from Golden/\(name); re-record with GRAPHEXPORT_RECORD_GOLDEN=1 if intended",
            file: file, line: line)
    }
}
