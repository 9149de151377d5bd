import CSQLite
import Foundation
import GraphExport
import GraphExportTestSupport
import Prerequisites
import XCTest

@testable import GraphExportSQLite

/// Where the inputs of the store tests live, found from this file, never from an absolute path.
enum StoreTestInputs {
    /// The repository: `Tests/GraphExportStoreTests/Support/<this file>` up four levels.
    static var repository: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Tests/GraphExportStoreTests/Support
            .deletingLastPathComponent()  // Tests/GraphExportStoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
    }

    /// `shared/`, beside the repository (read-only in CI: never write there).
    static var shared: URL { Prerequisite.sharedFolder }

    /// `shared/coredata-samples/`.
    static var samples: URL { shared.appendingPathComponent("coredata-samples", isDirectory: true) }

    /// `Samples/Scrapbook/` in the repository.
    static var scrapbook: URL {
        repository.appendingPathComponent("Samples/Scrapbook", isDirectory: true)
    }

    /// `shared/coredata-samples/<folder>`, through ``require(_:)``.
    static func sample(_ folder: String) throws -> URL {
        try require(samples.appendingPathComponent(folder))
    }

    /// Skips the test (fails it under CI) when an input that lies outside the repository is missing.
    static func require(_ url: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Prerequisite.missing("\(url.path) is missing: the shared samples lie beside the repository")
        }
        return url
    }
}

/// Every file below a folder with its bytes: two snapshots are equal when no file was added,
/// removed or changed.
struct StoreFolderSnapshot: Equatable {
    let files: [String: Data]

    init(_ root: String) throws {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for case let relative as String in manager.enumerator(atPath: root) ?? .init() {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        self.files = files
    }

    /// What differs from `other`, one line per file, for a failure message.
    func differences(from other: StoreFolderSnapshot) -> String {
        let names = Set(files.keys).union(other.files.keys).sorted()
        return names.compactMap { name in
            switch (other.files[name], files[name]) {
            case (nil, _?): return "\(name) appeared"
            case (_?, nil): return "\(name) disappeared"
            case (let before?, let after?) where before != after: return "\(name) changed"
            default: return nil
            }
        }.joined(separator: "\n")
    }
}

/// Collects the warnings a store and a traversal report.
final class CollectedWarnings {
    private(set) var warnings: [Warning] = []

    func record(_ warning: Warning) {
        warnings.append(warning)
    }

    /// The warnings so far, forgetting them.
    func take() -> [Warning] {
        defer { warnings = [] }
        return warnings
    }

    /// The messages of the warnings so far, forgetting them.
    func takeMessages() -> [String] {
        take().map(\.message)
    }
}

/// One object of an export, as the events wrote it.
struct ExportedObject {
    let entity: String
    let id: ObjectID
    /// The object it is nested in (tree shape), `nil` at the top level.
    let parent: ObjectID?
    var attributes: [(name: String, value: Value)] = []
    var relationships: [(name: String, isToMany: Bool, ids: [ObjectID])] = []
    /// In an export of what changed since a history token: the object's `@changed`, and whether
    /// it is a tombstone.
    var changedProperties: [String]?
    var isDeleted = false

    /// The value of an attribute, `nil` when the object has no such attribute.
    func value(_ name: String) -> Value? {
        attributes.first { $0.name == name }?.value
    }

    /// The ids (nested and referenced) a relationship holds, `nil` when there is no such relationship.
    func ids(_ name: String) -> [ObjectID]? {
        relationships.first { $0.name == name }?.ids
    }
}

/// An event stream read back into objects, keeping where each was written.
struct ExportedGraph {
    private(set) var objects: [ObjectID: ExportedObject] = [:]
    /// Every object's id in the order its `beginObject` came.
    private(set) var order: [ObjectID] = []
    /// The ids written at the top level, in order.
    private(set) var topLevel: [ObjectID] = []

    init(_ events: [GraphEvent]) {
        var stack: [ObjectID] = []
        for event in events {
            switch event {
            case .beginObject(let entity, let id):
                if let parent = stack.last { append(id, toLastRelationshipOf: parent) } else { topLevel.append(id) }
                objects[id] = ExportedObject(entity: entity, id: id, parent: stack.last)
                order.append(id)
                stack.append(id)
            case .changedProperties(let names):
                if let top = stack.last { objects[top]?.changedProperties = names }
            case .deleted:
                if let top = stack.last { objects[top]?.isDeleted = true }
            case .attribute(let name, let value):
                if let top = stack.last { objects[top]?.attributes.append((name, value)) }
            case .beginRelationship(let name, let isToMany):
                if let top = stack.last { objects[top]?.relationships.append((name, isToMany, [])) }
            case .reference(let id):
                if let top = stack.last { append(id, toLastRelationshipOf: top) }
            case .endRelationship:
                break
            case .endObject:
                stack.removeLast()
            }
        }
    }

