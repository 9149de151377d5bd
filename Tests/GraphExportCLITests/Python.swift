import Foundation
import Prerequisites
import XCTest

/// Runs the Python programs that read exports as their users' tools do (NetworkX, plistlib, PyYAML).
enum Python {
    /// Runs a Python program with `arguments` (its `sys.argv[1:]`) and `input` on its standard
    /// input, and returns what it printed.
    static func run(_ program: String, arguments: [String] = [], input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        do {
            try process.run()
        } catch {
            throw Prerequisite.missing("python3 is not available: \(error)")
        }
        let writer = Thread {
            standardInput.fileHandleForWriting.write(input)
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Prerequisite.missing(
                "python3 could not run the check (is networkx installed?): status \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
