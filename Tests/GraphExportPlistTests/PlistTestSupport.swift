import CLibXML2
import Foundation
import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

/// Collects the warnings a writer reports.
final class WarningLog {
    var warnings: [Warning] = []
    var messages: [String] { warnings.map(\.message) }
}

/// One export's output and warnings.
struct PlistExport {
    let bytes: [UInt8]
    let warnings: [Warning]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document as Python's `plistlib` reads it.
    func load() throws -> PlistNode {
        try PythonPlistlib.load(bytes)
    }

    /// The `@graph` array as `plistlib` reads it.
    func graph(file: StaticString = #filePath, line: UInt = #line) throws -> [PlistNode] {
        guard case .array(let objects) = try XCTUnwrap(try load().members?.last?.value, file: file, line: line) else {
            throw PythonPlistlib.Failure(description: "no @graph array")
        }
        return objects
    }
}

/// Whether libxml2's parser finds `bytes` well-formed XML (with no network access and no DTD
/// loading), and the message of its first error otherwise.
func libxml2Problem(_ bytes: [UInt8]) -> String? {
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)
    guard
        let document = bytes.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), nil, nil, options)
            }
        })
    else {
        guard let error = xmlGetLastError() else { return "libxml2 rejected the document" }
        return error.pointee.message.map { String(cString: $0) } ?? "libxml2 rejected the document"
    }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document), String(cString: root.pointee.name) == "plist" else {
        return "the root element is not plist"
    }
    return nil
}

enum Fixtures {
    /// A header that does not change with the tool's version.
    static let document = DocumentInfo(generator: "graphexport", sourceKind: "in-memory graph")

    /// The document's first two lines, as Apple's tools write them.
    static let prolog =
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
        + "\n"

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

    /// One entity, `Item`, with attributes `value` and `other` of `types`.
    static func itemModel(_ types: (AttributeType, AttributeType) = (.string, .string)) throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Item",
                attributes: [AttributeInfo(name: "value", type: types.0), AttributeInfo(name: "other", type: types.1)])
        ])
    }

    /// Exports `graph` through a ``PropertyListGraphWriter`` into memory.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: PropertyListOptions = PropertyListOptions()
    ) throws -> PlistExport {
        let sink = MemorySink()
        let log = WarningLog()
        let writer = PropertyListGraphWriter(sink: sink, options: options) { log.warnings.append($0) }
        try GraphTraversal(source: graph, shape: shape).run(into: writer)
        return PlistExport(bytes: sink.bytes, warnings: log.warnings)
    }

    /// Exports one `Item` per value (as its `value` attribute, of `type`).
    static func exportItems(_ values: [Value], type: AttributeType = .string) throws -> PlistExport {
        let graph = graph(try itemModel((type, .string)))
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return try export(graph)
    }

    /// The raw XML each `Item`'s `value` was written as (`<real>nan</real>`), or `nil` when null,
    /// in a compact export of `exportItems`.
    static func rawValues(in export: PlistExport) -> [String?] {
        export.text.components(separatedBy: "<key>@type</key><string>Item</string>").dropFirst().map { piece in
            guard let start = piece.range(of: "<key>value</key>") else { return nil }
            let rest = piece[start.upperBound...]
            let end = rest.range(of: "<key>")?.lowerBound ?? rest.range(of: "</dict>")!.lowerBound
            return String(rest[..<end])
        }
    }

    /// Exports each graph in each shape, compact and pretty, and checks everything the format
    /// promises: libxml2 finds the output well-formed; it starts with the XML declaration and the
    /// property list document type; Python's `plistlib` reads it; and what it reads, decoded by
    /// the documented mapping with the model's attribute types, is exactly the header's fields
    /// and the traversal's events. One Python process reads all the documents.
    static func assertRoundTrip(
        _ graphs: [any GraphSource], shapes: [ExportShape] = ExportShape.allCases, pretty: [Bool] = [false, true],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var cases: [(graph: any GraphSource, recording: RecordingGraphWriter, what: String)] = []
        var documents: [[UInt8]] = []
        for (index, graph) in graphs.enumerated() {
            for shape in shapes {
                let recording = RecordingGraphWriter()
                try GraphTraversal(source: graph, shape: shape).run(into: recording)
                for pretty in pretty {
                    let export = try export(graph, shape: shape, options: PropertyListOptions(pretty: pretty))
                    let what = "graph \(index), \(shape), pretty: \(pretty)"
                    XCTAssertTrue(export.text.hasPrefix(prolog), what, file: file, line: line)
                    XCTAssertTrue(export.text.hasSuffix("</plist>\n"), what, file: file, line: line)
                    if let problem = libxml2Problem(export.bytes) {
                        XCTFail("\(what): libxml2: \(problem)", file: file, line: line)
                    }
                    cases.append((graph, recording, what))
                    documents.append(export.bytes)
                }
            }
        }
        for (loaded, (graph, recording, what)) in zip(try PythonPlistlib.load(documents), cases) {
            let decoded = try PlistGraphReader(model: graph.model).read(loaded)
            let fields = Dictionary(uniqueKeysWithValues: (recording.document?.fields ?? []).map { ($0.key, $0.value) })
            XCTAssertEqual(decoded.fields, fields, "\(what): header", file: file, line: line)
            if let difference = firstDifference(recording.events, decoded.events) {
                XCTFail("\(what): \(difference)", file: file, line: line)
            }
        }
    }

    /// The first place where `actual` differs from `expected`, values compared bit for bit except
    /// that any NaN matches any NaN (the document keeps no NaN sign or payload) and a date of
    /// -0.0 seconds matches 0.0 (``Timestamp/iso8601`` writes both as 2001-01-01T00:00:00Z).
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
            return true
        default:
            return left.isIdentical(to: right)
        }
    }
}
