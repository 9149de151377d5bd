import CSQLite
import Foundation
import GraphExport
import GraphExportTestSupport
import Prerequisites
import XCTest

@testable import GraphExportPlainSQLite

// Helpers of the plain SQLite tests only, named `Plain…` so that they stay apart from the Core Data
// tests' helpers.

/// Where the plain SQLite tests find their inputs: from this file, never from an absolute path.
enum PlainTestInputs {
    /// `shared/data/chinook/Chinook.sqlite`, beside the repository (read-only in CI: never write
    /// there); the test is skipped when it is missing.
    static func chinook() throws -> URL {
        try Prerequisite.shared("data/chinook/Chinook.sqlite")
    }
}

/// One object of an export, as ``ExportedObject`` holds it, with its ids as text.
struct PlainObject {
    let exported: ExportedObject

    var entity: String { exported.entity }
    var id: String { exported.id.text }
    /// The id of the object it is nested in (tree shape), `nil` at the top level.
    var parent: String? { exported.parent?.text }
    var attributes: [(name: String, value: Value)] { exported.attributes }

    /// The value of an attribute, `nil` when there is no such attribute.
    func value(_ name: String) -> Value? {
        exported.value(name)
    }

    /// The ids (nested and referenced) a relationship holds, `nil` when there is no such relationship.
    func ids(_ name: String) -> [String]? {
        exported.ids(name)?.map(\.text)
    }
}

/// An ``ExportedGraph`` looked up by ids as text.
struct PlainGraph {
    let exported: ExportedGraph

    /// Every object's id in the order it began.
    var order: [String] { exported.order.map(\.text) }

    /// The object with this id, failing the test when there is none.
    func object(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> PlainObject {
        PlainObject(exported: try XCTUnwrap(exported[ObjectID(id)], "no object \(id)", file: file, line: line))
    }

    /// The objects of one entity, in the order written.
    func objects(of entity: String) -> [PlainObject] {
        exported.objects(of: entity).map(PlainObject.init)
    }

    /// Objects per entity name.
    var counts: [String: Int] { exported.counts }
}

/// One export of a plain database in one shape, a ``CheckedExport`` with its warnings as text.
struct PlainExport {
    let export: CheckedExport
    let graph: PlainGraph
    /// The warnings reported while the traversal ran (not while the check read the database).
    let warnings: [String]

    var check: GraphCheck { export.check }

    init(_ source: SQLiteDatabaseSource, shape: ExportShape, warnings log: CollectedWarnings) throws {
        export = try CheckedExport(source, shape: shape, warnings: log)
        graph = PlainGraph(exported: export.graph)
        warnings = export.warnings.map(\.message)
    }

    /// Exports `source` in both shapes, failing the test when either is not a faithful export.
    static func both(
        _ source: SQLiteDatabaseSource, warnings: CollectedWarnings, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (tree: PlainExport, flat: PlainExport) {
        let tree = try PlainExport(source, shape: .tree, warnings: warnings)
        let flat = try PlainExport(source, shape: .flat, warnings: warnings)
        XCTAssertTrue(tree.check.isValid, "tree: " + tree.check.summary(), file: file, line: line)
        XCTAssertTrue(flat.check.isValid, "flat: " + flat.check.summary(), file: file, line: line)
        return (tree, flat)
    }

    /// Opens `database` and exports it in both shapes, as ``both(_:warnings:file:line:)`` does.
    static func both(
        _ database: PlainDatabase, warnings: CollectedWarnings = CollectedWarnings(), file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> (source: SQLiteDatabaseSource, tree: PlainExport, flat: PlainExport) {
        let source = try openPlain(database.path, warnings: warnings)
        let (tree, flat) = try both(source, warnings: warnings, file: file, line: line)
        return (source, tree, flat)
    }
}

/// A database written and queried by a test with SQLite's C API, independently of the source.
final class PlainDatabase {
    let path: String
    private let handle: OpaquePointer

    /// Opens (creating it when missing) the database at `path`, then runs `sql` on it; with
    /// `readOnly`, opens an existing database for queries only.
    init(_ path: String, readOnly: Bool = false, sql: String = "") throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK,
            let handle
        else {
            sqlite3_close_v2(handle)
            throw PlainDatabaseError(message: "cannot open \(path)")
        }
        self.handle = handle
        try execute(sql)
    }

    /// Creates `name` in `folder` with `sql`.
    convenience init(_ folder: ScratchFolder, name: String = "test.sqlite", sql: String) throws {
        try self.init(folder.path(name), readOnly: false, sql: sql)
    }

    /// Creates `test.sqlite` in `folder` in WAL mode without automatic checkpoints, so that every
    /// commit stays in its `-wal` while the database is open, then runs `sql`.
    convenience init(walIn folder: ScratchFolder, sql: String) throws {
        try self.init(folder, sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;" + sql)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw PlainDatabaseError(message: text)
        }
    }

    /// Every row of a query, each as its cells.
    func rows(_ sql: String) throws -> [[ReferenceCell]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw PlainDatabaseError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[ReferenceCell]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { Self.cell(statement, $0) })
        }
        return rows
    }

    /// The first column of every row.
    func column(_ sql: String) throws -> [ReferenceCell] {
        try rows(sql).map { $0[0] }
    }

    /// The first column of the first row.
    func value(_ sql: String) throws -> ReferenceCell {
        try XCTUnwrap(try column(sql).first, "no row for \(sql)")
    }

    /// Whether this SQLite has FTS5, for the virtual-table test.
    static var hasFTS5: Bool {
        guard let memory = try? PlainDatabase(":memory:") else { return false }
        return (try? memory.execute("CREATE VIRTUAL TABLE f USING fts5(a)")) != nil
    }

    private static func cell(_ statement: OpaquePointer, _ index: Int32) -> ReferenceCell {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            let bytes = UnsafeRawBufferPointer(start: sqlite3_column_text(statement, index), count: count)
            return .text(String(decoding: bytes, as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let pointer = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default: return .null
        }
    }
}

struct PlainDatabaseError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension XCTestCase {
    /// A database `test.sqlite` written with `sql` in a fresh scratch folder of this test.
    func scratchDatabase(_ sql: String) throws -> PlainDatabase {
        try PlainDatabase(try ScratchFolder(for: self), sql: sql)
    }
}

/// Opens a plain database, collecting warnings.
func openPlain(
    _ path: String, options: SQLiteSourceOptions = .init(), warnings: CollectedWarnings
) throws -> SQLiteDatabaseSource {
    try SQLiteDatabaseSource(path: path, options: options, onWarning: warnings.record)
}
