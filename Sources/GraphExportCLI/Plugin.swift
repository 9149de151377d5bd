#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An external format plugin: an executable `graphexport-format-<name>` (`docs/PLUGINS.md`).
struct Plugin {
    /// The file name prefix that makes an executable a plugin.
    static let prefix = "graphexport-format-"

    /// The format name (`csv` for `graphexport-format-csv`).
    let name: String
    /// The executable's path.
    let path: String

    /// What a plugin says of itself when run with `--graphexport-handshake`.
    struct Description {
        let protocolVersion: Int
        let fileExtension: String
        let summary: String
    }

    /// Runs the plugin with `--graphexport-handshake` and reads its one-line answer,
    /// `graphexport-events <version> <extension> <summary>`.
    func describe() throws -> Description {
        let (status, output) = try Self.capture([path, "--graphexport-handshake"])
        let line = output.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let words = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard status == 0, words.count >= 3, words[0] == "graphexport-events", let version = Int(words[1]) else {
            throw PluginError.badHandshake(name: name, path: path, answer: line)
        }
        guard version == 1 else { throw PluginError.unsupportedVersion(name: name, path: path, version: version) }
        return Description(protocolVersion: version, fileExtension: words[2], summary: words.count > 3 ? words[3] : "")
    }

    /// Starts the plugin with its standard output on `output`; events go to the returned pipe.
    func start(output: Int32) throws -> RunningPlugin {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw PluginError.cannotStart(name: name, path: path, reason: Self.lastError())
        }
        let pid = try Self.spawn([path], standardInput: pipeEnds[0], standardOutput: output, closing: pipeEnds[1])
        close(pipeEnds[0])
        return RunningPlugin(plugin: self, pid: pid, input: pipeEnds[1])
    }

    /// Runs `arguments` to its end and returns its exit status and standard output.
    private static func capture(_ arguments: [String]) throws -> (Int32, String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw PluginError.cannotStart(name: arguments[0], path: arguments[0], reason: lastError())
        }
        let pid = try spawn(arguments, standardInput: nil, standardOutput: pipeEnds[1], closing: pipeEnds[0])
        close(pipeEnds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        close(pipeEnds[0])
        return (wait(for: pid), String(decoding: bytes, as: UTF8.self))
    }

    static func spawn(_ arguments: [String], standardInput: Int32?, standardOutput: Int32, closing unused: Int32) throws
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_addclose(&actions, unused)
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard status == 0 else {
            throw PluginError.cannotStart(
                name: arguments[0], path: arguments[0], reason: String(cString: strerror(status)))
        }
        return pid
    }

    /// Waits for `pid` and returns its exit status, or 128 + the signal that ended it.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// A plugin process that is reading the event stream.
final class RunningPlugin {
    let plugin: Plugin
    let pid: pid_t
    /// The write end of the plugin's standard input.
    let input: Int32
    private var isRunning = true

    init(plugin: Plugin, pid: pid_t, input: Int32) {
        self.plugin = plugin
        self.pid = pid
        self.input = input
    }

    /// Closes the event stream and waits for the plugin; a non-zero exit is an error.
    func finish() throws {
        guard isRunning else { return }
        isRunning = false
        close(input)
        let status = Plugin.wait(for: pid)
        guard status == 0 else { throw PluginError.failed(name: plugin.name, path: plugin.path, status: status) }
    }

    /// Ends the plugin after a failed export, unless it has been waited for already.
    func abandon() {
        guard isRunning else { return }
        isRunning = false
        close(input)
        kill(pid, SIGTERM)
        _ = Plugin.wait(for: pid)
    }
}

/// A plugin that could not do its part.
enum PluginError: Error, CustomStringConvertible {
    case cannotStart(name: String, path: String, reason: String)
    case badHandshake(name: String, path: String, answer: String)
    case unsupportedVersion(name: String, path: String, version: Int)
    case closedEarly(name: String, path: String)
    case failed(name: String, path: String, status: Int32)
    case needsFileOutput(name: String)

    var description: String {
        switch self {
        case .cannotStart(let name, let path, let reason):
            return "format plugin '\(name)' (\(path)) cannot be started: \(reason)"
        case .badHandshake(let name, let path, let answer):
            return
                "format plugin '\(name)' (\(path)) answered --graphexport-handshake with '\(answer)', not 'graphexport-events <version> <extension> <summary>'"
        case .unsupportedVersion(let name, let path, let version):
            return
                "format plugin '\(name)' (\(path)) speaks protocol version \(version); this graphexport speaks version 1"
        case .closedEarly(let name, let path):
            return "format plugin '\(name)' (\(path)) stopped reading before the end of the export"
        case .failed(let name, let path, let status):
            return "format plugin '\(name)' (\(path)) failed with exit status \(status)"
        case .needsFileOutput(let name):
            return "format plugin '\(name)' writes to a file or standard output only"
        }
    }
}
