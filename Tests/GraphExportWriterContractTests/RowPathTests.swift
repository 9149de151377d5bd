import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportPlugin
import GraphExportXML
import GraphExportYAML
import XCTest

/// The row path (``GraphWriter/beginObject(_:)``) against the event path: every writer must write
/// a row exactly as it writes ``GraphEvent/beginObject(entity:id:)`` and one attribute per value,
/// byte for byte and warning for warning, whether it writes rows natively or by the default.
///
/// The rows' text and bytes are borrowed from buffers followed by a byte that is not NUL, as a
/// source's buffer may be, so that a writer that read past a value or took it for NUL-terminated
/// would write something else.
final class RowPathTests: XCTestCase {
    /// One call of a script: a row (written as one call or as its events) or any other event.
    private enum Step {
        case row(entity: Int, id: ObjectID, values: [Value])
        case event(GraphEvent)
    }

    /// One entity of the script: its name and its attribute names, one array shared by its rows.
    private struct Entity {
        let name: String
        let attributeNames: [String]
    }

    private let entities = [
        Entity(name: "Photo", attributeNames: ["caption", "@id", "my column", "data", "rating", "takenAt", "tags"]),
        Entity(name: "Tag é", attributeNames: ["name", "_x41", "xmlns", "size", "uuid"]),
    ]

    /// Text that each format must handle with care: empty, implicit YAML types, markup, blanks
    /// at the ends, line breaks, characters XML 1.0 cannot hold (U+0000 among them), emoji, and
    /// text long enough not to fit in a small stack buffer.
    private static let texts = [
        "plain", "", "yes", "12:30", "<a & \"b\">", " lead", "trail ", "two\nlines", "tab\tand\rreturn",
        "nul\u{0}inside", "bell\u{7}", "not\u{FFFE}char", "emoji 😀", "é", "- dash", "@at", "key: value",
        String(repeating: "long text ", count: 500),
    ]

    /// A script of rows of the two entities, interleaved, with relationships nesting rows of one
    /// entity in the other's and references between them.
    private var script: [Step] {
        var steps: [Step] = []
        for (index, text) in Self.texts.enumerated() {
            let number = Int64(index + 1)
            steps.append(
                .row(
                    entity: 0, id: ObjectID(prefix: "Photo/", number: number),
                    values: [
                        .string(text), .string(Self.texts[(index + 1) % Self.texts.count]), .null,
                        index % 3 == 0 ? .binary([]) : .binary([0, 1, UInt8(index), 255]),
                        index % 2 == 0 ? .double(Double(index) / 10) : .double(.nan),
                        index % 4 == 0
                            ? .date(Timestamp(secondsSinceReferenceDate: .infinity))
                            : .date(Timestamp(secondsSinceReferenceDate: Double(index) * 1000)),
                        index % 5 == 0 ? .array([.integer(number), .string(text), .null]) : .null,
                    ]))
            steps.append(.event(.beginRelationship(name: "tags", isToMany: true)))
            steps.append(
                .row(
                    entity: 1, id: ObjectID(prefix: "Tag/", number: number),
                    values: [
                        .string(text), .integer(-number), .boolean(index % 2 == 0),
                        index % 2 == 0 ? .map(["w": .integer(number), "@h": .string(text)]) : .decimal("12.50"),
                        .uuid(UUIDValue(bytes: [UInt8](repeating: UInt8(index), count: 16))!),
                    ]))
            steps += [
                .beginRelationship(name: "photo", isToMany: false),
                .reference(ObjectID(prefix: "Photo/", number: number)),
                .endRelationship, .endObject, .reference(ObjectID(prefix: "Tag/", number: number + 1)),
                .endRelationship,
                .endObject,
            ].map(Step.event)
        }
        return steps
    }

    /// Writes `steps` with a new writer, rows as rows or expanded into events; the bytes and the
    /// warnings, or the first error.
    private func write(
        _ steps: [Step], asRows: Bool, with make: (any ByteSink, @escaping WarningHandler) -> any GraphWriter
    ) -> Result<(bytes: [UInt8], warnings: [String]), any Error> {
        let sink = MemorySink()
        var warnings: [String] = []
        let writer = GraphStream(make(sink) { warnings.append($0.message) })
        let document = DocumentInfo(generator: "graphexport", sourceKind: "test")
        return Result {
            try writer.begin(document)
            for step in steps {
                switch step {
                case .event(let event):
                    try writer.write(event)
                case .row(let entity, let id, let values):
                    try write(row: entity, id: id, values: values, asRow: asRows, to: writer)
                }
            }
            try writer.finish()
            return (sink.bytes, warnings)
        }
    }

