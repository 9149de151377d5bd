import Foundation

/// How a program that ``ProgramRun/run(_:_:input:in:environment:)`` ran ended, and what it printed.
public struct ProgramRun {
    /// The exit status.
    public var status: Int32
    /// What it wrote to standard output.
    public var standardOutput: Data
    /// What it wrote to standard error, as text.
    public var standardError: String

    /// The standard output as text.
    public var text: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Runs `executable` with `arguments` in `folder` (the current one by default), the
    /// environment with `environment` added and `input` on its standard input, and waits for it.
    /// Standard error goes to a file, so that a program that fills it cannot block on a pipe
    /// nobody reads yet.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, in folder: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> ProgramRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        process.standardOutput = output
        process.standardError = errorHandle
        let standardInput = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        if let input {
            let writer = Thread {
                try? standardInput.fileHandleForWriting.write(contentsOf: input)
                try? standardInput.fileHandleForWriting.close()
            }
            writer.start()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramRun(
            status: process.terminationStatus, standardOutput: outputData,
            standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
