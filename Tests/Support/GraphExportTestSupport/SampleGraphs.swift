public import GraphExport

/// In-memory sample models and graphs shared by the format tests, with a fixed header so that
/// exports do not change with the tool's version.
public enum SampleGraphs {
    /// A header that does not change with the tool's version.
    public static let document = DocumentInfo(generator: "graphexport", sourceKind: "in-memory graph")

    /// An empty graph of `model` with the fixed ``document`` header.
    public static func graph(_ model: GraphModel) -> InMemoryGraph {
        InMemoryGraph(model: model, document: document)
    }

    /// One entity, `Item`, with attributes `value` and `other` of `types` (by default strings,
    /// which any value fits).
    public static func itemModel(types: (AttributeType, AttributeType) = (.string, .string)) throws -> GraphModel {
        try GraphModel(entities: [.entity("Item", ["value": types.0, "other": types.1])])
    }

    /// An ``itemModel(types:)`` graph (`value` of `type`) with one `Item` per value, as its
    /// `value` attribute.
    public static func items(_ values: [Value], type: AttributeType = .string) throws -> InMemoryGraph {
        let graph = graph(try itemModel(types: (type, .string)))
        for value in values {
            try graph.add("Item", ["value": value])
        }
        return graph
    }

    /// Albums own photos, a photo owns its details (one-to-one, cascade), photos and tags are
    /// many-to-many, and an album's cover has no inverse.
    public static func albumModel() throws -> GraphModel {
        try GraphModel(entities: [
            .entity(
                "Album", ["title": .string, "rating": .double],
                relationships: [
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "album", deletionRule: .cascade),
                    RelationshipInfo(name: "cover", destination: "Photo", isToMany: false),
                ]),
            .entity(
                "Photo", ["caption": .string],
                relationships: [
                    RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos"),
                    RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "photos"),
                    RelationshipInfo(
                        name: "details", destination: "Details", isToMany: false, inverse: "photo",
                        deletionRule: .cascade),
                ]),
            .entity(
                "Details", ["note": .string],
                relationships: [
                    RelationshipInfo(name: "photo", destination: "Photo", isToMany: false, inverse: "details")
                ]),
            .entity(
                "Tag", ["name": .string],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tags")
                ]),
        ])
    }

    /// Album/1 (photos Photo/2 with details Details/3, and Photo/4; cover Photo/4), Tag/5 on both
    /// photos, and Photo/6 in no album; the details' note and the tag's name as given.
    public static func albumGraph(note: String = "sunset", tag tagName: String = "sea") throws -> InMemoryGraph {
        let graph = graph(try albumModel())
        let album = try graph.add("Album", ["title": .string("Trip"), "rating": .double(4.5)])
        let beach = try graph.add("Photo", ["caption": .string("Beach")])
        let details = try graph.add("Details", ["note": .string(note)])
        let hill = try graph.add("Photo", ["caption": .string("Hill")])
        let tag = try graph.add("Tag", ["name": .string(tagName)])
        try graph.add("Photo", ["caption": .string("Loose")])
        try graph.link([
            (album, "photos", beach), (album, "photos", hill), (album, "cover", hill), (beach, "details", details),
            (tag, "photos", beach), (tag, "photos", hill),
        ])
        return graph
    }

    /// The Scrapbook sample app's model (Samples/Scrapbook): scrapbooks own pages and tags, pages
    /// own notes and photos, a photo has one tag.
    public static func scrapbookModel() throws -> GraphModel {
        try GraphModel(entities: [
            .entity(
                "Note", ["color": .string, "createdAt": .date, "text": .string],
                relationships: [RelationshipInfo(name: "page", destination: "Page", isToMany: false, inverse: "notes")]),
            .entity(
                "Page", ["backgroundColor": .string, "number": .integer16, "title": .string],
                relationships: [
                    RelationshipInfo(
                        name: "notes", destination: "Note", isToMany: true, inverse: "page", deletionRule: .cascade),
                    RelationshipInfo(
                        name: "photos", destination: "Photo", isToMany: true, inverse: "page", deletionRule: .cascade),
                    RelationshipInfo(name: "scrapbook", destination: "Scrapbook", isToMany: false, inverse: "pages"),
                ]),
            .entity(
                "Photo",
                [
                    "aspectRatio": .double, "caption": .string, "fileSize": .integer64, "height": .integer32,
                    "identifier": .uuid, "printPrice": .decimal, "rating": .float, "sourceURL": .uri, "takenAt": .date,
                    "thumbnail": .binary, "width": .integer32,
                ],
                relationships: [
                    RelationshipInfo(name: "page", destination: "Page", isToMany: false, inverse: "photos"),
                    RelationshipInfo(name: "tag", destination: "Tag", isToMany: false, inverse: "photos"),
                ]),
            .entity(
                "Scrapbook",
                [
                    "createdAt": .date, "identifier": .uuid, "isFavorite": .boolean, "pageCount": .integer16,
                    "subtitle": .string, "title": .string,
                ],
                relationships: [
                    RelationshipInfo(
                        name: "pages", destination: "Page", isToMany: true, inverse: "scrapbook", deletionRule: .cascade
                    ),
                    RelationshipInfo(
                        name: "tags", destination: "Tag", isToMany: true, inverse: "scrapbook", deletionRule: .cascade),
                ]),
            .entity(
                "Tag", ["name": .string],
                relationships: [
                    RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tag"),
                    RelationshipInfo(name: "scrapbook", destination: "Scrapbook", isToMany: false, inverse: "tags"),
                ]),
        ])
    }

    /// A UUID value that differs from the others made here only in its last byte, `last`.
    public static func uuid(_ last: UInt8) -> Value {
        .uuid(
            UUIDValue(bytes: [
                0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0, 0xc0, 0x4f, 0xd4, 0x30, last,
            ])!)
    }

    /// A small scrapbook: `Trip` with two pages (photos, a note, one tagged photo), an empty second
    /// scrapbook, and a photo on no page: Scrapbook/1, Scrapbook/2, Page/3, Page/4, Photo/5,
    /// Photo/6, Photo/7, Note/8, Tag/9.
    public static func scrapbook() throws -> InMemoryGraph {
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
        try graph.link([
            (beach, "scrapbook", trip), (hills, "scrapbook", trip), (sunset, "page", beach), (hill, "page", hills),
            (note, "page", beach), (tag, "scrapbook", trip), (sunset, "tag", tag), (loose, "tag", tag),
        ])
        return graph
    }
}
