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
        let first = try builder.firstObjects(limit: 1, entities: nil, shape: .flat)
        XCTAssertEqual(first.map { graph.id(of: $0).text }, ["Album/1", "Photo/2", "Details/3", "Tag/5"])
    }

    func testAnAdjustedModelLeavesOutAttributesAndChoosesTheNesting() throws {
        let graph = try SampleGraphs.albumGraph()
        let adjusted = try AdjustedSource(
            graph, adjustment: ModelAdjustment(excludedAttributes: ["Album.rating"], noNest: ["Photo.album"]))
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
        XCTAssertThrowsError(try AdjustedSource(graph, adjustment: ModelAdjustment(excludedAttributes: ["Album"])))
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
        let source = RunCountingSource(try SampleGraphs.albumGraph())
        let adjusted = try AdjustedSource(source, adjustment: ModelAdjustment(excludedAttributes: ["Album.rating"]))
        for shape in ExportShape.allCases {
            try GraphTraversal(source: adjusted, shape: shape).run(into: RecordingGraphWriter())
        }
        XCTAssertEqual(source.finishedRuns, 2)
    }

}
