import Foundation
import Prerequisites
import XCTest

/// Runs the Python programs that read exports as their users' tools do (NetworkX, plistlib, PyYAML).
enum Python {
    /// Runs a Python program with `arguments` (its `sys.argv[1:]`) and `input` on its standard
    /// input, and returns what it printed.
    static func run(_ program: String, arguments: [String] = [], input: Data) throws -> String {
        let run = try ProgramRun.run(try Prerequisite.executable("python3"), ["-c", program] + arguments, input: input)
        guard run.status == 0 else {
            throw Prerequisite.missing("python3 could not run the check (is networkx installed?): status \(run.status)")
        }
        let output = run.standardOutput
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
