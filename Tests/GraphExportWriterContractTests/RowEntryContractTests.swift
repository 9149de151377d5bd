import GraphExport
import GraphExportTestSupport
import XCTest

/// The row-at-a-time entry (``GraphWriter/beginObject(_:)``) writes exactly what the events it
/// stands for write: every writer, given random graphs whose text and bytes are lent from buffers
/// the source reuses (as a store's are), writes the same bytes as through the default expansion.
final class RowEntryContractTests: XCTestCase {

    func testRowsWriteWhatTheirEventsWriteInEveryFormat() throws {
        var generator = RandomGraphGenerator(seed: 14)
        for round in 0..<12 {
            let graph = try generator.makeGraph()
            for shape in ExportShape.allCases {
                for (name, make) in everyWriterIgnoringWarnings {
                    let rows = MemorySink()
                    try GraphTraversal(source: LendingSource(graph), shape: shape).run(into: make(rows))
                    let events = MemorySink()
                    try GraphTraversal(source: LendingSource(graph), shape: shape)
                        .run(into: EventsOnly(make(events)))
                    XCTAssertEqual(rows.bytes, events.bytes, "\(name), \(shape), graph \(round)")
                }
            }
        }
    }

    func testARowWithRepeatedNamesIsRefusedAsEventsWouldBe() throws {
        for (name, make) in everyWriterIgnoringWarnings {
            let writer = GraphStream(make(MemorySink()))
            try writer.begin(DocumentInfo(sourceKind: "test"))
            let row = ObjectRow(
                entity: 0, entityName: "A", attributeNames: ["x", "x"], id: ObjectID("A/1"),
                values: [.integer(1), .integer(2)])
            XCTAssertThrowsError(try writer.beginObject(row), name) {
                XCTAssertEqual($0 as? GraphStreamError, .duplicateAttribute(name: "x", id: "A/1"), name)
            }
        }
    }
}

/// A writer that writes its rows as the events they stand for (``ObjectRow/events``).
private final class EventsOnly: GraphWriter {
    private let base: any GraphWriter

    init(_ base: any GraphWriter) {
        self.base = base
    }

    var streamsFileBytes: Bool { base.streamsFileBytes }
    func begin(_ document: DocumentInfo) throws { try base.begin(document) }
    func write(_ event: GraphEvent, at position: StreamPosition) throws { try base.write(event, at: position) }
    func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try writeEvents(of: row, at: position)
    }
    func finish() throws { try base.finish() }
}

/// A source over an in-memory graph whose cursors lend text and bytes, as a store's do: each
/// record's strings and bytes are copied into buffers that the next record overwrites.
private final class LendingSource: WrappingSource {
    let base: any GraphSource

    init(_ base: InMemoryGraph) {
        self.base = base
    }

    var model: GraphModel { base.model }
    func scan(_ entity: Int) throws -> any ObjectCursor { LendingCursor(try base.scan(entity)) }
    func record(_ key: ObjectKey) throws -> ObjectRecord? { try base.record(key) }
    func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }
    func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? { nil }
    func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        ToOneFilterCursor(try scan(entity), withoutDestinationsIn: relationships)
    }
    func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        PerObjectDestinations(of: self, through: relationship)
    }
}

private final class LendingCursor: ObjectCursor {
    private let base: any ObjectCursor
    /// The buffers the current record's values are lent from.
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    init(_ base: any ObjectCursor) {
        self.base = base
    }

    deinit {
        release()
    }

    func nextBorrowed() throws -> BorrowedRecord? {
        release()
        guard let record = try base.next() else { return nil }
        let values = record.values.map { value -> RowValue in
            switch value {
            case .string(let text): return .text(lend(Array(text.utf8)))
            case .binary(let bytes): return .bytes(lend(bytes))
            default: return RowValue(value)
            }
        }
        return BorrowedRecord(key: record.key, values: values, toOne: record.toOne)
    }

    private func lend(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        buffer.copyBytes(from: bytes)
        buffers.append(buffer)
        return UnsafeRawBufferPointer(buffer)
    }

    private func release() {
        for buffer in buffers {
            // Overwritten before it is freed, so that a writer that kept a lent value shows it.
            buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
            buffer.deallocate()
        }
        buffers.removeAll()
    }
}
