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

    /// A well-behaved plugin named `name` that runs `body` once past the handshake.
    private func plugin(_ name: String, _ body: String) throws -> PluginFixture {
        try PluginFixture(name: name, handshake: "\(name) test plugin", body: body, for: self)
    }

    /// Exports a database of `rows` rows to `plugin`, its output to a file in an empty folder;
    /// expects one error line saying each of `phrases`, and the folder still empty.
    private func assertExportFails(
        to plugin: PluginFixture, rows: Int, saying phrases: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let output = try CommandRunner.scratchFolder(for: self)
        let result = try plugin.export(
            rows: rows, ["--format", plugin.name, "-o", output.appendingPathComponent("out.\(plugin.name)").path],
            for: self)
        assertOneLineError(result, naming: plugin, saying: phrases, file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [], file: file, line: line)
    }

    private func assertOneLineError(
        _ result: BoundedProcess.Outcome, naming plugin: PluginFixture, saying phrases: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(result.timedOut, "graphexport hung: \(result.standardError)", file: file, line: line)
        XCTAssertEqual(result.reason, .exit, file: file, line: line)
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
        let result = try plugin.export(rows: 3, ["--format", plugin.name], deadline: 20, for: self)
        assertOneLineError(result, naming: plugin, saying: ["did not answer --graphexport-handshake", "5 s"])
        XCTAssertGreaterThan(result.duration, 4.5)
        XCTAssertLessThan(result.duration, 10)
        XCTAssertEqual(result.standardOutput.count, 0)
        XCTAssertEqual(plugin.survivors(), [], "the plugin's processes still run")
    }

    func testAPluginThatAnswersButKeepsItsOutputOpenIsStoppedAndListedAsNotAnswering() throws {
        let plugin = try PluginFixture(
            name: "linger", script: "#!/bin/sh\necho 'graphexport-events 1 txt answers, then lingers'\n" + Self.hangs,
            for: self)
        let timeout = ["GRAPHEXPORT_PLUGIN_TIMEOUT": "1"]
        let result = try plugin.export(
            rows: 3, ["--format", plugin.name], environment: timeout, deadline: 15, for: self)
        assertOneLineError(result, naming: plugin, saying: ["did not answer --graphexport-handshake", "1 s"])

        let listing = try TimedCommand.run(
            ["formats"], environment: plugin.environment.merging(timeout) { $1 }, deadline: 15)
        XCTAssertFalse(listing.timedOut, "graphexport formats hung")
        XCTAssertEqual(listing.status, 0, listing.standardError)
        let text = listing.text
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
        let result = try plugin.export(rows: 3, ["--format", plugin.name], for: self)
        assertOneLineError(result, naming: plugin, saying: ["--graphexport-handshake", "garbage"])
        XCTAssertFalse(result.standardError.contains("second line"), result.standardError)
    }

    // MARK: The export

    func testAPluginThatExitsWithoutReadingItsInputIsAnError() throws {
        try assertExportFails(
            to: plugin("skip", "sleep 0.3\nexit 0"), rows: 3, saying: ["stopped reading before the end of the export"])
    }

    func testAPluginKilledByASignalIsAnErrorNamingTheSignal() throws {
        let plugin = try self.plugin("crash", "ulimit -c 0\nhead -c 100 > /dev/null\nkill -SEGV $$")
        // Small: all of it is written before the plugin dies. Large: the plugin dies mid-stream.
        for rows in [3, 30_000] {
            try assertExportFails(to: plugin, rows: rows, saying: ["signal 11", "SIGSEGV"])
        }
    }

    func testAPluginThatFailsWhileGraphexportWritesReportsItsStatus() throws {
        try assertExportFails(
            to: plugin("quit", "head -c 1000 > /dev/null\nexit 4"), rows: 30_000, saying: ["exit status 4"])
    }

    // MARK: Interrupts

    /// Runs an export of many rows to `plugin` and sends graphexport `signal` once the plugin has
    /// recorded its processes and had a moment to stall.
    private func interruptedExport(
        _ plugin: PluginFixture, signal: Int32, output: URL?
    ) throws -> BoundedProcess.Outcome {
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
        XCTAssertEqual(result.reason, .uncaughtSignal, "status \(result.status): \(result.standardError)")
        XCTAssertEqual(result.status, signal)
        XCTAssertEqual(plugin.survivors(), [], "the plugin's processes still run")
        return result
    }

    func testControlCOnAnExportStalledByAPluginThatNeverReadsLeavesNothingBehind() throws {
        let plugin = try self.plugin("stall", Self.hangs)
        let folder = try CommandRunner.scratchFolder(for: self)
        let previous = folder.appendingPathComponent("out.stall")
        try Data("the previous export\n".utf8).write(to: previous)
        let before = try FolderListing(folder)
        _ = try interruptedExport(plugin, signal: SIGINT, output: previous)
        XCTAssertEqual(try FolderListing(folder), before)
    }

    func testSIGTERMEndsAnExportWaitingForAPluginThatNeverExits() throws {
        let plugin = try self.plugin("linger", "cat > /dev/null\n" + Self.hangs)
        _ = try interruptedExport(plugin, signal: SIGTERM, output: nil)
    }
}
