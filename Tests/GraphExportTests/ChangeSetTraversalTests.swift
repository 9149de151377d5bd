import GraphExport
import GraphExportTestSupport
import XCTest

/// The traversal given a ``ChangeSet`` (an export of what changed since a history token): the
/// changed objects a selection of them selects, each updated one marked with its changed
/// properties, inserted ones unmarked, changed objects nested only under changed owners, then the
/// tombstones of the selected entities, marked deleted, with the values the model still has.
final class ChangeSetTraversalTests: XCTestCase {
    private struct Fixture {
        let graph: InMemoryGraph
        let album: ObjectKey
        let beach: ObjectKey
        let details: ObjectKey
        let hill: ObjectKey
        let tag: ObjectKey
    }

    private func fixture() throws -> Fixture {
        let graph = SampleGraphs.graph(try SampleGraphs.albumModel())
        let album = try graph.add("Album", ["title": .string("Trip"), "rating": .double(4.5)])
        let beach = try graph.add("Photo", ["caption": .string("Beach")])
        let details = try graph.add("Details", ["note": .string("sunset")])
        let hill = try graph.add("Photo", ["caption": .string("Hill")])
        let tag = try graph.add("Tag", ["name": .string("sea")])
        try graph.link(album, "photos", to: beach)
        try graph.link(album, "photos", to: hill)
        try graph.link(beach, "details", to: details)
        try graph.link(tag, "photos", to: beach)
        return Fixture(graph: graph, album: album, beach: beach, details: details, hill: hill, tag: tag)
    }

    private func run(
        _ source: any GraphSource, changes: ChangeSet, entities: Set<Int>? = nil, shape: ExportShape = .tree
    ) throws -> [GraphEvent] {
        let selection = Selection(entities: entities, objects: changes.objects)
        let writer = RecordingGraphWriter()
        try GraphTraversal(source: source, shape: shape, selection: selection, changes: changes).run(into: writer)
        XCTAssertEqual(writer.misuse, [])
        return writer.events
    }

    func testChangedObjectsAreMarkedAndNestOnlyUnderChangedOwners() throws {
        let fixture = try fixture()
        let deleted = ObjectKey(entity: fixture.tag.entity, row: 99)
        let changes = ChangeSet(
            objects: [fixture.album, fixture.details, fixture.hill],
            changedProperties: [fixture.album: ["title", "photos"], fixture.hill: []],
            tombstones: [ChangeSet.Tombstone(key: deleted, values: ["name": .string("old"), "gone": .integer(1)])])
        let events = try run(fixture.graph, changes: changes)
        XCTAssertEqual(
            outlineOf(events),
            "Album/1{@changed(title,photos)photos[→Photo/2 Photo/4{@changed()album[→Album/1] tags[] details[]}]"
                + " cover[]} Details/3{photo[→Photo/2]} Tag/99{@deleted}")
        XCTAssertTrue(events.contains(.attribute(name: "name", value: .string("old"))), "a kept value is written")
        XCTAssertFalse(events.contains(.attribute(name: "gone", value: .integer(1))), "a name the model lacks is not")
        let flat = try run(fixture.graph, changes: changes, shape: .flat)
        XCTAssertEqual(flat.filter { if case .beginObject = $0 { true } else { false } }.count, 4)
        XCTAssertEqual(flat.last, .endObject)
    }

    func testEntityFiltersAndAdjustmentsApplyToMarksAndTombstones() throws {
        let fixture = try fixture()
        let changes = ChangeSet(
            objects: [fixture.album, fixture.hill], changedProperties: [fixture.album: ["title", "rating"]],
            tombstones: [
                ChangeSet.Tombstone(key: ObjectKey(entity: fixture.tag.entity, row: 99)),
                ChangeSet.Tombstone(
                    key: ObjectKey(entity: fixture.album.entity, row: 98), values: ["title": .string("x")]),
            ])
        let adjusted = try AdjustedSource(
            fixture.graph, adjustment: ModelAdjustment(excludedAttributes: ["Album.title"]))
        let events = try run(adjusted, changes: changes, entities: [fixture.album.entity])
        XCTAssertEqual(
            outlineOf(events), "Album/1{@changed(rating)photos[→Photo/2 →Photo/4] cover[]} Album/98{@deleted}")
        XCTAssertFalse(events.contains { if case .attribute("title", _) = $0 { true } else { false } })
    }

    func testNoChangeSetWritesNoMarks() throws {
        let fixture = try fixture()
        let writer = RecordingGraphWriter()
        try GraphTraversal(source: fixture.graph).run(into: writer)
        XCTAssertFalse(
            writer.events.contains { event in
                switch event {
                case .changedProperties, .deleted: true
                default: false
                }
            })
    }
}
