import Foundation
import XCTest

/// A side file cut short while graphexport streams it into `-o`: the export stops with an error
/// naming the file and the object, exits 1, and leaves no output file.
final class ExternalDataEndToEndTests: XCTestCase {
    /// Photo p8's image in the Scrapbook sample.
    private static let sideFile = ".Scrapbook_SUPPORT/_EXTERNAL_DATA/DFF75363-4E0E-48D9-9857-A9AE93F265E6"

    func testASideFileCutShortMidStreamIsAnErrorAndLeavesNoOutput() throws {
        let copy = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        let sideFile = copy.appendingPathComponent(Self.sideFile).path
        let size = 4 << 30
        XCTAssertEqual(truncate(sideFile, off_t(size)), 0)
        let output = copy.deletingLastPathComponent().appendingPathComponent("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)

        for format in ["json", "xml", "yaml"] {
            let process = Process()
            process.executableURL = try CommandRunner.executable
            process.arguments = [
                "--model", copy.appendingPathComponent("Scrapbook.xcdatamodeld").path, "-o",
                output.appendingPathComponent("out.\(format)").path,
                copy.appendingPathComponent("Scrapbook.sqlite").path,
            ]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Well into the image: the rest of the export is some 100 KB.
            waitForOutput(of: process, in: output, atLeast: 64 << 20)
            XCTAssertEqual(truncate(sideFile, 0), 0)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 1, format)
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
    private func waitForOutput(of process: Process, in folder: URL, atLeast bytes: Int) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            if CommandRunner.hasOutput(of: process.processIdentifier, in: folder, atLeast: bytes) { return }
            guard Date() < deadline else {
                process.terminate()
                return XCTFail("the export did not write \(bytes) bytes within 60 s")
            }
            usleep(10_000)
        }
        XCTFail("the export ended before it wrote \(bytes) bytes")
    }
}
