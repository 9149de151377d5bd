import Foundation
import XCTest

/// A run of the built graphexport whose reader closes the pipe early: it reads the first bytes of
/// the output, closes its end of the pipe and waits for graphexport to end.
struct ClosedPipeRun {
    /// How graphexport ended.
    var reason: Process.TerminationReason
    /// The exit status, or the number of the signal that ended it.
    var status: Int32
    var standardError: String
    /// The bytes read before the pipe was closed.
    var start: Data

    /// Runs graphexport with `arguments` in `folder` and reads `count` bytes of its output.
    init(_ arguments: [String], in folder: URL, reading count: Int) throws {
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        start = output.fileHandleForReading.readData(ofLength: count)
        try output.fileHandleForReading.close()
        standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        reason = process.terminationReason
        status = process.terminationStatus
    }

    /// Fails unless graphexport exited 0 with nothing on standard error, as a closed pipe asks.
    func assertEndedQuietly(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reason, .exit, message, file: file, line: line)
        XCTAssertEqual(status, 0, message, file: file, line: line)
        XCTAssertEqual(standardError, "", message, file: file, line: line)
    }
}
