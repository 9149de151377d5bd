import GraphExport
import GraphExportTestSupport
import XCTest

/// The traversal honouring a ``Selection`` (which objects, how deep) and a source read through a
/// ``ModelAdjustment``: every selected object written once, nothing else, every reference either
/// to a written object or counted as outside the selection.
final class SelectionTests: XCTestCase {
    /// What a run wrote: the ids written in full, how deep objects nested, how many were at the
    /// top level, the references, and the warnings.
    private struct Run {
        var written: [String] = []
        var deepest = 0
        var topLevel = 0
        var references: [String] = []
        var warnings: [Warning] = []
        var outside = 0
    }

    private func run(
        _ source: any GraphSource, shape: ExportShape = .tree, selection: Selection = .everything
    ) throws -> Run {
        var result = Run()
        let traversal = GraphTraversal(source: source, shape: shape, selection: selection) {
            result.warnings.append($0)
        }
        let writer = RecordingGraphWriter()
        try traversal.run(into: writer)
        var depth = 0
        for event in writer.events {
            switch event {
            case .beginObject(_, let id):
                if depth == 0 { result.topLevel += 1 }
                depth += 1
                result.deepest = max(result.deepest, depth)
                result.written.append(id.text)
            case .endObject: depth -= 1
            case .reference(let id): result.references.append(id.text)
            default: break
            }
        }
        result.outside = traversal.referencesOutsideSelection
        return result
    }

    func testTheDepthLimitMovesDeeperObjectsToTheTopLevelAndWarnsOnce() throws {
        let chain = makeChain(length: 1000)
        let limited = try run(chain, selection: Selection(depthLimit: 10, warnsAtDepthLimit: true))
        XCTAssertEqual(limited.written.count, 1000)
        XCTAssertEqual(Set(limited.written).count, 1000)
        XCTAssertEqual(limited.deepest, 10)
        XCTAssertEqual(limited.topLevel, 100)
        XCTAssertEqual(limited.warnings.count, 1)
        XCTAssertTrue(Set(limited.references).isSubset(of: Set(limited.written)))
        XCTAssertEqual(limited.outside, 0)
        let unlimited = try run(chain)
        XCTAssertEqual(unlimited.deepest, 1000)
        XCTAssertTrue(unlimited.warnings.isEmpty)
        XCTAssertTrue(try run(chain, selection: Selection(depthLimit: 10)).warnings.isEmpty, "a chosen limit is quiet")
    }

    func testAnEntityFilterWritesOnlyThoseObjectsAndCountsTheReferencesToOthers() throws {
        let graph = try SampleGraphs.albumGraph()
        let photo = try XCTUnwrap(graph.model.index(of: "Photo"))
        for shape in [ExportShape.tree, .flat] {
            let result = try run(graph, shape: shape, selection: Selection(entities: [photo]))
            XCTAssertEqual(result.written.sorted(), ["Photo/2", "Photo/4", "Photo/6"], "\(shape)")
            XCTAssertEqual(result.topLevel, 3, "a photo whose album is left out is at the top level")
            XCTAssertEqual(result.outside, result.references.filter { !$0.hasPrefix("Photo/") }.count)
            XCTAssertGreaterThan(result.outside, 0)
        }
    }

    func testChosenObjectsBringWhatTheyOwnOrEverythingTheyReach() throws {
        let graph = try SampleGraphs.albumGraph()
        let album = try XCTUnwrap(graph.model.index(of: "Album"))
        let roots = try graph.scan(album).next().map { [$0.key] } ?? []
        let builder = SelectionBuilder(source: graph)
        let owned = try run(graph, selection: Selection(objects: try builder.objects(from: roots, reach: .owned)))
        XCTAssertEqual(owned.written.sorted(), ["Album/1", "Details/3", "Photo/2", "Photo/4"])
        XCTAssertEqual(owned.topLevel, 1)
        XCTAssertEqual(owned.outside, 2, "the photos' tag, twice")
        let reached = try run(graph, selection: Selection(objects: try builder.objects(from: roots, reach: .reachable)))
        XCTAssertEqual(reached.written.sorted(), ["Album/1", "Details/3", "Photo/2", "Photo/4", "Tag/5"])
        XCTAssertEqual(reached.outside, 0)
        let first = try builder.sample(limit: 1, entities: nil, shape: .flat)
        XCTAssertEqual(first.map { graph.id(of: $0).text }.sorted(), ["Album/1", "Details/3", "Photo/2", "Tag/5"])
    }