    private mutating func append(_ id: ObjectID, toLastRelationshipOf owner: ObjectID) {
        guard let last = objects[owner]?.relationships.indices.last else { return }
        objects[owner]?.relationships[last].ids.append(id)
    }

    subscript(_ id: ObjectID) -> ExportedObject? { objects[id] }

    /// The objects of one entity, in the order written.
    func objects(of entity: String) -> [ExportedObject] {
        order.compactMap { objects[$0] }.filter { $0.entity == entity }
    }

    /// Objects per entity name.
    var counts: [String: Int] {
        objects.values.reduce(into: [:]) { $0[$1.entity, default: 0] += 1 }
    }
}

/// One export of a store in one shape, checked with ``GraphCheck``.
final class CheckedExport {
    let recording: RecordingGraphWriter
    let check: GraphCheck
    /// The warnings reported while the traversal ran (not while the check read the store again).
    let warnings: [Warning]
    /// The events read back into objects, on first use (large stores are only counted).
    private(set) lazy var graph = ExportedGraph(recording.events)

    /// Exports `store` (the `selection` of it) to a ``RecordingGraphWriter`` that records file
    /// values as files when `streamsFileBytes`, as their bytes otherwise; ``check`` holds the whole
    /// store to account, so it finds the objects a partial selection leaves out missing.
    init(
        _ store: any GraphSource, shape: ExportShape, selection: Selection = .everything,
        warnings log: CollectedWarnings, streamsFileBytes: Bool = false
    ) throws {
        _ = log.take()
        let recording = RecordingGraphWriter(streamsFileBytes: streamsFileBytes)
        try GraphTraversal(source: store, shape: shape, selection: selection, onWarning: log.record).run(
            into: recording)
        warnings = log.take()
        self.recording = recording
        check = try GraphCheck(recording: recording, source: store)
        _ = log.take()
    }

    /// Every object's id in the order written, and the objects per entity name.
    var objects: (ids: [ObjectID], counts: [String: Int]) {
        var ids: [ObjectID] = []
        var counts: [String: Int] = [:]
        for case .beginObject(let entity, let id) in recording.events {
            ids.append(id)
            counts[entity, default: 0] += 1
        }
        return (ids, counts)
    }
}

/// One SQL value, by its storage class.
enum ReferenceCell: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

/// Plain SQL on a store file, through the reader's own read-only connection type, to compare the
/// reader's objects with.
final class ReferenceSQL {
    private let database: SQLiteDatabase

    /// Opens `path` read-only. A WAL store gets a `-shm` beside it: open a copy, or read last.
    init(_ path: String) throws {
        database = try SQLiteDatabase(readOnly: path, displayPath: path)
    }

    /// Every row of a query, each turned into a value while it is current.
    func rows<T>(_ sql: String, _ transform: (ReferenceRow) throws -> T) throws -> [T] {
        let statement = try database.prepare(sql)
        var rows: [T] = []
        while try statement.step() {
            rows.append(try transform(ReferenceRow(statement: statement)))
        }
        return rows
    }

    /// The first column of every row, as integers (`NULL` as `nil`).
    func integers(_ sql: String) throws -> [Int64?] {
        try rows(sql) { $0[0].integer }
    }

    /// The first column of the first row.
    func value(_ sql: String) throws -> ReferenceCell {
        try XCTUnwrap(try rows(sql) { $0[0] }.first, "no row for \(sql)")
    }

    /// `Z_PRIMARYKEY` as entity number → name.
    func entityNames() throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        for (number, name) in try rows("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY", { ($0[0].integer, $0[1].text) }) {
            if let number, let name { names[number] = name }
        }
        return names
    }

    /// `Z_METADATA.Z_UUID`.
    func storeUUID() throws -> String {
        try XCTUnwrap(try value("SELECT Z_UUID FROM Z_METADATA").text)
    }
}

/// The current row of a ``ReferenceSQL`` query.
struct ReferenceRow {
    fileprivate let statement: SQLiteStatement

    /// Column `index` (from 0) of the row, by its storage class.
    subscript(_ index: Int32) -> ReferenceCell {
        switch statement.storage(at: index) {
        case .null: return .null
        case .integer: return .integer(statement.int64(at: index))
        case .real: return .real(statement.double(at: index))
        case .text: return .text(String(decoding: statement.bytes(at: index), as: UTF8.self))
        case .blob: return .blob(statement.bytes(at: index))
        }
    }
}

/// Runs the `sqlite3` command-line shell to edit a copied store; a test that needs it is skipped
/// when it is not installed.
enum SQLiteShell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ sql: String, on path: String) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", path, sql])
        guard run.status == 0 else {
            throw Failure(description: "sqlite3 could not run '\(sql)': \(run.standardError)")
        }
    }
}

