import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLEdgeTests: XCTestCase {
    /// The edges of an export of `graph` in both shapes, checked to be the same set, sorted.
    private func edges(
        _ graph: InMemoryGraph, withModel: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        let tree = try Fixtures.export(graph, shape: .tree, withModel: withModel).parsedGraphML()
        let flat = try Fixtures.export(graph, shape: .flat, withModel: withModel).parsedGraphML()
        XCTAssertEqual(tree.edgeTexts.sorted(), flat.edgeTexts.sorted(), "tree and flat", file: file, line: line)
        return tree.edgeTexts.sorted()
    }

    private func relationship(
        _ name: String, _ destination: String, toMany: Bool, inverse: String? = nil, rule: DeletionRule = .nullify
    ) -> RelationshipInfo {
        RelationshipInfo(name: name, destination: destination, isToMany: toMany, inverse: inverse, deletionRule: rule)
    }

    /// A relationship with its inverse is one edge per pair, written from the side the rules
    /// choose: each row is a model, its objects (by entity, numbered in order), the links made
    /// (from an object, by name, to an object) and the edges of both shapes.
    func testEachPairIsOneEdgeFromTheSideTheRulesChoose() throws {
        /// Two entities whose relationships `left.name` and `right.name` are each other's inverse.
        func pair(
            _ left: (entity: String, name: String, toMany: Bool, rule: DeletionRule),
            _ right: (entity: String, name: String, toMany: Bool, rule: DeletionRule)
        ) -> [EntityInfo] {
            [
                EntityInfo(
                    name: left.entity,
                    relationships: [
                        relationship(left.name, right.entity, toMany: left.toMany, inverse: right.name, rule: left.rule)
                    ]),
                EntityInfo(
                    name: right.entity,
                    relationships: [
                        relationship(
                            right.name, left.entity, toMany: right.toMany, inverse: left.name, rule: right.rule)
                    ]),
            ]
        }
        func zoo(_ rule: DeletionRule) -> [EntityInfo] {
            pair(("Zoo", "animals", true, rule), ("Animal", "zoo", false, .nullify))
        }
        let rows:
            [(what: String, entities: [EntityInfo], objects: [String], links: [(Int, String, Int)], edges: [String])] =
                [
                    (
                        "one-to-many, cascade: from the to-many side", zoo(.cascade),
                        ["Zoo", "Animal", "Animal", "Animal"],
                        [(1, "zoo", 0), (0, "animals", 2)],
                        ["Zoo/1 → Animal/2 (animals)", "Zoo/1 → Animal/3 (animals)"]
                    ),
                    (
                        "one-to-many, nullify: from the to-many side", zoo(.nullify),
                        ["Zoo", "Animal", "Animal", "Animal"],
                        [(1, "zoo", 0), (0, "animals", 2)],
                        ["Zoo/1 → Animal/2 (animals)", "Zoo/1 → Animal/3 (animals)"]
                    ),
                    (
                        "one-to-one with an owner: the owner writes, whatever the names",
                        pair(("Photo", "details", false, .cascade), ("Details", "photo", false, .nullify)),
                        ["Details", "Photo"], [(0, "photo", 1)], ["Photo/2 → Details/1 (details)"]
                    ),
                    (
                        "one-to-one peers: occupant sorts before seat",
                        pair(("Person", "seat", false, .nullify), ("Seat", "occupant", false, .nullify)),
                        ["Person", "Seat"], [(0, "seat", 1)], ["Seat/2 → Person/1 (occupant)"]
                    ),
                    (
                        "many-to-many: from the side whose name sorts first",
                        pair(("Photo", "tags", true, .nullify), ("Tag", "photos", true, .nullify)),
                        ["Photo", "Photo", "Tag"], [(0, "tags", 2), (2, "photos", 1)],
                        ["Tag/3 → Photo/1 (photos)", "Tag/3 → Photo/2 (photos)"]
                    ),
                    (
                        "the same name on both sides: Right.peer points at Left, which sorts first",
                        pair(("Left", "peer", true, .nullify), ("Right", "peer", true, .nullify)),
                        ["Left", "Right"], [(1, "peer", 0)], ["Right/2 → Left/1 (peer)"]
                    ),
                    (
                        "a self-inverse relationship: each pair once, from the lesser identifier",
                        [
                            EntityInfo(
                                name: "Person",
                                relationships: [
                                    relationship("friends", "Person", toMany: true, inverse: "friends"),
                                    relationship("spouse", "Person", toMany: false, inverse: "spouse"),
                                ])
                        ],
                        ["Person", "Person", "Person"],
                        [(2, "friends", 0), (1, "friends", 2), (2, "friends", 2), (2, "spouse", 1)],
                        [
                            "Person/1 → Person/3 (friends)", "Person/2 → Person/3 (friends)",
                            "Person/2 → Person/3 (spouse)",
                            "Person/3 → Person/3 (friends)",
                        ]
                    ),
                    (
                        "inherited relationships pair with their inverse",
                        [
                            EntityInfo(
                                name: "Container", isAbstract: true,
                                relationships: [
                                    relationship("items", "Item", toMany: true, inverse: "container", rule: .cascade)
                                ]),
                            EntityInfo(name: "Box", parent: "Container"),
                            EntityInfo(name: "Crate", parent: "Container"),
                            EntityInfo(
                                name: "Item",
                                relationships: [relationship("container", "Container", toMany: false, inverse: "items")]
                            ),
                        ],
                        ["Box", "Crate", "Item", "Item"], [(2, "container", 0), (1, "items", 3)],
                        ["Box/1 → Item/3 (items)", "Crate/2 → Item/4 (items)"]
                    ),
                    (
                        "an inverse that names another relationship back is no pair: each side writes its own",
                        [
                            EntityInfo(
                                name: "A",
                                relationships: [
                                    relationship("b", "B", toMany: false, inverse: "a"),
                                    relationship("other", "B", toMany: false),
                                ]),
                            EntityInfo(
                                name: "B", relationships: [relationship("a", "A", toMany: false, inverse: "other")]),
                        ],
                        ["A", "B"], [(0, "b", 1)], ["A/1 → B/2 (b)", "B/2 → A/1 (a)"]
                    ),
                ]
        for (what, entities, objects, links, expected) in rows {
            let graph = SampleGraphs.graph(try GraphModel(entities: entities))
            let added = try objects.map { try graph.add($0) }
            for (from, name, to) in links { try graph.link(added[from], name, to: added[to]) }
            XCTAssertEqual(try edges(graph), expected, what)
        }
    }

    func testRelationshipsWithoutInverseWriteEveryInstanceAndParallelEdgesStay() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Album",
                relationships: [
                    relationship("photos", "Photo", toMany: true, inverse: "album", rule: .cascade),
                    relationship("cover", "Photo", toMany: false),
                ]),
            EntityInfo(
                name: "Photo",
                relationships: [
                    relationship("album", "Album", toMany: false, inverse: "photos"),
                    relationship("favouredBy", "Album", toMany: true),
                ]),
        ])
        let graph = SampleGraphs.graph(model)
        let album = try graph.add("Album")
        let photo = try graph.add("Photo")
        try graph.link(album, "photos", to: photo)
        try graph.link(album, "cover", to: photo)
        try graph.link(photo, "favouredBy", to: album)
        let parsed = try Fixtures.export(graph).parsedGraphML()
        XCTAssertEqual(
            parsed.edgeTexts.sorted(),
            ["Album/1 → Photo/2 (cover)", "Album/1 → Photo/2 (photos)", "Photo/2 → Album/1 (favouredBy)"])
        XCTAssertEqual(
            parsed.edges.map { parsed.named($0.data)["inverse"] ?? "none" }.sorted(), ["album", "none", "none"])
    }

    func testWithoutTheModelEveryInstanceIsAnEdgeWithOneWarning() throws {
        let graph = try SampleGraphs.scrapbook()
        let export = try Fixtures.export(graph, withModel: false)
        let parsed = try export.parsedGraphML()
        let links = try SourceLinks(graph)
        XCTAssertEqual(parsed.edges.count, links.instances.count)
        XCTAssertEqual(
            parsed.edges.map { "\(parsed.named($0.data)["label"] ?? "?")|\($0.source)|\($0.target)" }.sorted(),
            links.instances.sorted())
        XCTAssertTrue(parsed.edges.allSatisfy { parsed.named($0.data)["inverse"] == nil })
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].message.hasPrefix("the GraphML writer was not given the model"))
        XCTAssertEqual(parsed.nodes.count, 9)
    }

    func testAGraphWithoutLinksWarnsOfNothing() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("a")])
        XCTAssertEqual(try Fixtures.export(graph, withModel: false).warnings, [])
    }
}