    func testATreeSampleTakesTheChildrenOfTheChosenOwnersFirstAndAtMostTheLimitOfEachEntity() throws {
        // Album/1 owns Photo/4 with its details; Album/2 owns Photo/3; Photo/6 is in no album.
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let first = try graph.add("Album", ["title": .string("First")])
        let second = try graph.add("Album", ["title": .string("Second")])
        let ofSecond = try graph.add("Photo", ["caption": .string("of the second")])
        let ofFirst = try graph.add("Photo", ["caption": .string("of the first")])
        let details = try graph.add("Details", ["note": .string("of the first's photo")])
        try graph.add("Photo", ["caption": .string("loose")])
        try graph.link(first, "photos", to: ofFirst)
        try graph.link(second, "photos", to: ofSecond)
        try graph.link(ofFirst, "details", to: details)
        let builder = SelectionBuilder(source: graph)
        let tree = try run(
            graph, selection: Selection(objects: try builder.sample(limit: 1, entities: nil, shape: .tree)))
        XCTAssertEqual(tree.written, ["Album/1", "Photo/4", "Details/5"])
        XCTAssertEqual(tree.topLevel, 1)
        XCTAssertEqual(tree.outside, 0)
        let flat = try builder.sample(limit: 1, entities: nil, shape: .flat)
        XCTAssertEqual(flat.map { graph.id(of: $0).text }.sorted(), ["Album/1", "Details/5", "Photo/3"])
        let two = try run(
            graph, selection: Selection(objects: try builder.sample(limit: 2, entities: nil, shape: .tree)))
        XCTAssertEqual(two.written, ["Album/1", "Photo/4", "Details/5", "Album/2", "Photo/3"])
        let rooted = try builder.sample(limit: 1, from: [second], reach: .owned)
        XCTAssertEqual(rooted.map { graph.id(of: $0).text }.sorted(), ["Album/2", "Photo/3"])
    }

    /// An entity left out is not read, so what its objects reach is not reached through them.
    func testChosenObjectsDoNotReachThroughAnEntityLeftOut() throws {
        let graph = try SampleGraphs.albumGraph()
        let album = try XCTUnwrap(graph.model.index(of: "Album"))
        let photo = try XCTUnwrap(graph.model.index(of: "Photo"))
        let roots = try graph.scan(album).next().map { [$0.key] } ?? []
        let builder = SelectionBuilder(source: graph)
        let entities = Set(graph.model.entities.indices).subtracting([photo])
        for reach in [SelectionReach.owned, .reachable] {
            let objects = try builder.objects(from: roots, reach: reach, within: entities)
            XCTAssertEqual(objects.map { graph.id(of: $0).text }, ["Album/1"], "\(reach)")
        }
    }

