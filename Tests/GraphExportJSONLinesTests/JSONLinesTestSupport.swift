import Foundation
import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

/// Collects the warnings a writer reports.
final class WarningLog {
    var warnings: [Warning] = []
    var messages: [String] { warnings.map(\.message) }
}

/// One export's output and warnings.
struct JSONLinesExport {
    let bytes: [UInt8]
    let warnings: [Warning]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines without their line feeds, the header first; fails unless the output is non-empty
    /// lines, each ended by a line feed.
    func lines(file: StaticString = #filePath, line: UInt = #line) -> [ArraySlice<UInt8>] {
        XCTAssertEqual(
            bytes.last, UInt8(ascii: "\n"), "the output does not end with a line feed", file: file, line: line)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        XCTAssertFalse(lines.contains { $0.isEmpty }, "the output has an empty line", file: file, line: line)
        return Array(lines)
    }

    /// Every line parsed by Foundation's JSON reader, each a JSON object, the header first.
    func foundationObjects(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try lines(file: file, line: line).map { text in
            let parsed = try JSONSerialization.jsonObject(with: Data(text), options: [])
            return try XCTUnwrap(parsed as? [String: Any], "a line is not a JSON object", file: file, line: line)
        }
    }

    /// Every line parsed by the strict reader, the header first.
    func nodes(file: StaticString = #filePath, line: UInt = #line) throws -> [JSONNode] {
        try lines(file: file, line: line).map { try StrictJSONParser.parse($0) }
    }

    /// The object lines parsed by Foundation's JSON reader (the header left out).
    func objects(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        Array(try foundationObjects(file: file, line: line).dropFirst())
    }
}

enum Fixtures {
    /// A header that does not change with the tool's version.
    static let document = DocumentInfo(generator: "graphexport", sourceKind: "in-memory graph")

    /// An empty graph of `model` with the fixed ``document`` header.
    static func graph(_ model: GraphModel) -> InMemoryGraph {
        InMemoryGraph(model: model, document: document)
    }

