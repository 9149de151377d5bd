import Foundation
import XCTest

/// Paths that hold no store, or a damaged one, given to the built command with `-o`. Each run must
/// end within a time limit (a hang is killed and fails) with status 1 and a one-line error naming
/// the file; it leaves no output file; the store's folder holds afterwards exactly what it held,
/// byte for byte, and the `TMPDIR` given to the process is empty.
final class HostileStoreTests: XCTestCase {
    /// Seconds a run may take, far above what any of them needs.
    private let limit: TimeInterval = 30

    private enum Expected {
        /// Status 1 and one error line naming `path` and saying `text`.
        case failure(path: String, saying: String)
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
