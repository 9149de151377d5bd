import Foundation
import Prerequisites
import XCTest

/// An export of a large store (200 000 objects) ended by a signal halfway: the output's folder is
/// left exactly as it was, whatever the signal, SIGKILL included; a signal the export was started
/// ignoring stays ignored. Slow: it makes the store first.
final class OutputInterruptSlowTests: XCTestCase {
    nonisolated(unsafe) private static var storeFolder: URL?

    /// The large store (`big.sqlite`), made once for the class by `Benchmarks/make_large_store.py`.
    private func largeStore() throws -> URL {
        if let folder = Self.storeFolder { return folder.appendingPathComponent("big.sqlite") }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("graphexport-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("big.sqlite")
        do {
            try python(
                [
                    CommandRunner.repository.appendingPathComponent("Benchmarks/make_large_store.py").path, "200000",
                    store.path,
                ])
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        Self.storeFolder = folder
        return store
    }

    override class func tearDown() {
        if let folder = storeFolder { try? FileManager.default.removeItem(at: folder) }
        storeFolder = nil
        super.tearDown()
    }

    func testSIGKILLLeavesTheFolderAsItWas() throws {
        try assertInterruptionLeavesNothing(signal: SIGKILL, existingOutput: false)
    }

    func testSIGKILLLeavesAnExistingOutputUntouched() throws {
        try assertInterruptionLeavesNothing(signal: SIGKILL, existingOutput: true)
    }

    func testSIGINTLeavesAnExistingOutputUntouched() throws {
        try assertInterruptionLeavesNothing(signal: SIGINT, existingOutput: true)
    }

    func testSIGTERMLeavesAnExistingOutputUntouched() throws {
        try assertInterruptionLeavesNothing(signal: SIGTERM, existingOutput: true)
    }

    /// `-f sqlite -o` builds its database in the output's new file, which has no name until the
    /// end (`$TMPDIR` holds at most the unlinked files of SQLite's sorter): a signal while it
    /// builds leaves both folders as they were.
    func testSignalsWhileASQLiteDatabaseIsBuiltLeaveNothingBehind() throws {
        let store = try largeStore()
        for signal in [SIGTERM, SIGINT, SIGKILL] {
            let folder = try CommandRunner.scratchFolder(for: self)
            let temporary = folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let before = try FolderListing(folder)
            let export = try BoundedProcess.graphexport(
                ["--model", CommandRunner.scrapbookModel, "-o", "out.db", store.path], in: folder,
                environment: ["TMPDIR": temporary.path])
            try waitForOutputBytes(of: export.processIdentifier, in: folder)
            export.send(signal)
            let outcome = export.wait(limit: 60)
            XCTAssertEqual(outcome.reason, .uncaughtSignal, "the export was still running (signal \(signal))")
            XCTAssertEqual(try FolderListing(folder), before, "signal \(signal)")
        }
    }

    func testIgnoredSIGHUPStaysIgnoredWhileAPrivateCopyIsRegistered() throws {
        // A store in WAL mode is copied to a private folder, which is registered for removal on
        // SIGHUP; under `nohup` (SIGHUP ignored) the export must still run on.
        let folder = try CommandRunner.scratchFolder(for: self)
        let store = folder.appendingPathComponent("wal.sqlite")
        try FileManager.default.copyItem(at: try largeStore(), to: store)
        try python([
            "-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA journal_mode=WAL')", store.path,
        ])

        let export = try BoundedProcess(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", #"trap "" HUP; exec "$0" "$@""#, try CommandRunner.executable.path, "--model",
                CommandRunner.scrapbookModel, "-o", "out.json", store.path,
            ], in: folder, environment: ["TMPDIR": folder.path])
        try waitForOutputBytes(of: export.processIdentifier, in: folder)
        export.send(SIGHUP)
        usleep(300_000)
        XCTAssertTrue(export.isRunning, "SIGHUP ended an export that ignores it")
        export.send(SIGKILL)
    }

    /// Runs python3 with `arguments`.
    private func python(_ arguments: [String]) throws {
        let outcome = try BoundedProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments).wait(limit: 600)
        guard outcome.status == 0 else { throw Prerequisite.missing("python3 could not run \(arguments)") }
    }

    /// Starts an export into a fresh folder, sends `signal` once the output holds bytes, and
    /// compares the folder with what it was before.
    private func assertInterruptionLeavesNothing(signal: Int32, existingOutput: Bool) throws {
        let store = try largeStore()
        let folder = try CommandRunner.scratchFolder(for: self)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        if existingOutput { try Data("{\"old\": true}".utf8).write(to: folder.appendingPathComponent("out.json")) }
        let before = try FolderListing(folder)

        let export = try BoundedProcess.graphexport(
            ["--model", CommandRunner.scrapbookModel, "-o", "out.json", store.path], in: folder)
        try waitForOutputBytes(of: export.processIdentifier, in: folder)
        export.send(signal)
        let outcome = export.wait(limit: 60)

        XCTAssertEqual(outcome.reason, .uncaughtSignal, "the export was still running")
        XCTAssertEqual(outcome.status, signal)
        XCTAssertEqual(try FolderListing(folder), before)
    }

    /// Waits (at most 20 s) until process `pid` has a file open in `folder` with bytes in it: the
    /// export is under way and half written.
    private func waitForOutputBytes(of pid: Int32, in folder: URL) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if CommandRunner.hasOutput(of: pid, in: folder, atLeast: 1) { return }
            usleep(10_000)
        }
        XCTFail("the export did not start writing within 20 s")
    }
}
