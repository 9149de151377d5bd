import GraphExport
import GraphExportTestSupport
import XCTest

/// The traversal given a ``ChangeSet`` (an export of what changed since a history token): the
/// changed objects a selection of them selects, each updated one marked with its changed
/// properties, inserted ones unmarked, changed objects nested only under changed owners, then the
/// tombstones of the selected entities, marked deleted, with the values the model still has.
final class ChangeSetTraversalTests: XCTestCase {
    /// ``SampleGraphs/albumGraph()`` and the keys of its Album/1, Photo/2, Details/3, Photo/4
    /// and Tag/5.
    private struct Fixture {
        let graph: InMemoryGraph
        let album, beach, details, hill, tag: ObjectKey

        init() throws {
            graph = try SampleGraphs.albumGraph()
            let model = graph.model
            func key(_ entity: String, _ row: Int64) throws -> ObjectKey {
                ObjectKey(entity: try XCTUnwrap(model.index(of: entity)), row: row)
            }
            (album, beach, details, hill, tag) = (
                try key("Album", 1), try key("Photo", 2), try key("Details", 3), try key("Photo", 4), try key("Tag", 5)
            )
        }
    }

    private func run(
        _ source: any GraphSource, changes: ChangeSet, entities: Set<Int>? = nil, shape: ExportShape = .tree
    ) throws -> [GraphEvent] {
        let selection = Selection(entities: entities, objects: changes.objects)
        let writer = RecordingGraphWriter()
        try GraphTraversal(source: source, shape: shape, selection: selection, changes: changes).run(into: writer)
        XCTAssertTrue(writer.finished)
        return writer.events
    }

    func testChangedObjectsAreMarkedAndNestOnlyUnderChangedOwners() throws {
        let fixture = try Fixture()
        let deleted = ObjectKey(entity: fixture.tag.entity, row: 99)
        let changes = ChangeSet(
            objects: [fixture.album, fixture.details, fixture.hill],
            changedProperties: [fixture.album: ["title", "photos"], fixture.hill: []],
            tombstones: [ChangeSet.Tombstone(key: deleted, values: ["name": .string("old"), "gone": .integer(1)])])
        let events = try run(fixture.graph, changes: changes)
        XCTAssertEqual(
            outlineOf(events),
            "Album/1{@changed(title,photos)photos[→Photo/2 Photo/4{@changed()album[→Album/1] tags[→Tag/5] details[]}]"
                + " cover[→Photo/4]} Details/3{photo[→Photo/2]} Tag/99{@deleted}")
        XCTAssertTrue(events.contains(.attribute(name: "name", value: .string("old"))), "a kept value is written")
        XCTAssertFalse(events.contains(.attribute(name: "gone", value: .integer(1))), "a name the model lacks is not")
        let flat = try run(fixture.graph, changes: changes, shape: .flat)
        XCTAssertEqual(flat.filter { if case .beginObject = $0 { true } else { false } }.count, 4)
        XCTAssertEqual(flat.last, .endObject)
    }

    func testEntityFiltersAndAdjustmentsApplyToMarksAndTombstones() throws {
        let fixture = try Fixture()
        let changes = ChangeSet(
            objects: [fixture.album, fixture.hill], changedProperties: [fixture.album: ["title", "rating"]],
            tombstones: [
                ChangeSet.Tombstone(key: ObjectKey(entity: fixture.tag.entity, row: 99)),
                ChangeSet.Tombstone(
                    key: ObjectKey(entity: fixture.album.entity, row: 98), values: ["title": .string("x")]),
            ])
        let adjusted = try AdjustedSource(
            fixture.graph, adjustment: ModelAdjustment(excludedProperties: ["Album.title"]))
        let events = try run(adjusted, changes: changes, entities: [fixture.album.entity])
        XCTAssertEqual(
            outlineOf(events), "Album/1{@changed(rating)photos[→Photo/2 →Photo/4] cover[→Photo/4]} Album/98{@deleted}")
        XCTAssertFalse(events.contains { if case .attribute("title", _) = $0 { true } else { false } })
    }

    func testNoChangeSetWritesNoMarks() throws {
        XCTAssertFalse(
            try export(try Fixture().graph).recording.events.contains { event in
                switch event {
                case .changedProperties, .deleted: true
                default: false
                }
            })
    }
}
