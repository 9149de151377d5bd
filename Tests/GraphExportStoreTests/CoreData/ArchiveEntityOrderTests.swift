import GraphExport
import XCTest

@testable import GraphExportCoreData

/// The order of entities read from archived models: Core Data's `Z_ENT` numbering.
final class ArchiveEntityOrderTests: XCTestCase {
    private func names(_ pairs: [(String, String?)]) -> [String] {
        EntityOrder.coreDataOrder(pairs.map { EntityInfo(name: $0.0, parent: $0.1) }).map(\.name)
    }

    func testRootsByNameEachFollowedByItsSubEntitiesDepthFirst() {
        // coredata-format.md §1.2: Department 1, Party 2, Organisation 3, Person 4, Employee 5,
        // Manager 6, Tag 7.
        XCTAssertEqual(
            names([
                ("Tag", nil), ("Manager", "Employee"), ("Person", "Party"), ("Employee", "Person"),
                ("Organisation", "Party"), ("Party", nil), ("Department", nil),
            ]),
            ["Department", "Party", "Organisation", "Person", "Employee", "Manager", "Tag"])
        XCTAssertEqual(names([("C", "A"), ("D", "B"), ("B", "A"), ("A", nil)]), ["A", "B", "D", "C"])
        XCTAssertEqual(names([("b", nil), ("B", nil), ("a", nil)]), ["B", "a", "b"])
    }

    func testUnknownParentsAndCyclesDoNotLoseEntities() {
        XCTAssertEqual(names([("Orphan", "Missing"), ("A", nil)]), ["A", "Orphan"])
        XCTAssertEqual(names([("Self", "Self")]), ["Self"])
        XCTAssertEqual(names([("Y", "X"), ("X", "Y"), ("A", nil)]), ["A", "X", "Y"])
    }
}
