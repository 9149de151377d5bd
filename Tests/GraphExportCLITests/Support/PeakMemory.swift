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
        try run(arguments, countingOutput: false).peak
    }

    /// Runs graphexport with `arguments` and returns its peak resident memory and the number of
    /// bytes it wrote to standard output, counted here as they come and thrown away; throws as
    /// ``bytes(_:)`` does.
    static func measure(_ arguments: [String]) throws -> (peak: Int, outputBytes: Int) {
        try run(arguments, countingOutput: true)
    }

    private static func run(_ arguments: [String], countingOutput: Bool) throws -> (peak: Int, outputBytes: Int) {
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw Prerequisite.missing("\(time) is missing: apt-get install time")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", try CommandRunner.executable.path] + arguments
        let output = Pipe()
        process.standardOutput = countingOutput ? output : FileHandle.nullDevice
        // A file, not a pipe, so that no pipe fills up while the output is being read.
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("graphexport-time-\(UUID())")
        guard FileManager.default.createFile(atPath: report.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: report.path])
        }
        defer { try? FileManager.default.removeItem(at: report) }
        process.standardError = try FileHandle(forWritingTo: report)
        try process.run()
        var outputBytes = 0
        if countingOutput {
            while let data = try output.fileHandleForReading.read(upToCount: 1 << 20), !data.isEmpty {
                outputBytes += data.count
            }
        }
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: report), as: UTF8.self)
        guard process.terminationStatus == 0,
            let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            throw Failure(description: "graphexport \(arguments) ended with \(process.terminationStatus): \(text)")
        }
        return (kilobytes * 1024, outputBytes)
    }
}