    /// Albums own photos, a photo owns its details (one-to-one, cascade), photos and tags are
    /// many-to-many, and an album's cover has no inverse.
    static func albumModel() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Album",
                attributes: [
                    AttributeInfo(name: "title", type: .string), AttributeInfo(name: "rating", type: .double),
                ],
                relationships: [
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "album", deletionRule: .cascade),
                    RelationshipInfo(name: "cover", destination: "Photo", isToMany: false),
                ]),
            EntityInfo(
                name: "Photo",
                attributes: [AttributeInfo(name: "caption", type: .string)],
                relationships: [
                    RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos"),
                    RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "photos"),
                    RelationshipInfo(
                        name: "details", destination: "Details", isToMany: false, inverse: "photo",
                        deletionRule: .cascade),
                ]),
            EntityInfo(
                name: "Details",
                attributes: [AttributeInfo(name: "note", type: .string)],
                relationships: [
                    RelationshipInfo(name: "photo", destination: "Photo", isToMany: false, inverse: "details")
                ]),
            EntityInfo(
                name: "Tag",
                attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tags")
                ]),
        ])
    }

    /// Album/1 (photos Photo/2 with details Details/3, and Photo/4; cover Photo/4), Tag/5 on both
    /// photos, and Photo/6 in no album.
    static func albumGraph() throws -> InMemoryGraph {
        let graph = graph(try albumModel())
        let album = try graph.add("Album", ["title": .string("Trip"), "rating": .double(4.5)])
        let beach = try graph.add("Photo", ["caption": .string("Beach")])
        let details = try graph.add("Details", ["note": .string("sunset")])
        let hill = try graph.add("Photo", ["caption": .string("Hill")])
        let tag = try graph.add("Tag", ["name": .string("sea")])
        try graph.add("Photo", ["caption": .string("Loose")])
        try graph.link(album, "photos", to: beach)
        try graph.link(album, "photos", to: hill)
        try graph.link(album, "cover", to: hill)
        try graph.link(beach, "details", to: details)
        try graph.link(tag, "photos", to: beach)
        try graph.link(tag, "photos", to: hill)
        return graph
    }

    /// The Scrapbook sample app's model (Samples/Scrapbook): scrapbooks own pages and tags, pages
    /// own notes and photos, a photo has one tag.
    static func scrapbookModel() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Note",
                attributes: [
                    AttributeInfo(name: "color", type: .string), AttributeInfo(name: "createdAt", type: .date),
                    AttributeInfo(name: "text", type: .string),
                ],
                relationships: [RelationshipInfo(name: "page", destination: "Page", isToMany: false, inverse: "notes")]),
            EntityInfo(
                name: "Page",
                attributes: [
                    AttributeInfo(name: "backgroundColor", type: .string),
                    AttributeInfo(name: "number", type: .integer16), AttributeInfo(name: "title", type: .string),
                ],
                relationships: [
                    RelationshipInfo(
                        name: "notes", destination: "Note", isToMany: true, inverse: "page", deletionRule: .cascade),
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "page", deletionRule: .cascade),
                    RelationshipInfo(name: "scrapbook", destination: "Scrapbook", isToMany: false, inverse: "pages"),
                ]),
            EntityInfo(
                name: "Photo",
                attributes: [
                    AttributeInfo(name: "aspectRatio", type: .double), AttributeInfo(name: "caption", type: .string),
                    AttributeInfo(name: "fileSize", type: .integer64), AttributeInfo(name: "height", type: .integer32),
                    AttributeInfo(name: "identifier", type: .uuid), AttributeInfo(name: "printPrice", type: .decimal),
                    AttributeInfo(name: "rating", type: .float), AttributeInfo(name: "sourceURL", type: .uri),
                    AttributeInfo(name: "takenAt", type: .date), AttributeInfo(name: "thumbnail", type: .binary),
                    AttributeInfo(name: "width", type: .integer32),
                ],
                relationships: [
                    RelationshipInfo(name: "page", destination: "Page", isToMany: false, inverse: "photos"),
                    RelationshipInfo(name: "tag", destination: "Tag", isToMany: false, inverse: "photos"),
                ]),
            EntityInfo(
                name: "Scrapbook",
                attributes: [
                    AttributeInfo(name: "createdAt", type: .date), AttributeInfo(name: "identifier", type: .uuid),
                    AttributeInfo(name: "isFavorite", type: .boolean),
                    AttributeInfo(name: "pageCount", type: .integer16),
                    AttributeInfo(name: "subtitle", type: .string), AttributeInfo(name: "title", type: .string),
                ],
                relationships: [
                    RelationshipInfo(
                        name: "pages", destination: "Page", isToMany: true, inverse: "scrapbook", deletionRule: .cascade
                    ),
                    RelationshipInfo(
                        name: "tags", destination: "Tag", isToMany: true, inverse: "scrapbook", deletionRule: .cascade),
                ]),
            EntityInfo(
                name: "Tag",
                attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tag"),
                    RelationshipInfo(name: "scrapbook", destination: "Scrapbook", isToMany: false, inverse: "tags"),
                ]),
        ])
    }

    static func uuid(_ last: UInt8) -> Value {
        .uuid(
            UUIDValue(bytes: [
                0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0, 0xc0, 0x4f, 0xd4, 0x30, last,
            ])!)
    }

    /// A small scrapbook: `Trip` with two pages (photos, notes, one tagged photo), an empty second
    /// scrapbook, and a photo on no page.
    static func scrapbook() throws -> InMemoryGraph {
        let graph = graph(try scrapbookModel())
        let trip = try graph.add(
            "Scrapbook",
            [
                "title": .string("Trip <2011> & \"friends\""),
                "createdAt": .date(Timestamp(secondsSinceReferenceDate: 315_532_800)),
                "identifier": uuid(1), "isFavorite": .boolean(true), "pageCount": .integer(2),
            ])
        try graph.add("Scrapbook", ["title": .string(""), "identifier": uuid(2), "isFavorite": .boolean(false)])
        let beach = try graph.add("Page", ["number": .integer(1), "title": .string("Beach")])
        let hills = try graph.add("Page", ["number": .integer(2), "backgroundColor": .string("#00ff00")])
        let sunset = try graph.add(
            "Photo",
            [
                "aspectRatio": .double(1.5), "caption": .string("Sunset\nover the sea"),
                "fileSize": .integer(3_145_728), "height": .integer(2000), "width": .integer(3000),
                "identifier": uuid(3), "printPrice": .decimal("12.50"), "rating": .double(Double(Float(4.5))),
                "sourceURL": .uri("https://example.com/p?a=1&b=2"),
                "takenAt": .date(Timestamp(secondsSinceReferenceDate: 326_246_400.25)),
                "thumbnail": .binary([0x89, 0x50, 0x4E, 0x47, 0, 255]),
            ])
        let hill = try graph.add(
            "Photo", ["caption": .string("Hill"), "identifier": uuid(4), "aspectRatio": .double(0.75)])
        let loose = try graph.add(
            "Photo", ["caption": .string("Loose"), "identifier": uuid(5), "aspectRatio": .double(1)])
        let note = try graph.add(
            "Note", ["text": .string("Remember\tthis"), "createdAt": .date(Timestamp(secondsSinceReferenceDate: 0))])
        let tag = try graph.add("Tag", ["name": .string("sea")])
        try graph.link(beach, "scrapbook", to: trip)
        try graph.link(hills, "scrapbook", to: trip)
        try graph.link(sunset, "page", to: beach)
        try graph.link(hill, "page", to: hills)
        try graph.link(note, "page", to: beach)
        try graph.link(tag, "scrapbook", to: trip)
        try graph.link(sunset, "tag", to: tag)
        try graph.link(loose, "tag", to: tag)
        return graph
    }

    /// One entity, `Item`, with attributes `value` and `other` of any value.
    static func itemModel() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Item",
                attributes: [AttributeInfo(name: "value", type: .string), AttributeInfo(name: "other", type: .string)])
        ])
    }

    /// Exports `graph` through a ``JSONLinesGraphWriter`` into memory.
    static func export(_ graph: any GraphSource, shape: ExportShape = .tree) throws -> JSONLinesExport {
        let sink = MemorySink()
        let log = WarningLog()
        let writer = JSONLinesGraphWriter(sink: sink) { log.warnings.append($0) }
        try GraphTraversal(source: graph, shape: shape).run(into: writer)
        return JSONLinesExport(bytes: sink.bytes, warnings: log.warnings)
    }

    /// Exports one `Item` per value (as its `value` attribute).
    static func exportItems(_ values: [Value]) throws -> JSONLinesExport {
        let graph = graph(try itemModel())
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return try export(graph)
    }

    /// The raw text each `Item`'s `value` was written as, in an export of `exportItems`.
    static func rawValues(in export: JSONLinesExport) -> [String] {
        export.text.components(separatedBy: #""value":"#).dropFirst().map { piece in
            let end = piece.range(of: #","other":"#)!.lowerBound
            return String(piece[..<end])
        }
    }

    /// The ids of every object of `source`, in scan order.
    static func sourceIDs(_ source: any GraphSource) throws -> [ObjectID] {
        var ids: [ObjectID] = []
        for entity in source.model.concreteEntities {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() { ids.append(source.id(of: record.key)) }
        }
        return ids
    }

    /// Exports `graph` in `shape` and checks everything the format promises: every line is a JSON
    /// object for both Foundation's and a strict reader; the header holds the fields; every object
    /// of the source has exactly one line and every reference names one; and the lines read back
    /// (with the model's attribute types) into exactly the traversal's events, each nested object
    /// replaced by a reference and moved to its own line, in the order objects end.
    @discardableResult
    static func assertRoundTrip(
        _ graph: any GraphSource, shape: ExportShape, file: StaticString = #filePath, line: UInt = #line
    ) throws -> JSONLinesExport {
        let recording = RecordingGraphWriter()
        try GraphTraversal(source: graph, shape: shape).run(into: recording)
        let check = try GraphCheck(recording: recording, source: graph)
        XCTAssertTrue(check.isValid, "the traversal itself: " + check.summary(), file: file, line: line)

        let export = try export(graph, shape: shape)
        _ = try export.foundationObjects(file: file, line: line)
        let nodes = try export.nodes(file: file, line: line)
        let header = try XCTUnwrap(nodes.first?.members, file: file, line: line)
        XCTAssertEqual(header.map(\.key), ["@source"], file: file, line: line)
        let fields = try XCTUnwrap(header.first?.value.members, file: file, line: line)
        let expectedFields = recording.document?.fields ?? []
        XCTAssertEqual(fields.map(\.key), expectedFields.map(\.key), file: file, line: line)
        for (field, expected) in zip(fields, expectedFields) {
            guard case .string(let text) = field.value, text.utf8.elementsEqual(expected.value.utf8) else {
                XCTFail("header field \(field.key) is \(field.value)", file: file, line: line)
                continue
            }
        }

        let reader = JSONLinesReader(model: graph.model)
        var ids: [ObjectID] = []
        var references: [ObjectID] = []
        var decoded: [GraphEvent] = []
        for node in nodes.dropFirst() {
            let events = try reader.events(of: node)
            for event in events {
                switch event {
                case .beginObject(_, let id): ids.append(id)
                case .reference(let id): references.append(id)
                default: break
                }
            }
            decoded += events
        }
        let sourceIDs = try sourceIDs(graph)
        let written = Set(ids)
        XCTAssertEqual(ids.count, written.count, "an object has two lines", file: file, line: line)
        XCTAssertEqual(written, Set(sourceIDs), "the lines are not the source's objects", file: file, line: line)
        let dangling = references.filter { !written.contains($0) }
        XCTAssertEqual(dangling, [], "references to objects without a line", file: file, line: line)
        if let difference = firstDifference(flattened(recording.events), decoded) {
            XCTFail("\(shape): \(difference)", file: file, line: line)
        }
        return export
    }

    /// The events of a stream as JSON Lines holds them: each object alone, in the order objects
    /// end, with every object nested in a relationship replaced there by a reference to it.
    static func flattened(_ events: [GraphEvent]) -> [GraphEvent] {
        var open: [[GraphEvent]] = []
        var result: [GraphEvent] = []
        for event in events {
            switch event {
            case .beginObject(_, let id):
                if !open.isEmpty { open[open.count - 1].append(.reference(id)) }
                open.append([event])
            case .endObject:
                result += open.removeLast() + [event]
            default:
                open[open.count - 1].append(event)
            }
        }
        return result
    }

    /// The first place where `actual` differs from `expected`, values compared bit for bit except
    /// that any NaN matches any NaN (the output keeps no NaN sign or payload).
    static func firstDifference(_ expected: [GraphEvent], _ actual: [GraphEvent]) -> String? {
        for (index, (left, right)) in zip(expected, actual).enumerated() {
            let same: Bool
            switch (left, right) {
            case (.attribute(let leftName, let leftValue), .attribute(let rightName, let rightValue)):
                same = leftName.utf8.elementsEqual(rightName.utf8) && sameValue(leftValue, rightValue)
            default:
                same = String(reflecting: left).utf8.elementsEqual(String(reflecting: right).utf8)
            }
            if !same { return "event \(index): expected \(left), read back \(right)" }
        }
        if expected.count != actual.count { return "expected \(expected.count) events, read back \(actual.count)" }
        return nil
    }

    private static func sameValue(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.double(let leftDouble), .double(let rightDouble)) where leftDouble.isNaN && rightDouble.isNaN:
            return true
        case (.date(let leftDate), .date(let rightDate))
        where leftDate.secondsSinceReferenceDate.isNaN && rightDate.secondsSinceReferenceDate.isNaN:
            return true
        case (.date(let leftDate), .date(let rightDate))
        where leftDate.secondsSinceReferenceDate == 0 && rightDate.secondsSinceReferenceDate == 0:
            // Timestamp.iso8601, shared with the JSON format, writes -0.0 as 2001-01-01T00:00:00Z.
            return true
        default:
            return left.isIdentical(to: right)
        }
    }
}

