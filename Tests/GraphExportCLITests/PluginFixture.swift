import Foundation
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphexport-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("graphexport-\(kind)-\(name)")
        try Data(script.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        self.name = name
        self.folder = folder
        self.kind = kind
        let fixture = self
        test.addTeardownBlock {
            for pid in fixture.recordedProcesses() { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(at: folder)
        }
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

    /// A plain SQLite database of one table, `Note`, with `rows` rows of about 100 bytes, in a
    /// temporary folder removed after the test.
    static func database(rows: Int, for test: XCTestCase) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphexport-database-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.sqlite")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("create table Note (id integer primary key, body text)")
            db.executemany("insert into Note (body) values (?)", [("note %d " % i + "x" * 90,) for i in range(\(rows))])
            db.commit()
            """,
            file.path,
        ]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, "python3 could not make \(file.path)")
        return file
    }
}