    func testAnAdjustedModelLeavesOutAttributesAndChoosesTheNesting() throws {
        let graph = try SampleGraphs.albumGraph()
        let adjusted = try AdjustedSource(
            graph, adjustment: ModelAdjustment(excludedProperties: ["Album.rating"], noNest: ["Photo.album"]))
        let album = try XCTUnwrap(adjusted.model.index(of: "Album"))
        XCTAssertEqual(adjusted.model.attributes(of: album).map(\.name), ["title"])
        XCTAssertEqual(try adjusted.scan(album).next()?.values, [.string("Trip")])
        let result = try run(adjusted)
        XCTAssertEqual(result.written.count, 6)
        XCTAssertEqual(result.topLevel, 5, "only the details still nest")
        XCTAssertThrowsError(try AdjustedSource(graph, adjustment: ModelAdjustment(nest: ["Tag.photos"]))) { error in
            XCTAssertEqual(
                "\(error)", "'Tag.photos' cannot nest: it is many-to-many, and an object nests under one owner only")
        }
        XCTAssertThrowsError(
            try AdjustedSource(graph, adjustment: ModelAdjustment(nest: ["Album.photos"], noNest: ["Photo.album"]))
        ) { error in
            XCTAssertEqual("\(error)", "'Photo.album' is named both to nest and never to nest")
        }
        XCTAssertThrowsError(try AdjustedSource(graph, adjustment: ModelAdjustment(excludedProperties: ["Album"])))
    }