/// Reads one object line back into the events that wrote it, with the model's help: attribute
/// types decide how a JSON value reads back, the model's order decides the order of the members.
struct JSONLinesReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel

    func events(of node: JSONNode) throws -> [GraphEvent] {
        guard let members = node.members, members.count >= 2,
            members[0].key == "@id", case .string(let id) = members[0].value,
            members[1].key == "@type", case .string(let entityName) = members[1].value,
            let entity = model.index(of: entityName)
        else { throw ReadError(description: "a line does not start with @id and a known @type: \(node)") }
        var events: [GraphEvent] = [.beginObject(entity: entityName, id: ObjectID(id))]
        var rest = members.dropFirst(2)
        for attribute in model.attributes(of: entity) {
            guard let member = rest.popFirst(), member.key == attribute.name else {
                throw ReadError(description: "\(id): expected attribute \(attribute.name)")
            }
            events.append(.attribute(name: attribute.name, value: try value(member.value, attribute.type, id)))
        }
        for relationship in model.relationships(of: entity) {
            guard let member = rest.popFirst(), member.key == relationship.name else {
                throw ReadError(description: "\(id): expected relationship \(relationship.name)")
            }
            events.append(.beginRelationship(name: relationship.name, isToMany: relationship.isToMany))
            switch (member.value, relationship.isToMany) {
            case (.array(let elements), true):
                for element in elements { events.append(.reference(try reference(element, id))) }
            case (.null, false):
                break
            case (let single, false):
                events.append(.reference(try reference(single, id)))
            default:
                throw ReadError(description: "\(id).\(relationship.name) is \(member.value)")
            }
            events.append(.endRelationship)
        }
        guard rest.isEmpty else { throw ReadError(description: "\(id) has extra members \(rest.map(\.key))") }
        events.append(.endObject)
        return events
    }

    private func reference(_ node: JSONNode, _ owner: String) throws -> ObjectID {
        guard let members = node.members, members.count == 1, members[0].key == "@id",
            case .string(let id) = members[0].value
        else { throw ReadError(description: "\(owner): \(node) is not a reference") }
        return ObjectID(id)
    }

    /// The value `node` stands for in an attribute of `type`, by the JSON format's rules.
    func value(_ node: JSONNode, _ type: AttributeType, _ owner: String) throws -> Value {
        let fail = ReadError(description: "\(owner): \(node) is no \(type.rawValue)")
        switch (node, type) {
        case (.null, _):
            return .null
        case (.number(let text), .integer16), (.number(let text), .integer32), (.number(let text), .integer64):
            guard let integer = Int64(text) else { throw fail }
            return .integer(integer)
        case (_, .double), (_, .float):
            return .double(try double(node) ?? { throw fail }())
        case (.string(let text), .decimal):
            return .decimal(text)
        case (.string(let text), .string):
            return .string(text)
        case (.string(let text), .uri):
            return .uri(text)
        case (.bool(let boolean), .boolean):
            return .boolean(boolean)
        case (.string(let text), .date):
            if let timestamp = Timestamp(iso8601: text) { return .date(timestamp) }
            return .date(Timestamp(secondsSinceReferenceDate: try double(node) ?? { throw fail }()))
        case (.number, .date):
            return .date(Timestamp(secondsSinceReferenceDate: try double(node) ?? { throw fail }()))
        case (.string(let text), .binary), (.string(let text), .transformable):
            guard let data = Data(base64Encoded: text) else { throw fail }
            return .binary(Array(data))
        case (.string(let text), .uuid):
            guard let uuid = UUID(uuidString: text), text == text.lowercased() else { throw fail }
            return .uuid(UUIDValue(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) })!)
        default:
            throw fail
        }
    }

    /// A JSON number by its text, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    private func double(_ node: JSONNode) -> Double? {
        switch node {
        case .number(let text): return Double(text)
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        default: return nil
        }
    }
}
