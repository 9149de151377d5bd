import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData

/// A reflexive many-to-many (a to-many whose inverse is itself, as Apple Photos'
/// `Person.invalidMergeCandidates`) read from both key columns of its join table: every object's
/// list holds each partner once, whichever order the pair is stored in, and in both orders too
/// (``HandBuiltStores/reflexiveManyToMany``).
final class CoreDataReflexiveManyToManyTests: XCTestCase {
    /// Before: `column Z_1INVALIDMERGECANDIDATES.Z_1INVALIDMERGECANDIDATES1 for
    /// Person.invalidMergeCandidates is missing …; Z_1INVALIDMERGECANDIDATES has REFLEXIVE instead`.
    func testEachObjectHasEveryPartnerFromEitherColumnOnceInEveryShape() throws {
        let built = HandBuiltStores.reflexiveManyToMany
        let (store, warnings) = try open(built)
        XCTAssertEqual(warnings.take(), [])
        func people(_ keys: [Int]) -> [ObjectID] { keys.map { ObjectID(built.id("Person", $0)) } }
        let candidates: [(Int, [Int])] = [(1, [2, 5]), (2, [1]), (3, [4]), (4, [3]), (5, [1]), (6, [6])]
        let twins: [(Int, [Int])] = [(1, []), (2, [3]), (3, [2]), (4, []), (5, []), (6, [])]
        for shape in ExportShape.allCases {
            let export = try CheckedExport(store, shape: shape, warnings: warnings)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            for (key, partners) in candidates {
                XCTAssertEqual(
                    export.graph[ObjectID(built.id("Person", key))]?.ids("invalidMergeCandidates"), people(partners),
                    "\(shape) Person p\(key)")
            }
            for (key, partners) in twins {
                XCTAssertEqual(
                    export.graph[ObjectID(built.id("Person", key))]?.ids("twins"), people(partners),
                    "\(shape) Person p\(key)")
            }
        }
        let keys = (1...6).map { ObjectKey(entity: 0, row: Int64($0)) }
        XCTAssertEqual(
            try keys.map { try store.destinations(of: $0, through: 0).map(\.row) },
            candidates.map { $0.1.map(Int64.init) },
            "object by object")
        let stream = try store.destinationsInScanOrder(of: 0, through: 0)
        XCTAssertEqual(
            try keys.map { try stream.destinations(of: $0).map(\.row) }, candidates.map { $0.1.map(Int64.init) },
            "merged with the scan")
    }

    /// Without a model, a join table of a column named as itself and `REFLEXIVE` is read as the
    /// reflexive to-many it names; `Z_1TWINS`, whose columns could as well be two relationships,
    /// is read as those.
    func testAModelInferredFromTheTablesReadsTheReflexiveJoinTable() throws {
        let built = HandBuiltStores.reflexiveManyToMany
        let written = try built.written(for: self)
        let warnings = CollectedWarnings()
        let store = try CoreDataStore(path: written.path, onWarning: warnings.record)
        XCTAssertEqual(
            store.model.relationships(of: 0).map { "\($0.name) ↔ \($0.info.inverse ?? "")" },
            ["invalidmergecandidates ↔ invalidmergecandidates", "twins1 ↔ twins", "twins ↔ twins1"])
        XCTAssertFalse(warnings.take().contains { $0.message.contains("not read: Z_1INVALIDMERGECANDIDATES") })
        XCTAssertEqual(
            try (1...6).map { try store.destinations(of: ObjectKey(entity: 0, row: Int64($0)), through: 0).map(\.row) },
            [[2, 5], [1], [4], [3], [1], [6]])
    }

    func testInspectNamesBothColumnsOfTheReflexiveJoinTable() throws {
        let (store, _) = try open(HandBuiltStores.reflexiveManyToMany)
        let person = try XCTUnwrap(try store.storeDescription().entities.first)
        XCTAssertEqual(
            person.relationships.map(\.storage),
            [
                .reflexiveJoinTable(
                    table: "Z_1INVALIDMERGECANDIDATES", columns: ["Z_1INVALIDMERGECANDIDATES", "REFLEXIVE"]),
                .reflexiveJoinTable(table: "Z_1TWINS", columns: ["Z_1TWINS", "Z_1TWINS1"]),
            ])
    }