    /// A relationship left out leaves the other side of its pair without an inverse: Photo.album
    /// is a reference, and the photos no longer nest under their album.
    func testAnAdjustedModelLeavesOutRelationshipsAndKeepsOnlyTheListedProperties() throws {
        let graph = try SampleGraphs.albumGraph()
        let withoutPhotos = try AdjustedSource(graph, adjustment: ModelAdjustment(excludedProperties: ["Album.photos"]))
        let album = try XCTUnwrap(withoutPhotos.model.index(of: "Album"))
        let photo = try XCTUnwrap(withoutPhotos.model.index(of: "Photo"))
        XCTAssertEqual(withoutPhotos.model.relationships(of: album).map(\.name), ["cover"])
        XCTAssertNil(withoutPhotos.model.relationships(of: photo)[0].inverse)
        XCTAssertEqual(try withoutPhotos.scan(album).next()?.toOne.count, 1)
        let result = try run(withoutPhotos)
        XCTAssertEqual(result.written.count, 6)
        XCTAssertEqual(result.topLevel, 5, "only the details still nest")
        XCTAssertEqual(try run(withoutPhotos, shape: .flat).written.count, 6)

        let kept = try AdjustedSource(
            graph, adjustment: ModelAdjustment(keptProperties: ["Photo.caption,details", "Photo.tags"]))
        XCTAssertEqual(kept.model.attributes(of: photo).map(\.name), ["caption"])
        XCTAssertEqual(kept.model.relationships(of: photo).map(\.name), ["tags", "details"])
        XCTAssertEqual(kept.model.attributes(of: album).map(\.name), ["title", "rating"], "other entities keep all")
        let hill = ObjectKey(entity: photo, row: 4)
        XCTAssertEqual(try kept.destinations(of: hill, through: 0).map { kept.id(of: $0).text }, ["Tag/5"])
        XCTAssertEqual(try kept.record(hill)?.toOne.count, 2)
        let keptRun = try run(kept)
        XCTAssertEqual(keptRun.written.count, 6)
        XCTAssertEqual(keptRun.outside, 0)

        let noNope =
            "entity 'Photo' has no attribute or relationship 'nope' (attributes and relationships: caption, album, tags, details)"
        let failures: [(ModelAdjustment, String)] = [
            (ModelAdjustment(keptProperties: ["Photo.caption,nope"]), noNope),
            (ModelAdjustment(excludedProperties: ["Photo.nope"]), noNope),
            (ModelAdjustment(keptProperties: ["Nope.a,b"]), "no entity 'Nope' (entities: Album, Photo, Details, Tag)"),
            (
                ModelAdjustment(excludedProperties: ["Album.photos"], noNest: ["Album.photos"]),
                "'Album.photos' is left out of the export: it cannot also be named to nest or never to nest"
            ),
        ]
        for (adjustment, message) in failures {
            XCTAssertThrowsError(try AdjustedSource(graph, adjustment: adjustment)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    /// An inherited property is one property of its hierarchy: left out, it is named where it is
    /// declared; kept, it may be named on the entity that inherits it, and is kept on its declarer.
    func testAnInheritedPropertyIsLeftOutOnItsDeclarerAndKeptAsTheEntityNamedIt() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Item", attributes: [AttributeInfo(name: "title", type: .string)],
                relationships: [RelationshipInfo(name: "owner", destination: "Item", isToMany: false)]),
            EntityInfo(name: "Note", parent: "Item", attributes: [AttributeInfo(name: "body", type: .string)]),
        ])
        let (itemOwner, noteBody) = (
            DeclaredProperty(entity: 0, name: "owner"), DeclaredProperty(entity: 1, name: "body")
        )
        XCTAssertEqual(try ModelAdjustment(keptProperties: ["Item.title"]).propertiesLeftOut(of: model), [itemOwner])
        XCTAssertEqual(
            try ModelAdjustment(keptProperties: ["Note.body"]).propertiesLeftOut(of: model), [],
            "an ancestor the list names nothing of keeps its own")
        for lenient in [false, true] {
            XCTAssertEqual(
                try ModelAdjustment(keptProperties: ["Note.title"]).propertiesLeftOut(of: model, strictly: !lenient),
                [itemOwner, noteBody], "only title, kept on Item")
            XCTAssertEqual(
                try ModelAdjustment(keptProperties: ["Note.title,body"]).propertiesLeftOut(
                    of: model, strictly: !lenient),
                [itemOwner])
        }
        XCTAssertThrowsError(try ModelAdjustment(excludedProperties: ["Note.owner"]).propertiesLeftOut(of: model)) {
            XCTAssertEqual("\($0)", "'Note.owner' is inherited: name it as Item.owner, where it is declared")
        }
        XCTAssertEqual(
            try ModelAdjustment(excludedProperties: ["Note.owner"]).propertiesLeftOut(of: model, strictly: false), [])
        XCTAssertThrowsError(try ModelAdjustment(keptProperties: ["Note.title,nope"]).propertiesLeftOut(of: model)) {
            XCTAssertEqual(
                "\($0)",
                "entity 'Note' has no attribute or relationship 'nope' (attributes and relationships: body, title, owner)",
                "a name it neither declares nor inherits")
        }
        XCTAssertEqual(
            try ModelAdjustment(keptProperties: ["Note.title,nope"]).propertiesLeftOut(of: model, strictly: false),
            [itemOwner, noteBody])
    }

    func testEntityNamesIncludeTheEntitiesThatInheritUnlessExact() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Item", isAbstract: true), EntityInfo(name: "Note", parent: "Item"),
            EntityInfo(name: "Photo", parent: "Item"), EntityInfo(name: "Page"),
        ])
        XCTAssertEqual(try Selection.entities(including: ["Item"], excluding: [], exact: false, in: model), [0, 1, 2])
        XCTAssertEqual(
            try Selection.entities(including: [], excluding: ["Item"], exact: false, in: model), [3])
        XCTAssertEqual(try Selection.entities(including: [], excluding: ["Note"], exact: true, in: model), [0, 2, 3])
        XCTAssertThrowsError(try Selection.entities(including: ["Item"], excluding: [], exact: true, in: model))
        XCTAssertThrowsError(try Selection.entities(including: ["Nope"], excluding: [], exact: false, in: model))
    }

    /// Every run tells the source once that it has finished, through an adjusted source too, so
    /// that a source can sum up what the run read (a plain database's columns without JSON).
    func testEachRunTellsTheSourceOnceThatItHasFinished() throws {
        let source = HidingSource(try SampleGraphs.albumGraph())
        let adjusted = try AdjustedSource(source, adjustment: ModelAdjustment(excludedProperties: ["Album.rating"]))
        for shape in ExportShape.allCases {
            try GraphTraversal(source: adjusted, shape: shape).run(into: RecordingGraphWriter())
        }
        XCTAssertEqual(source.finishedRuns, 2)
    }

}
