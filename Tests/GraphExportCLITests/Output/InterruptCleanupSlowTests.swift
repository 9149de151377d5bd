import Foundation
import XCTest

/// graphexport ended by SIGINT or SIGTERM while it reads a big store in WAL mode from its private
/// copy: the copy's folder (mode 0700) goes with it, the `TMPDIR` given to it is empty afterwards,
/// no output file is left, and the store's folder holds exactly what it held.
final class InterruptCleanupSlowTests: XCTestCase {
    private static let model = "Samples/Scrapbook/Scrapbook.xcdatamodeld"

    /// Converts the store given first to WAL mode, updates some items and copies the store and its
    /// log to the second path while the connection is open.
    private let convert = """
        import shutil, sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("PRAGMA wal_autocheckpoint=0")
        for step in range(5):
            c.execute("UPDATE ZITEM SET ZTITLE = 'updated ' || ? WHERE Z_PK % 997 = ?", (step, step))
        shutil.copyfile(sys.argv[1], sys.argv[2])
        shutil.copyfile(sys.argv[1] + "-wal", sys.argv[2] + "-wal")
        c.close()
        """

    func testSignalsDuringAnExportOfABigWALStoreLeaveNothingBehind() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        let writer = scratch.root.appendingPathComponent("writer.sqlite")
        let generator = CommandRunner.repository.appendingPathComponent("Benchmarks/make_large_store.py")
        let made = try BoundedProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", generator.path, "200000", writer.path]
        ).wait(limit: 300)
        XCTAssertEqual(made.status, 0, "make_large_store.py: \(made.standardError)")
        try BoundedProcess.runPython(convert, [writer.path, store.path])
        let before = try FolderListing(scratch.source)
        XCTAssertEqual(before.names, ["store.sqlite", "store.sqlite-wal"])
        for signal in [SIGINT, SIGTERM] {
            let output = scratch.output.appendingPathComponent("export.json")
            let export = try BoundedProcess.graphexport(
                ["--model", Self.model, "-o", output.path, store.path], environment: scratch.environment)
            guard let copy = waitForCopy(in: scratch.temporary, of: export) else { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
            export.send(signal)
            let outcome = export.wait(limit: 60)
            XCTAssertEqual(outcome.reason, .uncaughtSignal, "ended by signal \(signal): \(outcome.standardError)")
            XCTAssertEqual(outcome.status, signal)
            XCTAssertEqual(try scratch.leftInTemporary(), [], "signal \(signal) left the private copy")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.output.path), [])
            XCTAssertEqual(try FolderListing(scratch.source), before, "signal \(signal) changed the store's folder")
        }
    }

    /// The private folder once the store and its log are copied into it, or `nil` (the test has
    /// failed) when the export ends first or 60 s pass.
    private func waitForCopy(in temporary: URL, of export: BoundedProcess) -> URL? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && export.isRunning {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            for folder in folders {
                let copy = temporary.appendingPathComponent(folder)
                if FileManager.default.fileExists(atPath: copy.appendingPathComponent("store.sqlite-shm").path) {
                    return copy
                }
            }
            usleep(1_000)
        }
        XCTFail("the private copy never appeared in \(temporary.path)")
        return nil
    }
}