/// What a sample folder's `MANIFEST.json` says about one store.
struct SampleManifest {
    /// The model version the store was written with (`CoreDataMigration_Example 2`).
    let modelVersion: String?
    /// `Z_METADATA.Z_UUID`.
    let storeUUID: String
    /// Objects per entity, the MANIFEST's `objects_per_entity` (what a complete export holds), with
    /// 0 for every other `Z_PRIMARYKEY` entity below 16000.
    let counts: [String: Int]

    init(folder: URL, store: String) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent("MANIFEST.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let stores = try XCTUnwrap(json["stores"] as? [String: Any])
        let facts = try XCTUnwrap(stores[store] as? [String: Any], "MANIFEST has no entry for \(store)")
        let metadata = try XCTUnwrap(facts["Z_METADATA"] as? [String: Any])
        storeUUID = try XCTUnwrap(metadata["Z_UUID"] as? String)
        var names: [Int: String] = [:]
        for row in try XCTUnwrap(facts["Z_PRIMARYKEY"] as? [[Any]]) {
            let number = try XCTUnwrap(row[0] as? Int)
            if number < 16000 { names[number] = try XCTUnwrap(row[1] as? String) }
        }
        var counts = Dictionary(uniqueKeysWithValues: names.values.map { ($0, 0) })
        for (name, count) in try XCTUnwrap(facts["objects_per_entity"] as? [String: Any]) {
            XCTAssertNotNil(counts[name], "\(name) is not in Z_PRIMARYKEY")
            counts[name] = try XCTUnwrap(count as? Int)
        }
        self.counts = counts
        let mapping = (json["store_to_model"] as? [String: Any])?[store] as? String
        modelVersion = mapping.flatMap(Self.versionName)
    }

    /// `Sample.xcdatamodeld/TestModel.xcdatamodel (v1; …)` → `TestModel`.
    private static func versionName(_ text: String) -> String? {
        guard let range = text.range(of: ".xcdatamodel", options: .backwards),
            !text[range.upperBound...].hasPrefix("d")
        else { return nil }
        let path = text[..<range.lowerBound]
        return String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? path)
    }
}

/// Independent expectations, computed with Foundation rather than the core's value code.
enum ReferenceValues {
    /// ISO 8601 text in UTC for seconds since 2001, with the shortest fraction that reads back
    /// as the same `Double`, computed with `ISO8601DateFormatter` and `Decimal`.
    static func iso8601(secondsSinceReferenceDate value: Double) -> String {
        let whole = value.rounded(.down)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let prefix = formatter.string(from: Date(timeIntervalSinceReferenceDate: whole))
        let exact = Decimal(string: "\(value)")! - Decimal(Int64(whole))
        guard exact != 0 else { return prefix }
        let fraction = "\(exact)".drop { $0 != "." }
        return prefix.dropLast() + fraction + "Z"
    }

    /// The canonical lowercase text of 16 UUID bytes, through Foundation's `UUID`.
    static func uuidText(_ bytes: [UInt8]) -> String {
        precondition(bytes.count == 16)
        let tuple = (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
        return UUID(uuid: tuple).uuidString.lowercased()
    }
}

extension HandBuiltStores.Store {
    /// The ids of rows `keys` of `entity`, in that order.
    func ids(_ entity: String, _ keys: [Int]) -> [ObjectID] {
        keys.map { ObjectID(id(entity, $0)) }
    }

    /// Writes the store with SQLite's C API (then `editing`) and its model as a `contents` file,
    /// in a scratch folder of `test`; returns both paths.
    func written(for test: XCTestCase, editing: String = "") throws -> (path: String, model: String) {
        let scratch = try ScratchFolder(for: test)
        let path = scratch.path("Store.sqlite")
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            sqlite3_close_v2(handle)
            throw HandBuiltStoreError(message: "cannot create \(path)")
        }
        defer { sqlite3_close_v2(handle) }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql + ";" + editing, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw HandBuiltStoreError(message: message.map { String(cString: $0) } ?? "unknown error")
        }
        let model = scratch.path("contents")
        try Data(self.model.utf8).write(to: URL(fileURLWithPath: model))
        return (path, model)
    }
}

/// A ``HandBuiltStores`` store that could not be written.
struct HandBuiltStoreError: Error, CustomStringConvertible {
    let message: String
    var description: String { "cannot build the store: \(message)" }
}

/// The shared scratch folder, by its plain name in every file of this target.
typealias ScratchFolder = Prerequisites.ScratchFolder

extension ScratchFolder {
    /// Runs `body` with `TMPDIR` set to a new, empty folder `tmp` in this folder, then sets it
    /// back; `body` is given the new folder's path.
    func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
        let temporary = path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary, 1)
        defer {
            if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
        }
        return try body(temporary)
    }
}
