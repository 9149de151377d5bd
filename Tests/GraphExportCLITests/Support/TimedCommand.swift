import Foundation
import XCTest

/// Runs the built graphexport with a deadline, so that a test of a hang fails instead of hanging:
/// past the deadline graphexport is killed and the outcome says so (``BoundedProcess/Outcome``:
/// the exit status, or the signal's number when it ended by a signal).
///
/// Foundation's `Process` is no use here: it learns that its child ended when every copy of a
/// descriptor the child inherited is closed, so a grandchild left running keeps it waiting. This
/// spawns graphexport itself and polls `waitpid`; standard output and error go to files, which a
/// process left behind cannot hold open either.
enum TimedCommand {
    /// Runs graphexport with `arguments` in the current folder; once `interruptWhen` first
    /// returns true, sends it `signal`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], deadline: TimeInterval = 30,
        signal: Int32 = SIGINT, interruptWhen: (() -> Bool)? = nil
    ) throws -> BoundedProcess.Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphexport-timed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputFile = scratch.appendingPathComponent("stdout").path
        let errorFile = scratch.appendingPathComponent("stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let executable = try CommandRunner.executable.path
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for string in argv + envp { free(string) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        let start = Date()
        var interrupted = interruptWhen == nil
        var timedOut = false
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if !interrupted, interruptWhen?() == true {
                interrupted = true
                kill(pid, signal)
            }
            if !timedOut, Date().timeIntervalSince(start) > deadline {
                timedOut = true
                kill(pid, SIGKILL)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let seconds = Date().timeIntervalSince(start)
        let signalNumber = status & 0x7F
        return BoundedProcess.Outcome(
            status: signalNumber == 0 ? (status >> 8) & 0xFF : signalNumber,
            reason: signalNumber == 0 ? .exit : .uncaughtSignal,
            standardOutput: try Data(contentsOf: URL(fileURLWithPath: outputFile)),
            standardError: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorFile)), as: UTF8.self),
            duration: seconds, timedOut: timedOut)
    }
}
