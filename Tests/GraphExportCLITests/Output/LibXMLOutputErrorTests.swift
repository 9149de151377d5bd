import Foundation
import Prerequisites
import XCTest

/// The XML, property list and GraphML formats share one libxml2 writer, whose write callback
/// reports every failure of the output to the writer rather than to libxml2: a reader that closes
/// the pipe early ends the export quietly (exit 0, as the JSON writer does), and any other write
/// error is the command's one error message, never libxml2's "I/O error : write error".
final class LibXMLOutputErrorTests: XCTestCase {
    private static let formats = ["xml", "plist", "graphml"]
    private static let store = [
        "--model", "CoreDataMigration_Example.xcdatamodeld", "CoreDataMigration_Example_3.sqlite",
    ]

    func testTheStoreNeedsManyWritesInEachFormat() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        for format in Self.formats {
            let result = try CommandRunner.run(["--format", format] + Self.store, in: folder)
            XCTAssertEqual(result.status, 0, format)
            XCTAssertEqual(result.standardError, "", format)
            // The writer hands the sink blocks of about 64 KiB, and a pipe holds 64 KiB.
            XCTAssertGreaterThan(result.standardOutput.count, 32 << 16, format)
        }
    }

    /// Each format's export of the 15 990 objects of a wibosco store, compact and pretty, into a
    /// pipe whose reader reads a few bytes and closes it: the command exits 0 and prints nothing on
    /// standard error.
    func testEachFormatIntoAPipeClosedEarlyEndsQuietly() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        for format in Self.formats {
            for layout in ["--compact", "--pretty"] {
                let run = try ClosedPipeRun(["--format", format, layout] + Self.store, in: folder, reading: 40)
                let text = String(decoding: run.start, as: UTF8.self)
                XCTAssertTrue(
                    text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#), "\(format) \(layout): \(text)")
                XCTAssertFalse(run.standardError.contains("I/O error"), "\(format) \(layout)")
                run.assertEndedQuietly("\(format) \(layout)")
            }
        }
    }

    func testAFullDeviceIsOneErrorNamingTheCause() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system")
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        for format in Self.formats {
            let (status, errors) = try run(["--format", format] + Self.store, in: folder) { process in
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            }
            XCTAssertEqual(status, 1, format)
            XCTAssertEqual(errors, "graphexport: error: cannot write the output: No space left on device\n", format)
            XCTAssertFalse(errors.contains("I/O error"), format)
        }
    }

    /// Runs graphexport with `arguments` in `folder`, its output set up by `connect`, and returns
    /// its exit status and standard error; a process killed by a signal fails the test.
    private func run(
        _ arguments: [String], in folder: URL, connect: (Process) throws -> Void
    ) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        try connect(process)
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "graphexport \(arguments.joined(separator: " "))")
        return (process.terminationStatus, errorText)
    }
}