    /// Writes one row, its text and bytes borrowed from buffers that live during the call only.
    private func write(row entity: Int, id: ObjectID, values: [Value], asRow: Bool, to writer: GraphStream) throws {
        let names = entities[entity].attributeNames
        guard asRow else {
            try writer.write(.beginObject(entity: entities[entity].name, id: id))
            for (name, value) in zip(names, values) { try writer.write(.attribute(name: name, value: value)) }
            return
        }
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        func borrow(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
            // One byte more, not NUL, that no writer may read.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 1)
            buffer.copyBytes(from: bytes + [UInt8(ascii: "X")])
            buffers.append(buffer)
            return UnsafeRawBufferPointer(rebasing: buffer[..<bytes.count])
        }
        let rowValues = values.map { value -> RowValue in
            switch value {
            case .string(let text): return .text(borrow(Array(text.utf8)))
            case .binary(let bytes): return .bytes(borrow(bytes))
            default: return RowValue(value)
            }
        }
        try writer.beginObject(
            ObjectRow(
                entity: entity, entityName: entities[entity].name, attributeNames: names, id: id, values: rowValues))
    }

    func testEveryWriterWritesARowAsItsEvents() throws {
        let steps = script
        for (name, make) in everyWriter {
            let events = try write(steps, asRows: false, with: make).get()
            let rows = try write(steps, asRows: true, with: make).get()
            XCTAssertEqual(
                String(decoding: rows.bytes, as: UTF8.self), String(decoding: events.bytes, as: UTF8.self), name)
            XCTAssertTrue(rows.bytes == events.bytes, name)
            XCTAssertEqual(rows.warnings, events.warnings, name)
        }
    }

    func testTheXMLWritersMarkBorrowedTextXMLCannotHoldAsBase64() throws {
        for style in [XMLOptions.Style.attributes, .elements] {
            let steps: [Step] = [
                .row(entity: 1, id: ObjectID("Tag/1"), values: [.string("a\u{0}b"), .null, .null, .null, .null]),
                .event(.endObject),
            ]
            let make: (any ByteSink, @escaping WarningHandler) -> any GraphWriter = {
                XMLGraphWriter(sink: $0, options: XMLOptions(style: style), onWarning: $1)
            }
            let written = try write(steps, asRows: true, with: make).get()
            let text = String(decoding: written.bytes, as: UTF8.self)
            // The base64 of "a", U+0000, "b".
            XCTAssertTrue(text.contains("YQBi"), text)
            XCTAssertFalse(text.contains("a\u{0}b"), text)
            XCTAssertEqual(written.warnings.count, 1, "\(written.warnings)")
            XCTAssertTrue(written.warnings.first?.contains("U+0000") ?? false, "\(written.warnings)")
        }
    }

    func testARowTheWriterCannotTakeFailsAsItsEventsDo() throws {
        let unwritable: [Step] = [
            .row(entity: 1, id: ObjectID("Tag/\u{1}"), values: [.null, .null, .null, .null, .null])
        ]
        let misplaced: [Step] = [
            .row(entity: 1, id: ObjectID("Tag/1"), values: [.null, .null, .null, .null, .null]),
            .event(.beginRelationship(name: "photo", isToMany: false)),
            .row(entity: 0, id: ObjectID("Photo/1"), values: [.null, .null, .null, .null, .null, .null, .null]),
            .row(entity: 0, id: ObjectID("Photo/2"), values: [.null, .null, .null, .null, .null, .null, .null]),
        ]
        for (name, make) in everyWriter {
            for steps in [unwritable, misplaced] {
                let events = write(steps, asRows: false, with: make)
                let rows = write(steps, asRows: true, with: make)
                switch (events, rows) {
                case (.success(let events), .success(let rows)):
                    XCTAssertEqual(rows.bytes, events.bytes, name)
                case (.failure(let events), .failure(let rows)):
                    XCTAssertEqual(String(describing: rows), String(describing: events), name)
                default:
                    XCTFail("\(name): the events gave \(events), the rows \(rows)")
                }
            }
        }
    }
}
