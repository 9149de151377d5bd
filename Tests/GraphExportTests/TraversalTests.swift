import GraphExport
import GraphExportTestSupport
import XCTest

/// Hand-built graphs whose exports are known exactly.
final class TraversalTests: XCTestCase {
    /// Folder ⟷ Item one-to-many, plus Item.related (to-one, no inverse) and Item.mentions (to-many,
    /// no inverse).
    private func folderModel() throws -> GraphModel {
        try makeModel([
            EntityInfo(
                name: "Folder", attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [toMany("items", "Item", inverse: "folder")]),
            EntityInfo(
                name: "Item", attributes: [AttributeInfo(name: "title", type: .string)],
                relationships: [
                    toOne("folder", "Folder", inverse: "items"), toOne("related", "Item"), toMany("mentions", "Item"),
                ]),
        ])
    }

    /// Item with two possible owners: Folder.items (declared first, Nullify) and Album.items (Cascade
    /// unless `albumCascades` is false).
    private func twoOwnerModel(albumCascades: Bool = true) throws -> GraphModel {
        try makeModel([
            EntityInfo(name: "Folder", relationships: [toMany("items", "Item", inverse: "folder")]),
            EntityInfo(
                name: "Album",
                relationships: [toMany("items", "Item", inverse: "album", rule: albumCascades ? .cascade : .nullify)]),
            EntityInfo(
                name: "Item",
                relationships: [toOne("folder", "Folder", inverse: "items"), toOne("album", "Album", inverse: "items")]),
        ])
    }

    /// Node ⟷ Node: `children` (Cascade) and its inverse `parent`.
    private func treeModel() throws -> GraphModel {
        try makeModel([
            EntityInfo(
                name: "Node",
                relationships: [
                    toMany("children", "Node", inverse: "parent", rule: .cascade),
                    toOne("parent", "Node", inverse: "children"),
                ])
        ])
    }

    func testObjectsNestUnderTheirOwner() throws {
        let graph = InMemoryGraph(model: try folderModel())
        let folder = try graph.add("Folder", ["name": .string("Inbox")])
        let first = try graph.add("Item", ["title": .string("one")])
        let second = try graph.add("Item", ["title": .string("two")])
        try graph.link(folder, "items", to: first)
        try graph.link(second, "folder", to: folder)

        let result = try export(graph)

        /// An item of the folder, with nothing related or mentioned.
        func item(_ id: String, _ title: String) -> [GraphEvent] {
            [
                .beginObject(entity: "Item", id: ObjectID(id)), .attribute(name: "title", value: .string(title)),
                .beginRelationship(name: "folder", isToMany: false), .reference(ObjectID("Folder/1")), .endRelationship,
                .beginRelationship(name: "related", isToMany: false), .endRelationship,
                .beginRelationship(name: "mentions", isToMany: true), .endRelationship, .endObject,
            ]
        }
        XCTAssertEqual(
            result.recording.events,
            [
                .beginObject(entity: "Folder", id: ObjectID("Folder/1")),
                .attribute(name: "name", value: .string("Inbox")),
                .beginRelationship(name: "items", isToMany: true),
            ] + item("Item/2", "one") + item("Item/3", "two") + [.endRelationship, .endObject])
        XCTAssertEqual(result.recording.document?.shape, .tree)
        XCTAssertEqual(result.recording.document?.sourceKind, "in-memory graph")
        XCTAssertTrue(result.recording.finished)
        XCTAssertEqual(result.check.maxDepth, 2)
        XCTAssertEqual(result.warnings, [])
    }

    func testCrossLinksAreReferences() throws {
        let graph = try linkedGraph(
            try folderModel(), ["Folder", "Folder", "Item", "Item"],
            [(2, "folder", 0), (3, "folder", 1), (2, "related", 3), (3, "mentions", 2), (3, "mentions", 3)])

        let result = try export(graph)

        XCTAssertEqual(
            result.outline,
            "Folder/1{items[Item/3{folder[→Folder/1] related[→Item/4] mentions[]}]} "
                + "Folder/2{items[Item/4{folder[→Folder/2] related[] mentions[→Item/3 →Item/4]}]}")
    }

    func testManyToManyIsReferences() throws {
        let model = try makeModel([
            EntityInfo(name: "Tag", relationships: [toMany("items", "Item", inverse: "tags", rule: .cascade)]),
            EntityInfo(name: "Item", relationships: [toMany("tags", "Tag", inverse: "items", rule: .cascade)]),
        ])
        let graph = try linkedGraph(model, ["Tag", "Tag", "Item"], [(0, "items", 2), (2, "tags", 1)])

        let result = try export(graph)

        XCTAssertEqual(result.outline, "Tag/1{items[→Item/3]} Tag/2{items[→Item/3]} Item/3{tags[→Tag/1 →Tag/2]}")
        XCTAssertEqual(result.check.maxDepth, 1)
    }

