import Foundation
import GraphExportSync
import XCTest

/// A sync as its users run it, after every save of an app: a copy of the SwiftData sample changed
/// save by save the way Core Data saves (the saves of `HistorySyncTests`: inserts with references
/// to objects that did not change, a to-many moved, a nullify on delete, an object inserted then
/// deleted), synced after each into SQLite; after each run the copy equals a fresh export, and so
/// does a copy left behind several saves and synced once.
final class SaveBySaveSyncTests: XCTestCase {
    // SwiftData's entity numbers: Component 1, CraftingRecipe 2, Item 3.
    static let saves: [HistorySave] = [
        HistorySave(
            "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (13, 3, 1, 'Iron Ore');"
                + "UPDATE Z_PRIMARYKEY SET Z_MAX = 13 WHERE Z_NAME = 'Item';", [(0, 3, 13)]),
        HistorySave("UPDATE ZITEM SET ZNAME = 'Iron Ingot', Z_OPT = Z_OPT + 1 WHERE Z_PK = 13;", [(1, 3, 13)]),
        // Inserted objects that reference an object no save changed (Item 12): a delta of
        // insertions whose references must stay.
        HistorySave(
            """
            INSERT INTO ZCRAFTINGRECIPE (Z_PK, Z_ENT, Z_OPT, ZPRODUCEDITEM, ZPRODUCEDITEMCOUNT) VALUES (5, 2, 1, 12, '2');
            INSERT INTO ZCOMPONENT (Z_PK, Z_ENT, Z_OPT, ZCOUNT, ZCRAFTINGRECIPE, ZITEM, ZID)
                VALUES (8, 1, 1, 3, 5, 12, X'00112233445566778899AABBCCDDEEFF');
            UPDATE Z_PRIMARYKEY SET Z_MAX = 5 WHERE Z_NAME = 'CraftingRecipe';
            UPDATE Z_PRIMARYKEY SET Z_MAX = 8 WHERE Z_NAME = 'Component';
            """, [(0, 2, 5), (0, 1, 8)]),
        HistorySave(
            "UPDATE ZCRAFTINGRECIPE SET ZPRODUCEDITEM = 13, Z_OPT = Z_OPT + 1 WHERE Z_PK = 5;"
                + "UPDATE ZITEM SET ZCRAFTINGRECIPE = 5, Z_OPT = Z_OPT + 1 WHERE Z_PK = 13;",
            [(1, 2, 5), (1, 3, 13)]),
        // A component moves to another recipe: both recipes' to-many changes.
        HistorySave(
            "UPDATE ZCOMPONENT SET ZCRAFTINGRECIPE = 4, Z_OPT = Z_OPT + 1 WHERE Z_PK = 8;"
                + "UPDATE ZCRAFTINGRECIPE SET Z_OPT = Z_OPT + 1 WHERE Z_PK IN (4, 5);",
            [(1, 1, 8), (1, 2, 4), (1, 2, 5)]),
        // An item is deleted: the recipe that produced it loses its producedItem (nullify).
        HistorySave(
            "DELETE FROM ZITEM WHERE Z_PK = 13;"
                + "UPDATE ZCRAFTINGRECIPE SET ZPRODUCEDITEM = NULL, Z_OPT = Z_OPT + 1 WHERE Z_PK = 5;",
            [(2, 3, 13), (1, 2, 5)]),
        // An object of the original store is deleted, and one is edited.
        HistorySave(
            "DELETE FROM ZCOMPONENT WHERE Z_PK = 7;"
                + "UPDATE ZCRAFTINGRECIPE SET Z_OPT = Z_OPT + 1 WHERE Z_PK = 4;"
                + "UPDATE ZCRAFTINGRECIPE SET ZPRODUCEDITEMCOUNT = '12', Z_OPT = Z_OPT + 1 WHERE Z_PK = 1;",
            [(2, 1, 7), (1, 2, 4), (1, 2, 1)]),
        // An item inserted, then deleted by the next save: a delta over both holds nothing of it.
        HistorySave(
            "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (14, 3, 1, 'Scrap');"
                + "UPDATE Z_PRIMARYKEY SET Z_MAX = 14 WHERE Z_NAME = 'Item';", [(0, 3, 14)]),
        HistorySave("DELETE FROM ZITEM WHERE Z_PK = 14;", [(2, 3, 14)]),
    ]

    func testEverySaveSyncedIntoSQLiteGivesTheExport() throws {
        let fixture = try SyncFixture(
            shared: "coredata-samples/swiftdata-resourcesmanager", store: "default.store", for: self)
        let target = fixture.folder.path("copy.db")
        XCTAssertEqual(try fixture.sync(into: .sqlite(path: target)).mode, .first)
        // Copies left behind at each save, synced once at the end.
        var behind: [String] = []
        for (index, save) in Self.saves.enumerated() {
            let old = fixture.folder.path("behind-\(index).db")
            try FileManager.default.copyItem(atPath: target, toPath: old)
            behind.append(old)
            try fixture.change(save.sql(number: index))
            let report = try fixture.sync(into: .sqlite(path: target))
            XCTAssertEqual(report.mode, .delta, "save \(index + 1)")
            try fixture.assertCopyEqualsExport(target, "after save \(index + 1)")
        }
        for (index, old) in behind.enumerated() {
            XCTAssertEqual(try fixture.sync(into: .sqlite(path: old)).mode, .delta)
            try fixture.assertCopyEqualsExport(old, "a copy of save \(index) synced after the last")
        }
    }
}
