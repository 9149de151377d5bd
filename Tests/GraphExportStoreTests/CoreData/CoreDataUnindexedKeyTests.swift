import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// Core Data stores without the indexes Core Data makes on their key columns
/// (`Z<TABLE>_Z<COLUMN>_INDEX`, issue 36): the export reads each relationship with a bounded
/// number of passes, never a table per object, and writes what the same store with its indexes
/// gives.
final class CoreDataUnindexedKeyTests: XCTestCase {
    /// The Scrapbook sample's tags numbered 300 apart, so that no two share a window of source keys
    /// (``DestinationWindow/width``): each tag's items are a query of their own.
    private static let spreadTags = """
        UPDATE ZTAG SET Z_PK = Z_PK * 300;
        UPDATE Z_1TAGS SET Z_7TAGS = Z_7TAGS * 300;
        UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX * 300 WHERE Z_NAME = 'Tag';
        """
    /// Every index Core Data made on the sample: its key columns' and `Z_ENT`'s. Only the join
    /// table's primary key is left (its first column, `Z_1ITEMS`, stays indexed by it).
    private static let dropIndexes = """
        DROP INDEX ZITEM_ZCOVEROF_INDEX; DROP INDEX ZITEM_ZPAGE_INDEX; DROP INDEX ZITEM_Z_ENT_INDEX;
        DROP INDEX ZPAGE_ZSCRAPBOOK_INDEX; DROP INDEX ZSCRAPBOOK_ZCOVER_INDEX; DROP INDEX ZTAG_ZFEATUREDITEM_INDEX;
        DROP INDEX ZTAG_ZSCRAPBOOK_INDEX; DROP INDEX Z_1TAGS_Z_7TAGS_INDEX;
        """

    /// The tree shape, everything or limited in depth (which moves objects to the top level, out
    /// of the order of their owners), and a selection of a few objects, read each relationship
    /// without a query that scans a table once per owner: no statement that runs more than once
    /// steps through a whole table.
    func testTreeShapeScansNoTableOncePerObjectWithoutIndexes() throws {
        let scrapbook = try ScrapbookCopy(for: self, editing: Self.spreadTags + Self.dropIndexes)
        let store = try scrapbook.open()
        let page = try XCTUnwrap(store.model.index(of: "Page"))
        let tag = try XCTUnwrap(store.model.index(of: "Tag"))
        let chosen = Set([1, 2, 5, 6].map { ObjectKey(entity: page, row: $0) })
            .union([300, 900, 1500].map { ObjectKey(entity: tag, row: $0) })
        for selection in [Selection.everything, Selection(depthLimit: 2), Selection(objects: chosen)] {
            let store = try scrapbook.open()
            let traversal = GraphTraversal(source: store, shape: .tree, selection: selection)
            try traversal.run(into: RecordingGraphWriter())
            XCTAssertEqual(traversal.objectsWritten, selection.objects?.count ?? 35)
            let repeated = RepeatedStatements(store.database)
            XCTAssertEqual(repeated.scanning, [], "\(selection)")
            XCTAssertGreaterThan(repeated.count, 2, "\(selection): the per-object queries were not found")
        }
    }

    /// Both shapes, everything and limited in depth, are the same events and warnings with and
    /// without the indexes (the indexes change how rows are found, never what is written).
    func testExportsWithoutIndexesAreThoseWithIndexes() throws {
        let indexed = try ScrapbookCopy(for: self, as: "indexed", editing: Self.spreadTags)
        let bare = try ScrapbookCopy(for: self, as: "bare", editing: Self.spreadTags + Self.dropIndexes)
        for shape in [ExportShape.tree, .flat] {
            for selection in [Selection.everything, Selection(depthLimit: 2)] {
                let runs = try [indexed, bare].map { scrapbook in
                    let warnings = CollectedWarnings()
                    let writer = RecordingGraphWriter()
                    try GraphTraversal(
                        source: try scrapbook.open(onWarning: warnings.record), shape: shape, selection: selection
                    )
                    .run(into: writer)
                    return (events: writer.events, warnings: warnings.takeMessages())
                }
                XCTAssertEqual(runs[0].events.count, runs[1].events.count, "\(shape), \(selection)")
                XCTAssertTrue(runs[0].events == runs[1].events, "\(shape), \(selection): the events differ")
                XCTAssertEqual(runs[0].warnings, runs[1].warnings, "\(shape), \(selection)")
            }
        }
    }

    /// Opening the store without its indexes copies no relationship: a copy is made only when
    /// an export first asks for one object's destinations.
    func testOpeningCopiesNoRelationship() throws {
        let store = try ScrapbookCopy(for: self, editing: Self.dropIndexes).open()
        let copies = try store.database.prepare("SELECT name FROM temp.sqlite_schema WHERE name LIKE 'gx_rel%'")
        XCTAssertFalse(try copies.step(), "a relationship was copied while opening: \(copies.text(at: 0) ?? "")")
        try GraphTraversal(source: store, shape: .flat).run(into: RecordingGraphWriter())
        XCTAssertFalse(try copies.step(), "the flat shape copied a relationship: \(copies.text(at: 0) ?? "")")
    }
}