    /// An item with two possible owners nests under the cascade owner before one earlier in the
    /// model, under the one earlier in the model when neither cascades, and only under an owner it
    /// actually has.
    func testAnObjectNestsUnderTheBestOwnerItActuallyHas() throws {
        for (albumCascades, links, outline) in [
            (
                true, ["folder", "album"],
                "Folder/1{items[→Item/3]} Album/2{items[Item/3{folder[→Folder/1] album[→Album/2]}]}"
            ),
            (
                false, ["album", "folder"],
                "Folder/1{items[Item/3{folder[→Folder/1] album[→Album/2]}]} Album/2{items[→Item/3]}"
            ),
            (true, ["folder"], "Folder/1{items[Item/3{folder[→Folder/1] album[]}]} Album/2{items[]}"),
        ] {
            let graph = InMemoryGraph(model: try twoOwnerModel(albumCascades: albumCascades))
            let owners = ["folder": try graph.add("Folder"), "album": try graph.add("Album")]
            let item = try graph.add("Item")
            for name in links { try graph.link(item, name, to: try XCTUnwrap(owners[name])) }
            XCTAssertEqual(try export(graph).outline, outline, "album cascades: \(albumCascades), links: \(links)")
        }
    }

    func testOneToOneNestsOnTheCascadeSide() throws {
        let model = try makeModel([
            EntityInfo(name: "Passport", relationships: [toOne("holder", "Person", inverse: "passport")]),
            EntityInfo(
                name: "Person", relationships: [toOne("passport", "Passport", inverse: "holder", rule: .cascade)]),
        ])
        let graph = try linkedGraph(model, ["Passport", "Person", "Passport"], [(0, "holder", 1)])

        let result = try export(graph)

        XCTAssertEqual(result.outline, "Passport/3{holder[]} Person/2{passport[Passport/1{holder[→Person/2]}]}")
    }

    /// Without a single `Cascade` side, a one-to-one pair is two peers, whatever their optionality
    /// and names: both objects are top level and reference each other.
    func testOneToOneWithoutASingleCascadeSideIsTwoPeers() throws {
        for (appleRule, bananaRule, bananaOptional) in [
            (DeletionRule.nullify, DeletionRule.nullify, false), (.cascade, .cascade, true), (.deny, .noAction, true),
        ] {
            let graph = InMemoryGraph(
                model: try makeModel([
                    EntityInfo(
                        name: "Apple", relationships: [toOne("pair", "Banana", inverse: "pair", rule: appleRule)]),
                    EntityInfo(
                        name: "Banana",
                        relationships: [
                            toOne("pair", "Apple", inverse: "pair", rule: bananaRule, optional: bananaOptional)
                        ]),
                ]))
            try graph.link(try graph.add("Apple"), "pair", to: try graph.add("Banana"))
            XCTAssertEqual(try export(graph).outline, "Apple/1{pair[→Banana/2]} Banana/2{pair[→Apple/1]}")
        }
    }

    /// Which member of a cycle of owners goes to the top level is the traversal's choice; the test
    /// asks only that the cycle has one, with the others nested below it.
    func testOwnershipCycleExportsEachObjectOnce() throws {
        let graph = try linkedGraph(try treeModel(), ["Node", "Node"], [(0, "parent", 1), (1, "parent", 0)])

        let result = try export(graph)

        XCTAssertEqual(result.topLevel.count, 1, result.outline)
        XCTAssertEqual(result.check.objectCount, 2)
        XCTAssertEqual(result.check.maxDepth, 2)
    }

    func testThreeObjectOwnershipCycleAndSelfOwnership() throws {
        let graph = InMemoryGraph(model: try treeModel())
        let nodes = try (0..<3).map { _ in try graph.add("Node") }
        for index in nodes.indices { try graph.link(nodes[index], "parent", to: nodes[(index + 1) % 3]) }
        let selfOwned = try graph.add("Node")
        try graph.link(selfOwned, "parent", to: selfOwned)

        let result = try export(graph)

        XCTAssertEqual(result.topLevel.count, 2, result.outline)
        XCTAssertEqual(result.topLevel.last, "Node/4")
        XCTAssert(result.outline.hasSuffix("Node/4{children[→Node/4] parent[→Node/4]}"), result.outline)
        XCTAssertEqual(result.check.objectCount, 4)
        XCTAssertEqual(result.check.maxDepth, 3)
    }

    /// Guards against a bug found in 75f8a5e: the second pass of `GraphTraversal.writeTree` wrote
    /// at the top level the first unwritten object it scanned, even one whose owner is written
    /// later (here `c`, owned by `b`, which is on the cycle a ⇄ b), cutting `c` off from its owner:
    /// `Node/1{children[] parent[→Node/3]} Node/2{children[Node/3{children[→Node/2 →Node/1] …}] …}`.
    func testAnObjectOwnedByAMemberOfAnOwnershipCycleNestsUnderIt() throws {
        // c, a, b: a ⇄ b, and b owns c.
        let graph = try linkedGraph(
            try treeModel(), ["Node", "Node", "Node"], [(1, "parent", 2), (2, "parent", 1), (0, "parent", 2)])

        let result = try export(graph)

        XCTAssertEqual(result.topLevel.count, 1, result.outline)
        XCTAssertNotEqual(result.topLevel, ["Node/1"], "c must not be the top-level object")
    }

