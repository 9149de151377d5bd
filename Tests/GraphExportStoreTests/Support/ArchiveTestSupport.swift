import CZlib
import Foundation
import GraphExportInflate
import Prerequisites
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// The sample stores of `shared/coredata-samples/`, copied before they are opened.
enum ArchiveSamples {
    /// A store file of the samples, with the model version it was written with, when one exists.
    struct Store {
        /// The sample folder (`wibosco-migration`).
        let folder: String
        /// The store file inside it.
        let file: String
        /// The model bundle inside the folder and the version the MANIFEST maps the store to.
        let model: (bundle: String, version: String)?
        /// Whether the store has a `Z_MODELCACHE` table.
        var hasModelCache = true
    }

    static let stores: [Store] =
        [Store(folder: "bnr-manytomany", file: "TestModel.sqlite", model: ("Sample.xcdatamodeld", "TestModel"))]
        + zip(["1", "2", "3", "WAL"], ["", " 2", " 3", " 4"]).map { file, version in
            Store(
                folder: "wibosco-migration", file: "CoreDataMigration_Example_\(file).sqlite",
                model: ("CoreDataMigration_Example.xcdatamodeld", "CoreDataMigration_Example" + version))
        } + [
            Store(folder: "swiftdata-resourcesmanager", file: "default.store", model: nil),
            Store(folder: "coredatabooks-legacy", file: "CoreDataBooks.sqlite", model: nil, hasModelCache: false),
        ]

    /// `shared/coredata-samples`, beside the repository.
    static var folder: URL { StoreTestInputs.samples }

    /// A writable copy of a file or folder of the samples in a fresh scratch folder of `test`; a
    /// store's `-wal` and `-shm` are copied with it.
    static func copy(_ relativePath: String, for test: XCTestCase) throws -> String {
        let source = try StoreTestInputs.require(folder.appendingPathComponent(relativePath))
        let scratch = try ScratchFolder(for: test)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: source.path + suffix) {
            try scratch.copy(URL(fileURLWithPath: source.path + suffix))
        }
        return try scratch.copy(source)
    }

    /// The first row's first column of a query on a copied store, as bytes.
    static func blob(_ sql: String, inStoreAt path: String) throws -> [UInt8] {
        let database = try SQLiteDatabase(readOnly: path, displayPath: path)
        let statement = try database.prepare(sql)
        guard try statement.step() else {
            throw XCTSkip("\(path): '\(sql)' returned no row")
        }
        return statement.bytes(at: 0)
    }

    /// The sample folder's MANIFEST.json entry for a store.
    static func manifest(of store: Store) throws -> [String: Any] {
        let url = folder.appendingPathComponent(store.folder).appendingPathComponent("MANIFEST.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let stores = json?["stores"] as? [String: Any]
        return try XCTUnwrap(stores?[store.file] as? [String: Any], "no MANIFEST entry for \(store.file)")
    }
}

/// Runs Python 3 for reference data; a test that needs it is skipped when it is not installed.
enum Python {
    /// Runs `script` with `python3 -c` and returns what it wrote to standard output.
    static func run(_ script: String) throws -> [UInt8] {
        let run = try ProgramRun.run(try Prerequisite.executable("python3"), ["-c", script])
        guard run.status == 0 else {
            throw Prerequisite.missing("python3 failed (status \(run.status)); is plistlib available?")
        }
        return [UInt8](run.standardOutput)
    }
}

/// zlib compression, to make test inputs.
enum Deflate {
    /// Compresses `input` repeated `repetitions` times as one stream (raw DEFLATE or zlib),
    /// without ever holding the repeated input in memory.
    static func compress(_ input: [UInt8], repetitions: Int = 1, framing: Inflate.Framing) -> [UInt8] {
        var stream = z_stream()
        let windowBits: Int32 = framing == .raw ? -15 : 15
        let status = deflateInit2_(
            &stream, 1, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed")
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeBufferPointer { source in
            for round in 0..<repetitions {
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                let flush = round == repetitions - 1 ? Z_FINISH : Z_NO_FLUSH
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { buffer in
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = UInt32(buffer.count)
                        deflate(&stream, flush)
                        return buffer.count - Int(stream.avail_out)
                    }
                    output += chunk[..<produced]
                } while stream.avail_out == 0 || stream.avail_in > 0
            }
        }
        return output
    }
}