    /// The pairs of a million-row table would be one query whose two halves SQLite merges from
    /// their indexes, not a table it collects first.
    func testThePairsAreReadWithOneMergedQueryOnTheIndexes() throws {
        let (store, _) = try open(HandBuiltStores.reflexiveManyToMany)
        let plan = try store.database.prepare(
            "EXPLAIN QUERY PLAN SELECT Z_1INVALIDMERGECANDIDATES, REFLEXIVE FROM Z_1INVALIDMERGECANDIDATES "
                + "UNION SELECT REFLEXIVE, Z_1INVALIDMERGECANDIDATES FROM Z_1INVALIDMERGECANDIDATES ORDER BY 1, 2")
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text(at: 3) ?? "") }
        XCTAssertEqual(steps.first, "MERGE (UNION)", "\(steps)")
        XCTAssertEqual(steps.filter { $0.contains("COVERING INDEX") }.count, 2, "\(steps)")
    }

    func testAnOrderedReflexiveRelationshipIsReadByKeyWithAWarning() throws {
        let built = HandBuiltStores.reflexiveManyToMany
        let written = try built.written(for: self)
        let ordered = built.model.replacingOccurrences(
            of: #"name="twins" optional="YES" toMany="YES""#,
            with: #"name="twins" optional="YES" toMany="YES" ordered="YES""#)
        try Data(ordered.utf8).write(to: URL(fileURLWithPath: written.model))
        let opened = try OpenedCoreDataStore(written)
        XCTAssertEqual(
            opened.warnings.takeMessages(),
            [
                "\(written.path): Person.twins is ordered and its own inverse, and no store shows where such an "
                    + "order is kept; its destinations are read in Z_PK order"
            ])
        XCTAssertEqual(try opened.store.destinations(of: ObjectKey(entity: 0, row: 2), through: 1).map(\.row), [3])
    }

    /// `easylife-versions`' `TodoItem.blocking` and `blockedBy` are a self-referential pair of two
    /// relationships, not one reflexive one: each reads its own column, as before.
    func testASelfReferentialPairOfTwoRelationshipsStaysDirected() throws {
        let scratch = try ScratchFolder(for: self)
        let folder = try scratch.copy(try StoreTestInputs.sample("easylife-versions"))
        let path = folder + "/EasyLife 1.5.0.sqlite"
        try SQLiteShell.run("INSERT INTO Z_2BLOCKING (Z_2BLOCKEDBY, Z_2BLOCKING) VALUES (1, 2), (1, 3)", on: path)
        let store = try CoreDataStore(path: path, model: try ModelFile.load(path: folder + "/EasyLife.xcdatamodeld"))
        let export = try CheckedExport(store, shape: .flat, warnings: CollectedWarnings())
        XCTAssertTrue(export.check.isValid, export.check.summary())
        func item(_ key: Int) -> ExportedObject? {
            export.graph[ObjectID("x-coredata://\(store.storeUUID)/TodoItem/p\(key)")]
        }
        func items(_ keys: [Int]) -> [ObjectID] {
            keys.map { ObjectID("x-coredata://\(store.storeUUID)/TodoItem/p\($0)") }
        }
        XCTAssertEqual(item(1)?.ids("blocking"), items([2, 3]))
        XCTAssertEqual(item(1)?.ids("blockedBy"), [])
        XCTAssertEqual(item(2)?.ids("blockedBy"), items([1]))
        XCTAssertEqual(item(2)?.ids("blocking"), [])
    }

    private func open(_ built: HandBuiltStores.Store) throws -> (CoreDataStore, CollectedWarnings) {
        let opened = try OpenedCoreDataStore(try built.written(for: self))
        return (opened.store, opened.warnings)
    }
}
