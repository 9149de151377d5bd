import Foundation
import GraphExport
import GraphExportJSONLines
import GraphExportTestSupport
import XCTest

extension WriterOutput {
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
    func nodes(file: StaticString = #filePath, line: UInt = #line) throws -> [StrictJSON.Value] {
        try lines(file: file, line: line).map { try StrictJSON.parse($0) }
    }

    /// The object lines parsed by Foundation's JSON reader (the header left out).
    func objects(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        Array(try foundationObjects(file: file, line: line).dropFirst())
    }
}

enum Fixtures {
    /// Exports `graph` through a ``JSONLinesGraphWriter`` into memory.
    static func export(_ graph: any GraphSource, shape: ExportShape = .tree) throws -> WriterOutput {
        try WriterOutput(graph, shape: shape) { JSONLinesGraphWriter(sink: $0, onWarning: $1) }
    }

    /// Exports one `Item` per value (as its `value` attribute).
    static func exportItems(_ values: [Value]) throws -> WriterOutput {
        try export(try SampleGraphs.items(values))
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
    ) throws -> WriterOutput {
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
        if let difference = EventComparison.firstDifference(flattened(recording.events), decoded) {
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
}

/// Reads one object line back into the events that wrote it, with the model's help: attribute
/// types decide how a JSON value reads back, the model's order decides the order of the members.
struct JSONLinesReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    let model: GraphModel

    func events(of node: StrictJSON.Value) throws -> [GraphEvent] {
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

    private func reference(_ node: StrictJSON.Value, _ owner: String) throws -> ObjectID {
        guard let members = node.members, members.count == 1, members[0].key == "@id",
            case .string(let id) = members[0].value
        else { throw ReadError(description: "\(owner): \(node) is not a reference") }
        return ObjectID(id)
    }

    /// The value `node` stands for in an attribute of `type`, by the JSON format's rules.
    func value(_ node: StrictJSON.Value, _ type: AttributeType, _ owner: String) throws -> Value {
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
    private func double(_ node: StrictJSON.Value) -> Double? {
        switch node {
        case .number(let text): return Double(text)
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        default: return nil
        }
    }
}
