import Foundation
import Prerequisites
import XCTest

/// The peak memory of one run of the built command: its maximum resident set size, as GNU time
/// (`/usr/bin/time -f %M`) reports it.
///
/// Measured through that small process rather than by waiting for graphexport here: a child
/// started by a process inherits its parent's peak in the kernel's count (`ru_maxrss`), and the
/// test process is far larger than graphexport.
enum PeakMemory {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let time = "/usr/bin/time"

    /// Runs graphexport with `arguments`, its output thrown away, and returns its peak resident
    /// memory in bytes; throws unless it exits 0, skips where GNU time is missing.
    static func bytes(_ arguments: [String]) throws -> Int {
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw Prerequisite.missing("\(time) is missing: apt-get install time")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", try CommandRunner.executable.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let kilobytes = report.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            throw Failure(description: "graphexport \(arguments) ended with \(process.terminationStatus): \(report)")
        }
        return kilobytes * 1024
    }
}
