import GraphExport
import GraphExportTestSupport

/// A graph whose model uses every attribute type, inheritance with an abstract root, nesting
/// one-to-many and one-to-one relationships, a many-to-many, a relationship without an inverse
/// and names that need escaping (`@id`, `my column`, `_xA`, `Odd:Label`), and whose values are the
/// hard cases of each format (NaN, infinities, a date with no ISO 8601 form, a negative year, text
/// XML 1.0 cannot hold, empty text).
enum AwkwardGraph {
    static func model() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Thing", isAbstract: true,
                attributes: [
                    AttributeInfo(name: "@id", type: .string),
                    AttributeInfo(name: "my column", type: .integer16, isOptional: false),
                    AttributeInfo(name: "_xA", type: .date),
                ],
                relationships: [RelationshipInfo(name: "box", destination: "Box", isToMany: false, inverse: "contents")]
            ),
            EntityInfo(
                name: "Box", parent: "Thing",
                attributes: [
                    AttributeInfo(name: "data", type: .binary), AttributeInfo(name: "price", type: .decimal),
                    AttributeInfo(name: "ratio", type: .double),
                    AttributeInfo(name: "flag", type: .boolean, isOptional: false),
                    AttributeInfo(name: "key", type: .uuid), AttributeInfo(name: "link", type: .uri),
                    AttributeInfo(name: "blob", type: .transformable), AttributeInfo(name: "small", type: .float),
                    AttributeInfo(name: "count", type: .integer32), AttributeInfo(name: "big", type: .integer64),
                ],
                relationships: [
                    RelationshipInfo(
                        name: "contents", destination: "Thing", isToMany: true, isOrdered: true, inverse: "box",
                        deletionRule: .cascade),
                    RelationshipInfo(
                        name: "label", destination: "Odd:Label", isToMany: false, inverse: "box",
                        deletionRule: .cascade),
                    RelationshipInfo(name: "friends", destination: "Item", isToMany: true, inverse: "friendsOf"),
                    RelationshipInfo(name: "favourite", destination: "Item", isToMany: false),
                ]),
            EntityInfo(
                name: "Item", parent: "Thing",
                attributes: [AttributeInfo(name: "name", type: .string, isOptional: false)],
                relationships: [
                    RelationshipInfo(name: "friendsOf", destination: "Box", isToMany: true, inverse: "friends")
                ]),
            EntityInfo(
                name: "Odd:Label",
                attributes: [AttributeInfo(name: "text", type: .string, isOptional: false)],
                relationships: [
                    RelationshipInfo(
                        name: "box", destination: "Box", isToMany: false, inverse: "label", isOptional: false)
                ]),
        ])
    }

    /// Box/1 holds Item/2 and Box/3, which holds Item/4; Box/1 has label Odd:Label/5 and friends
    /// Item/2 and Item/4; Box/3's favourite is Item/2; Item/6 is in no box.
    static func graph() throws -> InMemoryGraph {
        let graph = SampleGraphs.graph(try model())
        let outer = try graph.add(
            "Box",
            [
                "@id": .string("not the id"), "my column": .integer(1),
                "_xA": .date(Timestamp(secondsSinceReferenceDate: -63_200_000_000)),
                "data": .binary([0, 1, 2, 255]), "price": .decimal("12.50"), "ratio": .double(.nan),
                "flag": .boolean(true), "key": SampleGraphs.uuid(1), "link": .uri("https://example.com/a b"),
                "blob": .binary([9]), "small": .double(.infinity), "count": .integer(Int64(Int32.max)),
                "big": .integer(.min),
            ])
        let first = try graph.add("Item", ["my column": .integer(2), "name": .string("tab\tand\u{1}control")])
        let inner = try graph.add(
            "Box",
            [
                "my column": .integer(-32768), "_xA": .date(Timestamp(secondsSinceReferenceDate: 2e15)),
                "flag": .boolean(false), "ratio": .double(-0.0), "small": .double(1e-5), "price": .decimal("NaN"),
            ])
        let second = try graph.add("Item", ["my column": .integer(0), "name": .string("")])
        let label = try graph.add("Odd:Label", ["text": .string("L")])
        try graph.add("Item", ["my column": .integer(7), "name": .string("orphan")])
        try graph.link([
            (outer, "contents", first), (outer, "contents", inner), (inner, "contents", second),
            (outer, "label", label),
            (outer, "friends", first), (outer, "friends", second), (inner, "favourite", first),
        ])
        return graph
    }
}
