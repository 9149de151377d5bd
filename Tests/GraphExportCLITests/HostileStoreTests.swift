import Foundation
import XCTest

/// Paths that hold no store, or a damaged one, given to the built command with `-o`. Each run must
/// end within a time limit (a hang is killed and fails), either with status 1 and a one-line error
/// naming the file, or, where the data can still be read, with status 0 and the export (and a
/// warning when SQLite drops part of the store's files); a failed run leaves no output file; the store's folder holds afterwards exactly what it held,
/// byte for byte, and the `TMPDIR` given to the process is empty.
final class HostileStoreTests: XCTestCase {
    /// Seconds a run may take, far above what any of them needs.
    private let limit: TimeInterval = 30

    private enum Expected {
        /// Status 1 and one error line naming `path` and saying `text`.
        case failure(path: String, saying: String)
        /// Status 0, one warning line saying `text`, and an export with `rows` rows of `t`.
        case warning(saying: String, rows: Int)
        /// Status 0, nothing on standard error, and an export with `rows` rows of `t`.
        case success(rows: Int)
    }

    // MARK: - Not a regular file, or empty

    func testEmptyFileIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try Data().write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "is empty (0 bytes): not an SQLite database"))
    }

    func testLinkToDevNullIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/dev/null")
        try check(scratch, store, .failure(path: store.path, saying: "is a character device, not a file"))
    }

    /// A private `/dev/zero` (character device 1, 5), which reads as endless zeros.
    func testCharacterDeviceIsAnError() throws {
        guard getuid() == 0 else { throw XCTSkip("making a character device with mknod needs root") }
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        let made = try BoundedProcess(URL(fileURLWithPath: "/usr/bin/env"), ["mknod", store.path, "c", "1", "5"])
            .wait(limit: limit)
        guard made.status == 0 else { throw XCTSkip("mknod cannot make a device here: \(made.standardError)") }
        try check(scratch, store, .failure(path: store.path, saying: "is a character device, not a file"))
    }

    func testFIFOIsAnErrorAndDoesNotHang() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        try check(scratch, store, .failure(path: store.path, saying: "is a FIFO, not a file"))
    }

    func testDirectoryIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
        try check(scratch, store, .failure(path: store.path, saying: "is a directory, not a file"))
    }

    // MARK: - Not SQLite, or damaged

    func testRandomBytesAreNotADatabase() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        var generator = SeededBytes(seed: 11)
        try Data((0..<40_000).map { _ in generator.next() }).write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "file is not a database"))
    }

    func testTextIsNotADatabase() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try Data(String(repeating: "Not a database, just notes.\n", count: 500).utf8).write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "file is not a database"))
    }

    func testStoreCutToHalfIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        let bytes = try Data(contentsOf: store)
        try bytes.prefix(bytes.count / 2).write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "database disk image is malformed"))
    }

    func testPagesOverwrittenInTheMiddleAreAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        var bytes = try Data(contentsOf: store)
        var generator = SeededBytes(seed: 7)
        let middle = bytes.count / 4096 / 2 * 4096
        bytes.replaceSubrange(middle..<(middle + 3 * 4096), with: (0..<(3 * 4096)).map { _ in generator.next() })
        try bytes.write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "database disk image is malformed"))
    }

    func testZeroedHeaderIsNotADatabase() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        var bytes = try Data(contentsOf: store)
        bytes.replaceSubrange(0..<100, with: Data(count: 100))
        try bytes.write(to: store)
        try check(scratch, store, .failure(path: store.path, saying: "file is not a database"))
    }

    // MARK: - Side files

    func testWALThatIsAFIFOIsAnErrorAndDoesNotHang() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        XCTAssertEqual(mkfifo(store.path + "-wal", 0o600), 0)
        try check(scratch, store, .failure(path: store.path + "-wal", saying: "is a FIFO, not a file"))
    }

    func testWALThatIsADirectoryIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store)
        try FileManager.default.removeItem(atPath: store.path + "-wal")
        try FileManager.default.createDirectory(atPath: store.path + "-wal", withIntermediateDirectories: false)
        try check(scratch, store, .failure(path: store.path + "-wal", saying: "is a directory, not a file"))
    }

    func testJournalThatIsAFIFOIsAnErrorAndDoesNotHang() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.plain(at: store)
        XCTAssertEqual(mkfifo(store.path + "-journal", 0o600), 0)
        try check(scratch, store, .failure(path: store.path + "-journal", saying: "is a FIFO, not a file"))
    }

    /// graphexport never reads the user's `-shm` (it only locks it while it copies the store, when it
    /// is a regular file): a FIFO there is left alone and the store is read.
    func testSHMThatIsAFIFOIsLeftAloneAndDoesNotHang() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store)
        XCTAssertEqual(mkfifo(store.path + "-shm", 0o600), 0)
        try check(scratch, store, .success(rows: 5 * StoreFixtures.rowsPerBatch))
    }

    /// Every row is in the `-wal`; with its first bytes garbled SQLite drops the whole log and
    /// reads an empty table: the export says so, with the log's size.
    func testGarbledWALHeaderIsReportedWithTheLogsSize() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store)
        let wal = URL(fileURLWithPath: store.path + "-wal")
        var log = try Data(contentsOf: wal)
        log.replaceSubrange(0..<8, with: Data("garbage!".utf8))
        try log.write(to: wal)
        try check(
            scratch, store,
            .warning(
                saying:
                    "\(wal.path): the write-ahead log's header is not valid, so SQLite ignores the whole log (\(log.count) bytes)",
                rows: 0))
    }

    /// The last transaction's commit frame is cut short: SQLite reads the four transactions before
    /// it, and the export says how much of the log it dropped.
    func testTornWALTailIsReported() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store, batches: 5)
        let wal = URL(fileURLWithPath: store.path + "-wal")
        let log = try Data(contentsOf: wal)
        try log.prefix(log.count - 1_000).write(to: wal)
        try check(
            scratch, store,
            .warning(
                saying: "of the write-ahead log are cut short or damaged, and ignored",
                rows: 4 * StoreFixtures.rowsPerBatch))
    }

    func testWALOfAnotherDatabaseIsAnError() throws {
        let scratch = try InputScratch(for: self)
        let store = scratch.store()
        try StoreFixtures.wal(at: store, pageSize: 4096)
        let other = scratch.root.appendingPathComponent("other.sqlite")
        try StoreFixtures.wal(at: other, pageSize: 1024)
        try FileManager.default.removeItem(atPath: store.path + "-wal")
        try FileManager.default.copyItem(atPath: other.path + "-wal", toPath: store.path + "-wal")
        try check(
            scratch, store,
            .failure(
                path: store.path + "-wal",
                saying:
                    "has pages of 1024 bytes but the store has pages of 4096 bytes, so it belongs to another database"))
    }

    // MARK: - The check

    private func check(
        _ scratch: InputScratch, _ store: URL, _ expected: Expected, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try FolderListing(scratch.source)
        let output = scratch.output.appendingPathComponent("export.json")
        let outcome = try BoundedProcess.graphexport(
            ["-o", output.path, store.path], environment: scratch.environment
        ).wait(limit: limit, file: file, line: line)
        XCTAssertFalse(outcome.timedOut, file: file, line: line)
        switch expected {
        case .failure(let path, let text):
            XCTAssertEqual(outcome.status, 1, outcome.standardError, file: file, line: line)
            XCTAssertEqual(outcome.errorLines.count, 1, "one line: \(outcome.standardError)", file: file, line: line)
            let message = outcome.errorLines.first ?? ""
            XCTAssertTrue(message.hasPrefix("graphexport: error: "), message, file: file, line: line)
            XCTAssertTrue(message.contains(path), "names \(path): \(message)", file: file, line: line)
            XCTAssertTrue(message.contains(text), "says '\(text)': \(message)", file: file, line: line)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: scratch.output.path), [], "no output file",
                file: file, line: line)
        case .warning(let text, let rows):
            XCTAssertEqual(outcome.status, 0, outcome.standardError, file: file, line: line)
            XCTAssertEqual(outcome.errorLines.count, 1, "one warning: \(outcome.standardError)", file: file, line: line)
            let message = outcome.errorLines.first ?? ""
            XCTAssertTrue(message.hasPrefix("graphexport: warning: "), message, file: file, line: line)
            XCTAssertTrue(message.contains(text), "says '\(text)': \(message)", file: file, line: line)
            let values = try StoreFixtures.values(inExport: try Data(contentsOf: output), file: file, line: line)
            XCTAssertEqual(values.count, rows, file: file, line: line)
        case .success(let rows):
            XCTAssertEqual(outcome.status, 0, outcome.standardError, file: file, line: line)
            XCTAssertEqual(outcome.standardError, "", file: file, line: line)
            let values = try StoreFixtures.values(inExport: try Data(contentsOf: output), file: file, line: line)
            XCTAssertEqual(values.count, rows, file: file, line: line)
        }
        XCTAssertEqual(try FolderListing(scratch.source), before, "the store's folder changed", file: file, line: line)
        XCTAssertEqual(try scratch.leftInTemporary(), [], "left in TMPDIR", file: file, line: line)
    }
}

/// Reproducible bytes (SplitMix64) for random-looking files.
struct SeededBytes {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: value ^ (value >> 31))
    }
}
