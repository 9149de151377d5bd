import Foundation
import GraphExportTestSupport
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
        /// Status 0, an export with `rows` rows of `t`, and on standard error one warning line saying
        /// `warning`, or nothing when it is `nil`.
        case export(rows: Int, warning: String? = nil)
    }

    /// One hostile path: what a test makes of the store's path (`scratch` and `store` given), and
    /// what graphexport must do with it.
    private struct Case {
        let name: String
        let make: (InputScratch, URL) throws -> Expected
    }

    /// `count` reproducible random bytes.
    private static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SplitMix64(seed: seed)
        return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    func testPathsThatAreNotARegularFileOrAreEmpty() throws {
        try check([
            Case(name: "empty file") { _, store in
                try Data().write(to: store)
                return .failure(path: store.path, saying: "is empty (0 bytes): not an SQLite database")
            },
            Case(name: "link to /dev/null") { _, store in
                try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/dev/null")
                return .failure(path: store.path, saying: "is a character device, not a file")
            },
            Case(name: "FIFO, which must not hang") { _, store in
                XCTAssertEqual(mkfifo(store.path, 0o600), 0)
                return .failure(path: store.path, saying: "is a FIFO, not a file")
            },
            Case(name: "directory") { _, store in
                try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
                return .failure(path: store.path, saying: "is a directory, not a file")
            },
        ])
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

    func testFilesThatAreNotSQLiteOrDamagedAreErrors() throws {
        /// The plain fixture store with `damage` done to its bytes.
        func damaged(_ store: URL, _ damage: (inout Data) -> Void) throws {
            try StoreFixtures.plain(at: store)
            var bytes = try Data(contentsOf: store)
            damage(&bytes)
            try bytes.write(to: store)
        }
        try check([
            Case(name: "random bytes") { _, store in
                try Self.randomBytes(40_000, seed: 11).write(to: store)
                return .failure(path: store.path, saying: "file is not a database")
            },
            Case(name: "text") { _, store in
                try Data(String(repeating: "Not a database, just notes.\n", count: 500).utf8).write(to: store)
                return .failure(path: store.path, saying: "file is not a database")
            },
            Case(name: "store cut to half") { _, store in
                try damaged(store) { $0 = $0.prefix($0.count / 2) }
                return .failure(path: store.path, saying: "database disk image is malformed")
            },
            Case(name: "pages overwritten in the middle") { _, store in
                try damaged(store) { bytes in
                    let middle = bytes.count / 4096 / 2 * 4096
                    bytes.replaceSubrange(middle..<(middle + 3 * 4096), with: Self.randomBytes(3 * 4096, seed: 7))
                }
                return .failure(path: store.path, saying: "database disk image is malformed")
            },
            Case(name: "zeroed header") { _, store in
                try damaged(store) { $0.replaceSubrange(0..<100, with: Data(count: 100)) }
                return .failure(path: store.path, saying: "file is not a database")
            },
        ])
    }

    /// graphexport never reads the user's `-shm` (it only locks it while it copies the store, when
    /// it is a regular file): a FIFO there is left alone and the store is read. Every row of the WAL
    /// store is in the `-wal`; with its first bytes garbled SQLite drops the whole log and reads an
    /// empty table, and the export says so with the log's size; with the last transaction's commit
    /// frame cut short SQLite reads the four transactions before it, and the export says how much
    /// of the log it dropped.
    func testSideFilesThatAreNotFilesOrDamaged() throws {
        /// The WAL fixture store with `damage` done to the bytes of its log; returns the log's path
        /// and its size before.
        func damagedLog(_ store: URL, _ damage: (inout Data) -> Void) throws -> (path: String, size: Int) {
            try StoreFixtures.wal(at: store, batches: 5)
            let wal = URL(fileURLWithPath: store.path + "-wal")
            var log = try Data(contentsOf: wal)
            let size = log.count
            damage(&log)
            try log.write(to: wal)
            return (wal.path, size)
        }
        /// A FIFO as the side file `suffix` of a plain store (a WAL store with `wal`).
        func fifo(_ suffix: String, wal: Bool = false, _ expected: @escaping (URL) -> Expected) -> Case {
            Case(name: "\(suffix) that is a FIFO, which must not hang") { _, store in
                try wal ? StoreFixtures.wal(at: store) : StoreFixtures.plain(at: store)
                XCTAssertEqual(mkfifo(store.path + suffix, 0o600), 0, suffix)
                return expected(store)
            }
        }
        try check([
            fifo("-wal") { .failure(path: $0.path + "-wal", saying: "is a FIFO, not a file") },
            Case(name: "-wal that is a directory") { _, store in
                try StoreFixtures.wal(at: store)
                try FileManager.default.removeItem(atPath: store.path + "-wal")
                try FileManager.default.createDirectory(atPath: store.path + "-wal", withIntermediateDirectories: false)
                return .failure(path: store.path + "-wal", saying: "is a directory, not a file")
            },
            fifo("-journal") { .failure(path: $0.path + "-journal", saying: "is a FIFO, not a file") },
            fifo("-shm", wal: true) { _ in .export(rows: 5 * StoreFixtures.rowsPerBatch) },
            Case(name: "garbled -wal header") { _, store in
                let wal = try damagedLog(store) { $0.replaceSubrange(0..<8, with: Data("garbage!".utf8)) }
                return .export(
                    rows: 0,
                    warning: "\(wal.path): the write-ahead log's header is not valid, so SQLite ignores the whole log "
                        + "(\(wal.size) bytes)")
            },
            Case(name: "torn -wal tail") { _, store in
                _ = try damagedLog(store) { $0 = $0.prefix($0.count - 1_000) }
                return .export(
                    rows: 4 * StoreFixtures.rowsPerBatch,
                    warning: "of the write-ahead log are cut short or damaged, and ignored")
            },
            Case(name: "-wal of another database") { scratch, store in
                try StoreFixtures.wal(at: store, pageSize: 4096)
                let other = scratch.root.appendingPathComponent("other.sqlite")
                try StoreFixtures.wal(at: other, pageSize: 1024)
                try FileManager.default.removeItem(atPath: store.path + "-wal")
                try FileManager.default.copyItem(atPath: other.path + "-wal", toPath: store.path + "-wal")
                return .failure(
                    path: store.path + "-wal",
                    saying: "has pages of 1024 bytes but the store has pages of 4096 bytes, so it belongs to another "
                        + "database")
            },
        ])
    }

    // MARK: - The check

    /// Runs each case in a scratch folder of its own.
    private func check(_ cases: [Case]) throws {
        for hostile in cases {
            let scratch = try InputScratch(for: self)
            let store = scratch.store()
            try check(scratch, store, try hostile.make(scratch, store), named: hostile.name)
        }
    }

    private func check(
        _ scratch: InputScratch, _ store: URL, _ expected: Expected, named name: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try FolderListing(scratch.source)
        let output = scratch.output.appendingPathComponent("export.json")
        let outcome = try BoundedProcess.graphexport(
            ["-o", output.path, store.path], environment: scratch.environment
        ).wait(limit: limit, file: file, line: line)
        XCTAssertFalse(outcome.timedOut, name, file: file, line: line)
        /// Standard error is one line that begins `prefix` and says each of `phrases`.
        func assertOneLine(_ prefix: String, saying phrases: [String]) {
            XCTAssertEqual(
                outcome.errorLines.count, 1, "\(name): one line: \(outcome.standardError)", file: file, line: line)
            let message = outcome.errorLines.first ?? ""
            XCTAssertTrue(message.hasPrefix(prefix), "\(name): \(message)", file: file, line: line)
            for phrase in phrases {
                XCTAssertTrue(message.contains(phrase), "\(name): says '\(phrase)': \(message)", file: file, line: line)
            }
        }
        switch expected {
        case .failure(let path, let text):
            XCTAssertEqual(outcome.status, 1, "\(name): \(outcome.standardError)", file: file, line: line)
            assertOneLine("graphexport: error: ", saying: [path, text])
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: scratch.output.path), [], "\(name): no output file",
                file: file, line: line)
        case .export(let rows, let warning):
            XCTAssertEqual(outcome.status, 0, "\(name): \(outcome.standardError)", file: file, line: line)
            if let warning {
                assertOneLine("graphexport: warning: ", saying: [warning])
            } else {
                XCTAssertEqual(outcome.standardError, "", name, file: file, line: line)
            }
            let values = try StoreFixtures.values(inExport: try Data(contentsOf: output), file: file, line: line)
            XCTAssertEqual(values.count, rows, name, file: file, line: line)
        }
        XCTAssertEqual(
            try FolderListing(scratch.source), before, "\(name): the store's folder changed", file: file, line: line)
        XCTAssertEqual(try scratch.leftInTemporary(), [], "\(name): left in TMPDIR", file: file, line: line)
    }
}
