import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

/// Collects the warnings a writer reports.
final class WarningLog {
    var warnings: [Warning] = []
    var messages: [String] { warnings.map(\.message) }
}

/// One export's output and warnings.
struct XMLExport {
    let bytes: [UInt8]
    let warnings: [Warning]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document as libxml2's parser reads it.
    func parsed(file: StaticString = #filePath, line: UInt = #line) throws -> ParsedXML {
        try ParsedXML.parse(bytes, file: file, line: line)
    }
}

enum Fixtures {
    /// A header that does not change with the tool's version.
    static let document = DocumentInfo(generator: "graphexport", sourceKind: "in-memory graph")

    /// An empty graph of `model` with the fixed ``document`` header.
    static func graph(_ model: GraphModel) -> InMemoryGraph {
        InMemoryGraph(model: model, document: document)
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
                "fileSize": .integer(3_145_728),
                "height": .integer(2000), "width": .integer(3000), "identifier": uuid(3),
                "printPrice": .decimal("12.50"), "rating": .double(Double(Float(4.5))),
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

    /// One entity, `Item`, with string attributes `value` and `other` (any value fits them).
    static func itemModel(types: (AttributeType, AttributeType) = (.string, .string)) throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Item",
                attributes: [AttributeInfo(name: "value", type: types.0), AttributeInfo(name: "other", type: types.1)])
        ])
    }

    /// Exports `graph` through an ``XMLGraphWriter`` into memory.
    static func export(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: XMLOptions = XMLOptions()
    ) throws -> XMLExport {
        let sink = MemorySink()
        let log = WarningLog()
        let writer = XMLGraphWriter(sink: sink, options: options) { log.warnings.append($0) }
        try GraphTraversal(source: graph, shape: shape).run(into: writer)
        return XMLExport(bytes: sink.bytes, warnings: log.warnings)
    }

    /// Exports one `Item` per value (as its `value` attribute), compactly.
    static func exportItems(
        _ values: [Value], type: AttributeType = .string, options: XMLOptions = XMLOptions()
    ) throws -> XMLExport {
        let graph = graph(try itemModel(types: (type, .string)))
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return try export(graph, options: options)
    }

    /// Exports `graph`, reads the XML back into events and checks that they are the events the
    /// traversal produced and the header it wrote; returns the export. The document is parsed both
    /// into a tree and through SAX2, which must agree.
    @discardableResult
    static func assertRoundTrip(
        _ graph: any GraphSource, shape: ExportShape = .tree, options: XMLOptions = XMLOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> XMLExport {
        let recording = RecordingGraphWriter()
        try GraphTraversal(source: graph, shape: shape).run(into: recording)
        let export = try export(graph, shape: shape, options: options)
        let parsed = try export.parsed(file: file, line: line)
        let streamed = try ParsedXML.parseStreaming(export.bytes, file: file, line: line)
        XCTAssertEqual(parsed.items, streamed.items, "libxml2's tree and SAX2 readings differ", file: file, line: line)
        let decoded = try XMLGraphReader(model: graph.model, style: options.style).read(parsed)
        let fields = Dictionary(uniqueKeysWithValues: (recording.document?.fields ?? []).map { ($0.key, $0.value) })
        XCTAssertEqual(decoded.fields, fields, "header", file: file, line: line)
        if let difference = firstDifference(recording.events, decoded.events) {
            XCTFail("\(shape), \(options): \(difference)", file: file, line: line)
        }
        return export
    }

    /// The first place where `actual` differs from `expected`, values compared bit for bit except
    /// that any NaN matches any NaN (the document keeps no NaN sign or payload) and a date of -0.0
    /// seconds matches 0.0 (both are 2001-01-01T00:00:00Z).
    static func firstDifference(_ expected: [GraphEvent], _ actual: [GraphEvent]) -> String? {
        for (index, (left, right)) in zip(expected, actual).enumerated() where !sameEvent(left, right) {
            return "event \(index): expected \(left), read back \(right)"
        }
        if expected.count != actual.count { return "expected \(expected.count) events, read back \(actual.count)" }
        return nil
    }

    /// Whether two events are the same, text compared by its UTF-8 bytes rather than by canonical
    /// equivalence.
    private static func sameEvent(_ left: GraphEvent, _ right: GraphEvent) -> Bool {
        func same(_ left: String, _ right: String) -> Bool { left.utf8.elementsEqual(right.utf8) }
        switch (left, right) {
        case (.beginObject(let leftEntity, let leftID), .beginObject(let rightEntity, let rightID)):
            return same(leftEntity, rightEntity) && same(leftID.text, rightID.text)
        case (.attribute(let leftName, let leftValue), .attribute(let rightName, let rightValue)):
            return same(leftName, rightName) && sameValue(leftValue, rightValue)
        case (.beginRelationship(let leftName, let leftToMany), .beginRelationship(let rightName, let rightToMany)):
            return same(leftName, rightName) && leftToMany == rightToMany
        case (.reference(let leftID), .reference(let rightID)):
            return same(leftID.text, rightID.text)
        case (.endRelationship, .endRelationship), (.endObject, .endObject):
            return true
        default:
            return false
        }
    }

    private static func sameValue(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.double(let leftDouble), .double(let rightDouble)) where leftDouble.isNaN && rightDouble.isNaN:
            return true
        case (.date(let leftDate), .date(let rightDate)):
            let (left, right) = (leftDate.secondsSinceReferenceDate, rightDate.secondsSinceReferenceDate)
            return left.isNaN ? right.isNaN : left.bitPattern == right.bitPattern || left == 0 && right == 0
        default:
            return left.isIdentical(to: right)
        }
    }

    /// The elements named `local` (in no namespace), each as its attributes by local name.
    static func elements(_ local: String, in parsed: ParsedXML) -> [[String: String]] {
        parsed.items.compactMap { item in
            guard case .start(let name, let attributes) = item, name.namespace == nil, name.local == local else {
                return nil
            }
            return Dictionary(uniqueKeysWithValues: attributes.map { (prefixed($0.name), $0.value) })
        }
    }

    /// `gx:local` for a name in the format's namespace, the local name otherwise.
    static func prefixed(_ name: QualifiedName) -> String {
        name.namespace == XMLGraphWriter.namespace ? "gx:" + name.local : name.local
    }
}
