import CSQLite
import Foundation
import GraphExport
import GraphExportDiff
import GraphExportPlainSQLite
import Prerequisites
import XCTest

/// Two plain SQLite databases a test makes from SQL, in a folder removed when the test ends, and
/// what ``GraphDiff`` finds between them.
struct DiffFixture {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let folder: URL

    init(for test: XCTestCase) throws {
        folder = try ScratchFolder(for: test).url
    }

    /// Makes the database `name` by running `sql`; returns its path.
    @discardableResult
    func database(_ name: String, _ sql: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK
        else {
            throw Failure(description: "\(name): \(connection.map { String(cString: sqlite3_errmsg($0)) } ?? "")")
        }
        return path
    }

    /// `old.sqlite` made by `schema` then `old`, `new.sqlite` by `schema` then `new`.
    func pair(schema: String, old: String, new: String) throws -> (old: String, new: String) {
        (try database("old.sqlite", schema + old), try database("new.sqlite", schema + new))
    }

    /// What differs between the databases at `old` and `new`, read as plain SQLite databases;
    /// compared twice, on one thread and with each copy read ahead on a thread of its own, which
    /// must find the same.
    func changes(
        _ old: String, _ new: String, keys: [DiffKey] = [], options: SQLiteSourceOptions = .init(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [ObjectChange] {
        let found = try [false, true].map { readsInParallel in
            let recorder = RecordingDiffWriter()
            try GraphDiff(
                old: SQLiteDatabaseSource(path: old, options: options),
                new: SQLiteDatabaseSource(path: new, options: options),
                keys: keys, readsInParallel: readsInParallel
            ).run(into: recorder)
            return recorder.changes
        }
        XCTAssertEqual(found[1], found[0], "read ahead on two threads", file: file, line: line)
        return found[0]
    }

    /// The changes as the JSON Lines writer writes them, one string per line.
    static func lines(_ changes: [ObjectChange]) throws -> [String] {
        let sink = MemorySink()
        let writer = DiffJSONLinesWriter(sink: sink)
        for change in changes { try writer.write(change) }
        try writer.finish()
        return String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// Keeps what a diff writes.
final class RecordingDiffWriter: DiffWriter {
    private(set) var changes: [ObjectChange] = []
    private(set) var isFinished = false

    func write(_ change: ObjectChange) throws {
        XCTAssertFalse(isFinished, "a change after finish()")
        changes.append(change)
    }

    func finish() throws {
        isFinished = true
    }
}
