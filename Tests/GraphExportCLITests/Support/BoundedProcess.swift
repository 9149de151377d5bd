import Foundation
import Prerequisites
import XCTest

/// A child process with a time limit: its output goes to files (it never blocks on a full pipe), a
/// test can signal it, and one still running at its limit is killed and fails the test, so that a
/// hang fails instead of blocking the suite.
final class BoundedProcess {
    /// How a process ended and what it printed.
    struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var standardOutput: Data
        var standardError: String
        /// Seconds from start to end.
        var duration: TimeInterval
        /// Whether it was killed at its time limit.
        var timedOut: Bool

        var text: String { String(decoding: standardOutput, as: UTF8.self) }

        /// The lines of standard error, without empty ones.
        var errorLines: [String] {
            standardError.split(separator: "\n").map(String.init)
        }
    }

    private let process = Process()
    private let outputFile: URL
    private let errorFile: URL
    private let started = Date()

    /// Starts `executable` with `arguments` in `folder`, with `environment` added to the test's.
    init(_ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws {
        let scratch = FileManager.default.temporaryDirectory
        outputFile = scratch.appendingPathComponent("bounded-\(UUID().uuidString).out")
        errorFile = scratch.appendingPathComponent("bounded-\(UUID().uuidString).err")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = folder ?? CommandRunner.repository
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// Starts the built graphexport.
    static func graphexport(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> BoundedProcess
    {
        try BoundedProcess(try CommandRunner.executable, arguments, in: folder, environment: environment)
    }

    /// Starts `python3 -c program arguments…`; a machine without python3 skips the test.
    static func python(_ program: String, _ arguments: [String] = [], in folder: URL? = nil) throws -> BoundedProcess {
        do {
            return try BoundedProcess(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program] + arguments, in: folder)
        } catch {
            throw Prerequisite.missing("python3 is not available: \(error)")
        }
    }

    /// Runs a Python program to its end (at most `limit` seconds) and fails unless it succeeds.
    static func runPython(
        _ program: String, _ arguments: [String] = [], limit: TimeInterval = 120, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let outcome = try python(program, arguments).wait(limit: limit, file: file, line: line)
        guard outcome.status == 0, outcome.reason == .exit else {
            throw Prerequisite.missing("python3 failed (status \(outcome.status)): \(outcome.standardError)")
        }
    }

    /// The process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// What the process printed to standard output so far.
    var outputSoFar: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Waits until standard output contains `text`; fails the test and returns `false` when the
    /// process ends first or `limit` seconds pass.
    func waitForOutput(_ text: String, limit: TimeInterval, file: StaticString = #filePath, line: UInt = #line) -> Bool
    {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if outputSoFar.contains(text) { return true }
            guard process.isRunning else { break }
            usleep(5_000)
        }
        XCTFail("the child never printed '\(text)': \(outputSoFar)", file: file, line: line)
        return false
    }

    /// Waits for the process to end, for at most `limit` seconds; a process still running then is
    /// killed and fails the test.
    func wait(limit: TimeInterval, file: StaticString = #filePath, line: UInt = #line) -> Outcome {
        let deadline = started.addingTimeInterval(limit)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                XCTFail("killed after \(limit) s: \(process.arguments ?? [])", file: file, line: line)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        let output = (try? Data(contentsOf: outputFile)) ?? Data()
        let error = (try? Data(contentsOf: errorFile)) ?? Data()
        return Outcome(
            status: process.terminationStatus, reason: process.terminationReason, standardOutput: output,
            standardError: String(decoding: error, as: UTF8.self), duration: Date().timeIntervalSince(started),
            timedOut: timedOut)
    }
}

/// What a folder holds, looked at without opening anything but regular files (a FIFO would block):
/// each entry's relative path with a regular file's bytes, a symbolic link's target, or the kind of
/// anything else.
struct FolderListing: Equatable, CustomStringConvertible {
    /// One entry of the folder.
    enum Entry: Equatable {
        case file(Data)
        case link(String)
        case folder
        case fifo
        case device(UInt64)
        case other
    }

    private(set) var entries: [String: Entry] = [:]

    init(_ folder: URL) throws {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let full = folder.appendingPathComponent(path).path
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: entries[path] = .file(try Data(contentsOf: URL(fileURLWithPath: full)))
            case S_IFLNK: entries[path] = .link(try FileManager.default.destinationOfSymbolicLink(atPath: full))
            case S_IFDIR: entries[path] = .folder
            case S_IFIFO: entries[path] = .fifo
            case S_IFCHR, S_IFBLK: entries[path] = .device(UInt64(status.st_rdev))
            default: entries[path] = .other
            }
        }
    }

    /// The entry names.
    var names: [String] { entries.keys.sorted() }

    var description: String {
        names.map { name in
            switch entries[name]! {
            case .file(let data): return "\(name): \(data.count) bytes"
            case let entry: return "\(name): \(entry)"
            }
        }.joined(separator: "\n")
    }
}
