import Foundation
import XCTest

/// Hostile and broken format plugins (issue 11): none can hang graphexport past its handshake
/// timeout or an interrupt, each failure is one clear line naming the plugin, and none leaves an
/// output file or a running process behind. Every run has a deadline past which it is killed and
/// the test fails.
final class PluginFailureTests: XCTestCase {
    /// A plugin that records its processes, then waits forever with its standard output open.
    private static let hangs = """
        sleep 1000 &
        echo $$ $! >> "$(dirname "$0")/pids"
        wait
        """

    /// The handshake of a well-behaved plugin named `name`.
    private static func handshake(_ name: String) -> String {
        "if [ \"$1\" = \"--graphexport-handshake\" ]; then echo \"graphexport-events 1 \(name) test plugin\"; exit 0; fi"
    }

    /// An empty folder for `-o`, removed after the test.
    private func outputFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphexport-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func assertOneLineError(
        _ result: TimedCommandResult, naming plugin: PluginFixture, saying phrases: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(result.timedOut, "graphexport hung: \(result.standardError)", file: file, line: line)
        XCTAssertFalse(result.endedBySignal, file: file, line: line)
        XCTAssertEqual(result.status, 1, result.standardError, file: file, line: line)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "not one line: \(result.standardError.debugDescription)", file: file, line: line)
        XCTAssertTrue(
            result.standardError.hasPrefix("graphexport: error: format plugin '\(plugin.name)' (\(plugin.path))"),
            result.standardError, file: file, line: line)
        for phrase in phrases {
            XCTAssertTrue(result.standardError.contains(phrase), result.standardError, file: file, line: line)
        }
        XCTAssertFalse(
            result.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "control characters: \(result.standardError.debugDescription)", file: file, line: line)
    }

    // MARK: The handshake

    func testAPluginThatHangsAtTheHandshakeIsStoppedAfterFiveSeconds() throws {
        let plugin = try PluginFixture(name: "hang", script: "#!/bin/sh\n" + Self.hangs, for: self)
        let database = try PluginFixture.database(rows: 3, for: self)
        let result = try TimedCommand.run(
            ["--source", "sqlite", "--format", "hang", database.path], environment: plugin.environment, deadline: 20)
        assertOneLineError(result, naming: plugin, saying: ["did not answer --graphexport-handshake", "5 s"])
        XCTAssertGreaterThan(result.seconds, 4.5)
        XCTAssertLessThan(result.seconds, 10)
        XCTAssertEqual(result.standardOutput.count, 0)
        XCTAssertEqual(plugin.survivors(), [], "the plugin's processes still run")
    }

    func testAPluginThatAnswersButKeepsItsOutputOpenIsStoppedAndListedAsNotAnswering() throws {
        let plugin = try PluginFixture(
            name: "linger", script: "#!/bin/sh\necho 'graphexport-events 1 txt answers, then lingers'\n" + Self.hangs,
            for: self)
        let database = try PluginFixture.database(rows: 3, for: self)
        var environment = plugin.environment
        environment["GRAPHEXPORT_PLUGIN_TIMEOUT"] = "1"

        let export = try TimedCommand.run(
            ["--source", "sqlite", "--format", "linger", database.path], environment: environment, deadline: 15)
        assertOneLineError(export, naming: plugin, saying: ["did not answer --graphexport-handshake", "1 s"])

        let listing = try TimedCommand.run(["formats"], environment: environment, deadline: 15)
        XCTAssertFalse(listing.timedOut, "graphexport formats hung")
        XCTAssertEqual(listing.status, 0, listing.standardError)
        let text = String(decoding: listing.standardOutput, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("json"), text)
        let row = text.split(separator: "\n").first { $0.hasPrefix("linger ") }
        XCTAssertTrue(row?.contains("did not answer --graphexport-handshake") == true, text)
        XCTAssertTrue(row?.contains(plugin.path) == true, text)
        XCTAssertEqual(plugin.survivors(), [], "the plugin's processes still run")
    }

    func testAnUnreadablePluginTimeoutIsAnError() throws {
        let result = try TimedCommand.run(["formats"], environment: ["GRAPHEXPORT_PLUGIN_TIMEOUT": "soon"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("GRAPHEXPORT_PLUGIN_TIMEOUT is 'soon'"), result.standardError)
    }

    func testAnUnreadablePluginTimeoutDoesNotStopABuiltInFormat() throws {
        let database = try PluginFixture.database(rows: 3, for: self)
        let result = try TimedCommand.run(
            ["--source", "sqlite", "--format", "json", database.path],
            environment: ["GRAPHEXPORT_PLUGIN_TIMEOUT": "soon"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        XCTAssertTrue(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("{\"@source\""))
    }

    func testGarbageAtTheHandshakeIsOneLineNamingThePlugin() throws {
        let plugin = try PluginFixture(
            name: "garbage", script: "#!/bin/sh\nprintf '\\033[2J\\001\\377garbage\\rmore\\nsecond line\\n'\n",
            for: self)
        let database = try PluginFixture.database(rows: 3, for: self)
        let result = try TimedCommand.run(
            ["--source", "sqlite", "--format", "garbage", database.path], environment: plugin.environment)
        assertOneLineError(result, naming: plugin, saying: ["--graphexport-handshake", "garbage"])
        XCTAssertFalse(result.standardError.contains("second line"), result.standardError)
    }

    // MARK: The export

    func testAPluginThatExitsWithoutReadingItsInputIsAnError() throws {
        let plugin = try PluginFixture(
            name: "skip", script: "#!/bin/sh\n\(Self.handshake("skip"))\nsleep 0.3\nexit 0\n", for: self)
        let database = try PluginFixture.database(rows: 3, for: self)
        let output = try outputFolder()
        let result = try TimedCommand.run(
            [
                "--source", "sqlite", "--format", "skip", "-o", output.appendingPathComponent("out.skip").path,
                database.path,
            ],
            environment: plugin.environment)
        assertOneLineError(result, naming: plugin, saying: ["stopped reading before the end of the export"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [])
    }

    func testAPluginKilledByASignalIsAnErrorNamingTheSignal() throws {
        let plugin = try PluginFixture(
            name: "crash",
            script: "#!/bin/sh\n\(Self.handshake("crash"))\nulimit -c 0\nhead -c 100 > /dev/null\nkill -SEGV $$\n",
            for: self)
        // Small: all of it is written before the plugin dies. Large: the plugin dies mid-stream.
        for rows in [3, 30_000] {
            let database = try PluginFixture.database(rows: rows, for: self)
            let output = try outputFolder()
            let result = try TimedCommand.run(
                [
                    "--source", "sqlite", "--format", "crash", "-o", output.appendingPathComponent("out.crash").path,
                    database.path,
                ],
                environment: plugin.environment)
            assertOneLineError(result, naming: plugin, saying: ["signal 11", "SIGSEGV"])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [])
        }
    }

    func testAPluginThatFailsWhileGraphexportWritesReportsItsStatus() throws {
        let plugin = try PluginFixture(
            name: "quit", script: "#!/bin/sh\n\(Self.handshake("quit"))\nhead -c 1000 > /dev/null\nexit 4\n", for: self)
        let database = try PluginFixture.database(rows: 30_000, for: self)
        let output = try outputFolder()
        let result = try TimedCommand.run(
            [
                "--source", "sqlite", "--format", "quit", "-o", output.appendingPathComponent("out.quit").path,
                database.path,
            ],
            environment: plugin.environment)
        assertOneLineError(result, naming: plugin, saying: ["exit status 4"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [])
    }

    // MARK: Interrupts

    /// Runs an export of many rows to `plugin` and sends graphexport `signal` once the plugin has
    /// recorded its processes and had a moment to stall.
    private func interruptedExport(
        _ plugin: PluginFixture, signal: Int32, output: URL?
    ) throws -> TimedCommandResult {
        let database = try PluginFixture.database(rows: 30_000, for: self)
        var started: Date?
        let result = try TimedCommand.run(
            ["--source", "sqlite", "--format", plugin.name] + (output.map { ["-o", $0.path] } ?? []) + [database.path],
            environment: plugin.environment, deadline: 20, signal: signal,
            interruptWhen: {
                if started == nil, plugin.recordedProcesses().count >= 2 { started = Date() }
                return started.map { Date().timeIntervalSince($0) > 0.3 } ?? false
            })
        XCTAssertFalse(result.timedOut, "graphexport did not end on signal \(signal): \(result.standardError)")
        XCTAssertTrue(result.endedBySignal, "status \(result.status): \(result.standardError)")
        XCTAssertEqual(result.status, signal)
        XCTAssertEqual(plugin.survivors(), [], "the plugin's processes still run")
        return result
    }

    func testControlCOnAnExportStalledByAPluginThatNeverReadsLeavesNothingBehind() throws {
        let plugin = try PluginFixture(
            name: "stall", script: "#!/bin/sh\n\(Self.handshake("stall"))\n" + Self.hangs, for: self)
        let folder = try outputFolder()
        let previous = folder.appendingPathComponent("out.stall")
        try Data("the previous export\n".utf8).write(to: previous)
        let before = try CommandRunner.snapshot(folder)
        _ = try interruptedExport(plugin, signal: SIGINT, output: previous)
        XCTAssertEqual(try CommandRunner.snapshot(folder), before)
    }

    func testSIGTERMEndsAnExportWaitingForAPluginThatNeverExits() throws {
        let plugin = try PluginFixture(
            name: "linger", script: "#!/bin/sh\n\(Self.handshake("linger"))\ncat > /dev/null\n" + Self.hangs, for: self)
        _ = try interruptedExport(plugin, signal: SIGTERM, output: nil)
    }
}
