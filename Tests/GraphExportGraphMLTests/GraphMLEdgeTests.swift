import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLEdgeTests: XCTestCase {
    /// The edges of an export of `graph` in both shapes, checked to be the same set, sorted.
    private func edges(
        _ graph: InMemoryGraph, withModel: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        let tree = try Fixtures.export(graph, shape: .tree, withModel: withModel).parsed()
        let flat = try Fixtures.export(graph, shape: .flat, withModel: withModel).parsed()
        XCTAssertEqual(tree.edgeTexts.sorted(), flat.edgeTexts.sorted(), "tree and flat", file: file, line: line)
        return tree.edgeTexts.sorted()
    }

    private func relationship(
        _ name: String, _ destination: String, toMany: Bool, inverse: String? = nil, rule: DeletionRule = .nullify
    ) -> RelationshipInfo {
        RelationshipInfo(name: name, destination: destination, isToMany: toMany, inverse: inverse, deletionRule: rule)
    }

    func testOneToManyIsWrittenFromTheToManySide() throws {
        for rule in [DeletionRule.cascade, .nullify] {
            let model = try GraphModel(entities: [
                EntityInfo(
                    name: "Zoo",
                    relationships: [relationship("animals", "Animal", toMany: true, inverse: "zoo", rule: rule)]),
                EntityInfo(
                    name: "Animal", relationships: [relationship("zoo", "Zoo", toMany: false, inverse: "animals")]),
            ])
            let graph = SampleGraphs.graph(model)
            let zoo = try graph.add("Zoo")
            let lion = try graph.add("Animal")
            let seal = try graph.add("Animal")
            try graph.add("Animal")
            try graph.link(lion, "zoo", to: zoo)
            try graph.link(zoo, "animals", to: seal)
            XCTAssertEqual(try edges(graph), ["Zoo/1 → Animal/2 (animals)", "Zoo/1 → Animal/3 (animals)"], "\(rule)")
        }
    }

    func testOneToOneIsWrittenFromTheOwnerOrTheFirstName() throws {
        let owned = try GraphModel(entities: [
            EntityInfo(
                name: "Photo",
                relationships: [relationship("details", "Details", toMany: false, inverse: "photo", rule: .cascade)]),
            EntityInfo(
                name: "Details", relationships: [relationship("photo", "Photo", toMany: false, inverse: "details")]),
        ])
        let graph = SampleGraphs.graph(owned)
        let details = try graph.add("Details")
        let photo = try graph.add("Photo")
        try graph.link(details, "photo", to: photo)
        XCTAssertEqual(try edges(graph), ["Photo/2 → Details/1 (details)"], "the owner writes, whatever the names")

        let peers = try GraphModel(entities: [
            EntityInfo(
                name: "Person", relationships: [relationship("seat", "Seat", toMany: false, inverse: "occupant")]),
            EntityInfo(
                name: "Seat", relationships: [relationship("occupant", "Person", toMany: false, inverse: "seat")]),
        ])
        let peerGraph = SampleGraphs.graph(peers)
        let person = try peerGraph.add("Person")
        let seat = try peerGraph.add("Seat")
        try peerGraph.link(person, "seat", to: seat)
        XCTAssertEqual(try edges(peerGraph), ["Seat/2 → Person/1 (occupant)"], "occupant sorts before seat")
    }

    func testManyToManyIsWrittenFromTheSideWhoseNameSortsFirst() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Photo", relationships: [relationship("tags", "Tag", toMany: true, inverse: "photos")]),
            EntityInfo(name: "Tag", relationships: [relationship("photos", "Photo", toMany: true, inverse: "tags")]),
        ])
        let graph = SampleGraphs.graph(model)
        let photo = try graph.add("Photo")
        let other = try graph.add("Photo")
        let tag = try graph.add("Tag")
        try graph.link(photo, "tags", to: tag)
        try graph.link(tag, "photos", to: other)
        XCTAssertEqual(try edges(graph), ["Tag/3 → Photo/1 (photos)", "Tag/3 → Photo/2 (photos)"])
    }

    func testSameNamesOnBothSidesAreOrderedByDestination() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Left", relationships: [relationship("peer", "Right", toMany: true, inverse: "peer")]),
            EntityInfo(name: "Right", relationships: [relationship("peer", "Left", toMany: true, inverse: "peer")]),
        ])
        let graph = SampleGraphs.graph(model)
        let left = try graph.add("Left")
        let right = try graph.add("Right")
        try graph.link(right, "peer", to: left)
        XCTAssertEqual(try edges(graph), ["Right/2 → Left/1 (peer)"], "Right.peer points at Left, which sorts first")
    }

    func testASelfInverseRelationshipWritesEachPairOnceFromTheLesserIdentifier() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Person",
                relationships: [
                    relationship("friends", "Person", toMany: true, inverse: "friends"),
                    relationship("spouse", "Person", toMany: false, inverse: "spouse"),
                ])
        ])
        let graph = SampleGraphs.graph(model)
        let ann = try graph.add("Person")
        let bob = try graph.add("Person")
        let cid = try graph.add("Person")
        try graph.link(cid, "friends", to: ann)
        try graph.link(bob, "friends", to: cid)
        try graph.link(cid, "friends", to: cid)
        try graph.link(cid, "spouse", to: bob)
        XCTAssertEqual(
            try edges(graph),
            [
                "Person/1 → Person/3 (friends)", "Person/2 → Person/3 (friends)", "Person/2 → Person/3 (spouse)",
                "Person/3 → Person/3 (friends)",
            ])
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
        let parsed = try Fixtures.export(graph).parsed()
        XCTAssertEqual(
            parsed.edgeTexts.sorted(),
            ["Album/1 → Photo/2 (cover)", "Album/1 → Photo/2 (photos)", "Photo/2 → Album/1 (favouredBy)"])
        XCTAssertEqual(
            parsed.edges.map { parsed.named($0.data)["inverse"] ?? "none" }.sorted(), ["album", "none", "none"])
    }

    func testInheritedRelationshipsPairWithTheirInverse() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Container", isAbstract: true,
                relationships: [relationship("items", "Item", toMany: true, inverse: "container", rule: .cascade)]),
            EntityInfo(name: "Box", parent: "Container"),
            EntityInfo(name: "Crate", parent: "Container"),
            EntityInfo(
                name: "Item", relationships: [relationship("container", "Container", toMany: false, inverse: "items")]),
        ])
        let graph = SampleGraphs.graph(model)
        let box = try graph.add("Box")
        let crate = try graph.add("Crate")
        let first = try graph.add("Item")
        let second = try graph.add("Item")
        try graph.link(first, "container", to: box)
        try graph.link(crate, "items", to: second)
        XCTAssertEqual(try edges(graph), ["Box/1 → Item/3 (items)", "Crate/2 → Item/4 (items)"])
    }

    func testAnInverseThatNamesAnotherRelationshipBackIsNoPair() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "A",
                relationships: [
                    relationship("b", "B", toMany: false, inverse: "a"),
                    relationship("other", "B", toMany: false),
                ]),
            EntityInfo(name: "B", relationships: [relationship("a", "A", toMany: false, inverse: "other")]),
        ])
        let graph = SampleGraphs.graph(model)
        let a = try graph.add("A")
        let b = try graph.add("B")
        try graph.link(a, "b", to: b)
        XCTAssertEqual(try edges(graph), ["A/1 → B/2 (b)", "B/2 → A/1 (a)"], "each side writes its own")
    }

    func testWithoutTheModelEveryInstanceIsAnEdgeWithOneWarning() throws {
        let graph = try SampleGraphs.scrapbook()
        let export = try Fixtures.export(graph, withModel: false)
        let parsed = try export.parsed()
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
