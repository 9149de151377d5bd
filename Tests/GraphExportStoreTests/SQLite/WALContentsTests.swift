import CSQLite
import Foundation
import GraphExport
import XCTest

@testable import GraphExportSQLite

/// The reading of a write-ahead log, against logs SQLite wrote.
final class WALContentsTests: XCTestCase {
    private let frameSize = 24 + 4096

    /// A WAL database of 5 transactions of 40 rows each, kept open so that its `-wal` stays; the
    /// returned bytes are the log's.
    private func writtenLog(_ folder: ScratchFolder) throws -> (PlainDatabase, Data) {
        let database = try PlainDatabase(
            walIn: folder, sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); PRAGMA wal_checkpoint(TRUNCATE);")
        for batch in 0..<5 {
            var sql = "BEGIN;"
            for row in 0..<40 {
                sql += "INSERT INTO t(v) VALUES ('batch \(batch) row \(row) \(String(repeating: "x", count: 150))');"
            }
            try database.execute(sql + "COMMIT;")
        }
        return (database, try Data(contentsOf: URL(fileURLWithPath: database.path + "-wal")))
    }

    private func contents(of log: Data, in folder: ScratchFolder, name: String = "log") throws -> WALContents {
        let path = folder.path(name)
        try log.write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return try WALContents(descriptor: descriptor, path: path)
    }

    /// The frame indexes (from 0) of the commit frames.
    private func commitFrames(_ log: Data) -> [Int] {
        (0..<((log.count - 32) / frameSize)).filter { frame in
            let offset = 32 + frame * frameSize + 4
            return log[offset..<(offset + 4)].contains { $0 != 0 }
        }
    }

    func testALogSQLiteWroteIsUsedWhole() throws {
        let folder = try ScratchFolder(for: self)
        let (_, log) = try writtenLog(folder)
        let contents = try contents(of: log, in: folder)
        XCTAssertEqual(contents.header?.pageSize, 4096)
        XCTAssertEqual(contents.committedFrames, (log.count - 32) / frameSize)
        XCTAssertEqual(commitFrames(log).count, 5)
        XCTAssertEqual(contents.ignoredBytes, 0)
        XCTAssertNil(try contents.warning(path: "log", storePageSize: 4096, writing: false))
    }

    func testACutShortCommitFrameEndsTheLogAtThePreviousCommit() throws {
        let folder = try ScratchFolder(for: self)
        let (_, log) = try writtenLog(folder)
        let contents = try contents(of: log.prefix(log.count - 100), in: folder)
        let commits = commitFrames(log)
        XCTAssertEqual(contents.committedFrames, commits[3] + 1)
        XCTAssertEqual(contents.ignoredFrames, commits[4] - commits[3])
        XCTAssertEqual(contents.ignoredBytes, log.count - 100 - 32 - (commits[3] + 1) * frameSize)
    }

    func testADamagedFrameDropsEveryTransactionFromItOn() throws {
        let folder = try ScratchFolder(for: self)
        let (_, log) = try writtenLog(folder)
        let commits = commitFrames(log)
        var damaged = log
        damaged[32 + (commits[1] + 1) * frameSize + 24 + 1000] ^= 0xFF
        let contents = try contents(of: damaged, in: folder)
        XCTAssertEqual(contents.committedFrames, commits[1] + 1)
        XCTAssertEqual(contents.ignoredFrames, (log.count - 32) / frameSize - commits[1] - 1)
        let warning = try XCTUnwrap(try contents.warning(path: "log", storePageSize: 4096, writing: false))
        XCTAssertTrue(warning.message.contains("the last \(contents.ignoredBytes) bytes"), warning.message)
        XCTAssertNil(
            try contents.warning(path: "log", storePageSize: 4096, writing: true),
            "frames after the last commit are a live writer's own")
    }

    func testAGarbledHeaderDropsTheWholeLog() throws {
        let folder = try ScratchFolder(for: self)
        let (_, log) = try writtenLog(folder)
        var garbled = log
        garbled[20] ^= 0x01
        let contents = try contents(of: garbled, in: folder)
        XCTAssertNil(contents.header)
        XCTAssertEqual(contents.ignoredBytes, log.count)
        let warning = try XCTUnwrap(try contents.warning(path: "log", storePageSize: 4096, writing: false))
        XCTAssertTrue(warning.message.contains("ignores the whole log (\(log.count) bytes)"), warning.message)
    }

    func testAnotherPageSizeOrFormatVersionIsAnError() throws {
        let folder = try ScratchFolder(for: self)
        let (_, log) = try writtenLog(folder)
        let contents = try contents(of: log, in: folder)
        XCTAssertThrowsError(try contents.warning(path: "x-wal", storePageSize: 1024, writing: false)) { error in
            XCTAssertEqual(
                error as? SQLiteError, .walOfAnotherDatabase(path: "x-wal", walPageSize: 4096, storePageSize: 1024))
        }
        var versioned = log
        versioned.replaceSubrange(4..<8, with: [0, 0x2D, 0xE2, 0x19])
        let checksum = versioned.withUnsafeBytes { bytes in
            var sum = WALChecksum()
            sum.add(UnsafeRawBufferPointer(rebasing: bytes[0..<24]), bigEndian: false)
            return sum
        }
        versioned.replaceSubrange(24..<32, with: Self.bigEndian(checksum.s0) + Self.bigEndian(checksum.s1))
        let other = try self.contents(of: versioned, in: folder, name: "versioned")
        XCTAssertEqual(other.header?.version, 3_007_001)
        XCTAssertThrowsError(try other.warning(path: "x-wal", storePageSize: 4096, writing: false)) { error in
            XCTAssertEqual(error as? SQLiteError, .walVersionUnknown(path: "x-wal", version: 3_007_001))
        }
    }

    /// SQLite on a little-endian machine writes little-endian checksums (magic 0x377f0682). The log
    /// rewritten with magic 0x377f0683 and big-endian checksums computed here must be read whole
    /// both by ``WALContents`` and by SQLite, which checks them its own way.
    func testBigEndianChecksumsAreComputedAsSQLiteChecksThem() throws {
        let folder = try ScratchFolder(for: self)
        let (database, log) = try writtenLog(folder)
        var rewritten = log
        rewritten[3] = 0x83
        var checksum = WALChecksum()
        rewritten.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[0..<24]), bigEndian: true) }
        rewritten.replaceSubrange(24..<32, with: Self.bigEndian(checksum.s0) + Self.bigEndian(checksum.s1))
        for frame in 0..<((log.count - 32) / frameSize) {
            let start = 32 + frame * frameSize
            rewritten.withUnsafeBytes { bytes in
                checksum.add(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 8)]), bigEndian: true)
                checksum.add(
                    UnsafeRawBufferPointer(rebasing: bytes[(start + 24)..<(start + frameSize)]), bigEndian: true)
            }
            rewritten.replaceSubrange(
                (start + 16)..<(start + 24), with: Self.bigEndian(checksum.s0) + Self.bigEndian(checksum.s1))
        }
        let contents = try contents(of: rewritten, in: folder)
        XCTAssertEqual(contents.header?.bigEndianChecksums, true)
        XCTAssertEqual(contents.committedFrames, (log.count - 32) / frameSize)

        let copy = folder.path("big-endian.sqlite")
        try FileManager.default.copyItem(atPath: database.path, toPath: copy)
        try rewritten.write(to: URL(fileURLWithPath: copy + "-wal"))
        let reader = try PlainDatabase(copy, readOnly: true)
        XCTAssertEqual(try reader.value("SELECT count(*) FROM t"), .integer(200), "SQLite reads every frame")
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
