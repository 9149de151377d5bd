import Foundation
import XCTest

/// A side file cut short while graphexport streams it into `-o`: the export stops with an error
/// naming the file and the object, exits 1, and leaves no output file.
final class ExternalDataEndToEndTests: XCTestCase {
    func testASideFileCutShortMidStreamIsAnErrorAndLeavesNoOutput() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let sideFile = copy.appendingPathComponent(CommandRunner.photo8Image).path
        let size = 4 << 30
        XCTAssertEqual(truncate(sideFile, off_t(size)), 0)
        let output = copy.deletingLastPathComponent().appendingPathComponent("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)

        for format in ["json", "xml", "yaml"] {
            let export = try BoundedProcess.graphexport(
                ["-o", output.appendingPathComponent("out.\(format)").path] + CommandRunner.scrapbook(in: copy))
            // Well into the image: the rest of the export is some 100 KB.
            waitForOutput(of: export, in: output, atLeast: 64 << 20)
            XCTAssertEqual(truncate(sideFile, 0), 0)
            let outcome = export.wait(limit: 120)
            let message = outcome.standardError
            XCTAssertEqual(outcome.status, 1, format)
            XCTAssertTrue(
                message.hasPrefix(
                    "graphexport: error: the file \(sideFile), the value of Photo p8 image, ended after "),
                "\(format): \(message)")
            XCTAssertTrue(
                message.hasSuffix(
                    " of its \(size) bytes while it was exported: it was cut short; export again once nothing writes "
                        + "to it\n"), "\(format): \(message)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [], format)
            XCTAssertEqual(truncate(sideFile, off_t(size)), 0)
        }
    }

    /// Waits until `process` has a file open in `folder` (its unnamed output) holding `bytes`
    /// bytes; fails if it ends first or takes more than a minute (and then stops it).
    private func waitForOutput(of process: BoundedProcess, in folder: URL, atLeast bytes: Int) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            if CommandRunner.hasOutput(of: process.processIdentifier, in: folder, atLeast: bytes) { return }
            guard Date() < deadline else {
                process.send(SIGTERM)
                return XCTFail("the export did not write \(bytes) bytes within 60 s")
            }
            usleep(10_000)
        }
        XCTFail("the export ended before it wrote \(bytes) bytes")
    }
}