    /// Guards against a bug found in 75f8a5e (see
    /// `GraphModelTests.testOneToOneOwnershipIsTheSameForInheritedRelationships`): an object owned
    /// through a one-to-one that its owner's entity inherits must nest under that owner.
    func testAnObjectOwnedThroughAnInheritedOneToOneNestsUnderItsOwner() throws {
        let model = try makeModel([
            EntityInfo(name: "Alpha", relationships: [toOne("partner", "Mid", inverse: "partnerOf", rule: .cascade)]),
            EntityInfo(name: "Mid", relationships: [toOne("partnerOf", "Alpha", inverse: "partner")]),
            EntityInfo(name: "Zulu", parent: "Alpha"),
        ])
        let graph = try linkedGraph(model, ["Mid", "Zulu"], [(1, "partner", 0)])

        let result = try export(graph)

        XCTAssertEqual(result.outline, "Zulu/2{partner[Mid/1{partnerOf[→Zulu/2]}]}")
    }

    func testOrphansAreTopLevelInScanOrder() throws {
        let graph = try linkedGraph(try folderModel(), ["Item", "Folder", "Item", "Folder"], [(2, "folder", 1)])

        let result = try export(graph)

        XCTAssertEqual(
            result.outline,
            "Folder/2{items[Item/3{folder[→Folder/2] related[] mentions[]}]} Folder/4{items[]} "
                + "Item/1{folder[] related[] mentions[]}")
    }

    func testEmptyToOneIsAnEmptyRelationship() throws {
        let graph = InMemoryGraph(model: try folderModel())
        _ = try graph.add("Item")

        let result = try export(graph)

        XCTAssertEqual(
            Array(result.recording.events.drop { $0 != .beginRelationship(name: "folder", isToMany: false) }.prefix(2)),
            [.beginRelationship(name: "folder", isToMany: false), .endRelationship])
    }

    func testFlatShapeWritesEveryRelationshipAsReferences() throws {
        let graph = try linkedGraph(try folderModel(), ["Folder", "Item"], [(1, "folder", 0), (1, "related", 1)])

        let result = try export(graph, shape: .flat)

        XCTAssertEqual(
            result.outline,
            "Folder/1{items[→Item/2]} Item/2{folder[→Folder/1] related[→Item/2] mentions[]}")
        XCTAssertEqual(result.recording.document?.shape, .flat)
        XCTAssertEqual(result.check.maxDepth, 1)
    }

    /// An item nested in its folder, one of them missing from the source: without its owner the
    /// item is top level (its reference to the folder a problem of the stream); a missing item is
    /// a reference, with a warning.
    func testAMissingObjectLeavesAReference() throws {
        for (hidesFolder, outline, problems, warnings) in [
            (
                true, "Item/2{folder[→Folder/1] related[] mentions[]}",
                ["event 3: reference to Folder/1, which is never written in full"], [Warning]()
            ),
            (
                false, "Folder/1{items[→Item/2]}", ["event 3: reference to Item/2, which is never written in full"],
                [Warning("Item/2 is referenced through 'items' but does not exist")]
            ),
        ] {
            let base = InMemoryGraph(model: try folderModel())
            let folder = try base.add("Folder")
            let item = try base.add("Item")
            try base.link(item, "folder", to: folder)
            let result = try export(HidingSource(base, hiding: [hidesFolder ? folder : item]), expectProblems: true)
            XCTAssertEqual(result.outline, outline)
            XCTAssertEqual(result.check.problems, problems, outline)
            XCTAssertEqual(result.warnings, warnings, outline)
        }
    }

    func testTheTraversalCountsTheObjectsForTheProgressHandler() throws {
        var calls: [(objects: Int, finished: Bool)] = []
        let traversal = GraphTraversal(source: makeChain(length: 130))
        try traversal.run(into: RecordingGraphWriter()) { calls.append(($0, $1)) }
        XCTAssertEqual(calls.map(\.objects), [1, 65, 129, 130])
        XCTAssertEqual(calls.map(\.finished), [false, false, false, true])
        XCTAssertEqual(traversal.objectsWritten, 130)
        try traversal.run(into: RecordingGraphWriter())
        XCTAssertEqual(traversal.objectsWritten, 130, "counted without a handler too")
    }

    func testAWriterErrorStopsTheExport() throws {
        final class FailingWriter: GraphWriter {
            struct Failure: Error {}
            var written = 0
            var streamsFileBytes: Bool { false }
            func begin(_ document: DocumentInfo) throws {}
            func write(_ event: GraphEvent, at position: StreamPosition) throws {
                written += 1
                if written == 3 { throw Failure() }
            }
            func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
                try writeEvents(of: row, at: position)
            }
            func finish() throws { XCTFail("finish() after a failed write") }
        }
        let writer = FailingWriter()

        XCTAssertThrowsError(try GraphTraversal(source: makeChain(length: 10)).run(into: writer)) { error in
            XCTAssert(error is FailingWriter.Failure)
        }
        XCTAssertEqual(writer.written, 3)
    }
}
