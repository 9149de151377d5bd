import Foundation
import Prerequisites
import XCTest

/// A throwaway plugin for one test: an executable script `graphexport-format-<name>` (or, with
/// `kind` `decoder`, `graphexport-decoder-<name>`) alone in a temporary folder, removed after the
/// test with every process it recorded.
///
/// A script records its processes by appending their ids to `pids` beside itself
/// (`echo $$ $! >> "$(dirname "$0")/pids"`); ``survivors(within:)`` then tells which still run.
struct PluginFixture {
    let name: String
    let folder: URL
    let kind: String

    init(name: String, script: String, kind: String = "format", for test: XCTestCase) throws {
        folder = try ScratchFolder(for: test).url
        self.name = name
        self.kind = kind
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let fixture = self
        test.addTeardownBlock {
            for pid in fixture.recordedProcesses() { kill(pid, SIGKILL) }
        }
    }

    /// A well-behaved format plugin: a shell script that answers `--graphexport-handshake` with
    /// `graphexport-events 1 <handshake>` (its file extension, then its summary) and otherwise runs
    /// `body`.
    init(name: String, handshake: String, body: String, for test: XCTestCase) throws {
        try self.init(name: name, script: "#!/bin/sh\n\(Self.handshake(handshake))\n\(body)\n", for: test)
    }

    /// The line of a shell script that answers `--graphexport-handshake` with
    /// `graphexport-events 1 <handshake>`.
    static func handshake(_ handshake: String) -> String {
        "if [ \"$1\" = \"--graphexport-handshake\" ]; then echo \"graphexport-events 1 \(handshake)\"; exit 0; fi"
    }

    /// The plugin's path.
    var path: String { folder.appendingPathComponent("graphexport-\(kind)-\(name)").path }

    /// The environment that makes graphexport find this plugin first.
    var environment: [String: String] { ["GRAPHEXPORT_PLUGIN_PATH": folder.path] }

    /// The process ids the plugin's scripts recorded so far.
    func recordedProcesses() -> [pid_t] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("pids"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
    }

    /// The recorded processes still running once they had up to `seconds` to end. A zombie counts
    /// as ended: it runs nothing and only waits for whoever adopted it to collect its status.
    func survivors(within seconds: TimeInterval = 3) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let running = recordedProcesses().filter(Self.isRunning)
            if running.isEmpty || Date() > deadline { return running }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // `pid (command) state …`: the state follows the command's closing parenthesis.
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// Runs graphexport, with this plugin found first (`environment` added), on a fresh database of
    /// `rows` notes (``database(rows:for:)``) read as plain SQLite, with `options`; kills it after
    /// `deadline` seconds (``TimedCommand``).
    func export(
        rows: Int, _ options: [String] = [], environment: [String: String] = [:], deadline: TimeInterval = 30,
        for test: XCTestCase
    ) throws -> BoundedProcess.Outcome {
        let database = try Self.database(rows: rows, for: test)
        return try TimedCommand.run(
            ["--source", "sqlite"] + options + [database.path],
            environment: self.environment.merging(environment) { $1 },
            deadline: deadline)
    }

    /// A plain SQLite database of one table, `Note`, with `rows` rows of about 100 bytes, in a
    /// temporary folder removed after the test.
    static func database(rows: Int, for test: XCTestCase) throws -> URL {
        let folder = try ScratchDatabase.make(
            "notes.sqlite",
            sql: """
                CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT);
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows) - 1)
                INSERT INTO Note (body) SELECT 'note ' || i || ' ' || replace(hex(zeroblob(45)), '0', 'x') FROM n;
                """, for: test)
        return folder.appendingPathComponent("notes.sqlite")
    }
}