/// A binary property list assembled object by object, so that tests can break any part of it.
///
/// Objects are raw bytes (marker and payload) numbered from 0; offsets are 2 bytes wide.
struct HandMadePlist {
    var objects: [[UInt8]]
    var referenceSize: UInt8 = 1
    var topObject: UInt64 = 0
    /// Replaces the object count the trailer declares.
    var declaredCount: UInt64?
    /// Replaces the offset-table offset the trailer declares.
    var declaredTableOffset: UInt64?
    /// Replaces individual entries of the offset table.
    var offsetOverrides: [Int: UInt16] = [:]

    init(_ objects: [[UInt8]]) {
        self.objects = objects
    }

    var bytes: [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt16] = []
        for object in objects {
            offsets.append(UInt16(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        for (index, offset) in offsets.enumerated() {
            let value = offsetOverrides[index] ?? offset
            bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        bytes += [0, 0, 0, 0, 0, 0, 2, referenceSize]
        bytes += Self.bigEndian(declaredCount ?? UInt64(objects.count))
        bytes += Self.bigEndian(topObject)
        bytes += Self.bigEndian(declaredTableOffset ?? tableOffset)
        return bytes
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}

/// Writes a ``PropertyListValue`` as a binary property list (no sharing, 4-byte offsets and
/// references), so that tests can round-trip values and re-encode edited archives.
enum PlistWriter {
    static func bytes(_ value: PropertyListValue) -> [UInt8] {
        var objects: [[UInt8]] = []
        _ = add(value, to: &objects)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += HandMadePlist.bigEndian(UInt64(offset)).suffix(4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        bytes += HandMadePlist.bigEndian(UInt64(objects.count))
        bytes += HandMadePlist.bigEndian(0)
        bytes += HandMadePlist.bigEndian(UInt64(table))
        return bytes
    }

    /// Appends the object (after reserving its number, so the top object is number 0) and its
    /// children; returns its number.
    private static func add(_ value: PropertyListValue, to objects: inout [[UInt8]]) -> Int {
        let index = objects.count
        objects.append([])
        var bytes: [UInt8]
        switch value {
        case .null: bytes = [0x00]
        case .boolean(let flag): bytes = [flag ? 0x09 : 0x08]
        case .integer(let number): bytes = [0x13] + HandMadePlist.bigEndian(UInt64(bitPattern: number))
        case .unsignedInteger(let number): bytes = [0x14] + HandMadePlist.bigEndian(0) + HandMadePlist.bigEndian(number)
        case .real(let number): bytes = [0x23] + HandMadePlist.bigEndian(number.bitPattern)
        case .date(let seconds): bytes = [0x33] + HandMadePlist.bigEndian(seconds.bitPattern)
        case .data(let data): bytes = header(0x40, data.count) + data
        case .uid(let uid): bytes = [0x87] + HandMadePlist.bigEndian(uid)
        case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }):
            bytes = header(0x50, text.utf8.count) + Array(text.utf8)
        case .string(let text):
            let units = Array(text.utf16)
            bytes = header(0x60, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .array(let elements):
            let references = elements.map { add($0, to: &objects) }
            bytes = header(0xA0, elements.count) + references.flatMap(reference)
        case .dictionary(let dictionary):
            let keys = dictionary.keys.map { add(.string($0), to: &objects) }
            let values = dictionary.values.map { add($0, to: &objects) }
            bytes = header(0xD0, dictionary.count) + (keys + values).flatMap(reference)
        }
        objects[index] = bytes
        return index
    }

    private static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + HandMadePlist.bigEndian(UInt64(count))
    }

    private static func reference(_ index: Int) -> [UInt8] {
        Array(HandMadePlist.bigEndian(UInt64(index)).suffix(4))
    }
}
