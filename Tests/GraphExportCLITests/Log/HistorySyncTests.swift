import Foundation
import Prerequisites
import XCTest

/// `--since` as a sync client uses it, end to end with the built command: a copy of the SwiftData
/// sample store changed step by step the way Core Data saves (entity rows, `Z_OPT`, `Z_MAX`, and
/// the history rows in the layout the real stores show: one `ATRANSACTION` row a save, one
/// `ACHANGE` row an object, `ZCOLUMNS` of updates numbered as `docs/COREDATA.md` says), a full
/// export at the start, and after each step the export since the previous token applied to what
/// the client holds: it always equals a full export of the store as it is now, and so does a
/// delta over several steps applied to an older full export.
final class HistorySyncTests: XCTestCase {
    /// One save of the app: the SQL of its rows, and its changes as (type, entity number, Z_PK,
    /// ZCOLUMNS hex or nil).
    private struct Save {
        let rows: String
        let changes: [(type: Int, entity: Int, row: Int, columns: String?)]
    }

    // SwiftData's entity numbers: Component 1, CraftingRecipe 2, Item 3. ZCOLUMNS bits, most
    // significant first: Item [craftingRecipe, name]; CraftingRecipe [producedItem,
    // producedItemCount, requiredComponents]; Component [craftingRecipe, item, count, id].
    private let saves: [Save] = [
        Save(
            rows: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (13, 3, 1, 'Iron Ore');"
                + "UPDATE Z_PRIMARYKEY SET Z_MAX = 13 WHERE Z_NAME = 'Item';",
            changes: [(0, 3, 13, nil)]),
        Save(
            rows: "UPDATE ZITEM SET ZNAME = 'Iron Ingot', Z_OPT = Z_OPT + 1 WHERE Z_PK = 13;",
            changes: [(1, 3, 13, "40")]),
        Save(
            rows: """
                INSERT INTO ZCRAFTINGRECIPE (Z_PK, Z_ENT, Z_OPT, ZPRODUCEDITEM, ZPRODUCEDITEMCOUNT) VALUES (5, 2, 1, 13, '2');
                UPDATE ZITEM SET ZCRAFTINGRECIPE = 5, Z_OPT = Z_OPT + 1 WHERE Z_PK = 13;
                INSERT INTO ZCOMPONENT (Z_PK, Z_ENT, Z_OPT, ZCOUNT, ZCRAFTINGRECIPE, ZITEM, ZID)
                    VALUES (8, 1, 1, 3, 5, 12, X'00112233445566778899AABBCCDDEEFF');
                UPDATE Z_PRIMARYKEY SET Z_MAX = 5 WHERE Z_NAME = 'CraftingRecipe';
                UPDATE Z_PRIMARYKEY SET Z_MAX = 8 WHERE Z_NAME = 'Component';
                """,
            changes: [(0, 2, 5, nil), (0, 1, 8, nil), (1, 3, 13, "80")]),
        // A component moves to another recipe: both recipes' to-many changes.
        Save(
            rows: "UPDATE ZCOMPONENT SET ZCRAFTINGRECIPE = 4, Z_OPT = Z_OPT + 1 WHERE Z_PK = 8;"
                + "UPDATE ZCRAFTINGRECIPE SET Z_OPT = Z_OPT + 1 WHERE Z_PK IN (4, 5);",
            changes: [(1, 1, 8, "80"), (1, 2, 4, "20"), (1, 2, 5, "20")]),
        // An item is deleted: the recipe that produced it loses its producedItem (nullify).
        Save(
            rows: "DELETE FROM ZITEM WHERE Z_PK = 13;"
                + "UPDATE ZCRAFTINGRECIPE SET ZPRODUCEDITEM = NULL, Z_OPT = Z_OPT + 1 WHERE Z_PK = 5;",
            changes: [(2, 3, 13, nil), (1, 2, 5, "80")]),
        // An object of the original store is deleted, and one is edited.
        Save(
            rows: "DELETE FROM ZCOMPONENT WHERE Z_PK = 7;"
                + "UPDATE ZCRAFTINGRECIPE SET Z_OPT = Z_OPT + 1 WHERE Z_PK = 4;"
                + "UPDATE ZCRAFTINGRECIPE SET ZPRODUCEDITEMCOUNT = '12', Z_OPT = Z_OPT + 1 WHERE Z_PK = 1;",
            changes: [(2, 1, 7, nil), (1, 2, 4, "20"), (1, 2, 1, "40")]),
        // An item inserted, then deleted by the next save: a delta over both holds nothing of it.
        Save(
            rows: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (14, 3, 1, 'Scrap');"
                + "UPDATE Z_PRIMARYKEY SET Z_MAX = 14 WHERE Z_NAME = 'Item';",
            changes: [(0, 3, 14, nil)]),
        Save(rows: "DELETE FROM ZITEM WHERE Z_PK = 14;", changes: [(2, 3, 14, nil)]),
    ]

    /// The SQL of one save, history rows included.
    private func sql(_ save: Save, number: Int) -> String {
        var text = "BEGIN;" + save.rows
        text += """
            INSERT INTO ATRANSACTION (Z_PK, Z_ENT, ZBUNDLEIDTS, ZPROCESSIDTS, ZTIMESTAMP)
                SELECT Z_MAX + 1, 16002, 1, 2, \(744_000_000 + number) FROM Z_PRIMARYKEY WHERE Z_NAME = 'TRANSACTION';
            UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'TRANSACTION';
            """
        for change in save.changes {
            text += """
                INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS)
                    SELECT c.Z_MAX + 1, 16001, \(change.type), \(change.entity), \(change.row), t.Z_MAX,
                        \(change.columns.map { "X'\($0)'" } ?? "NULL")
                    FROM Z_PRIMARYKEY c, Z_PRIMARYKEY t WHERE c.Z_NAME = 'CHANGE' AND t.Z_NAME = 'TRANSACTION';
                UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'CHANGE';
                """
        }
        return text + "COMMIT;"
    }

    private func sqlite(_ sql: String, on store: URL) throws {
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), ["-bail", store.path, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
    }

    /// An export in the flat shape: its header token and its objects by id.
    private struct Snapshot {
        var token: String
        var objects: [String: NSDictionary]
    }

    private func export(_ store: URL, since: String? = nil) throws -> (Snapshot, tombstones: Set<String>) {
        let result = try CommandRunner.assertSucceeds(
            [store.path, "--shape", "flat", "--compact", "--quiet"] + (since.map { ["--since", $0] } ?? []))
        let json = try result.json()
        let source = try XCTUnwrap(json["@source"] as? [String: Any])
        var snapshot = Snapshot(token: try XCTUnwrap(source["historyToken"] as? String), objects: [:])
        var tombstones: Set<String> = []
        for case let object as [String: Any] in try XCTUnwrap(json["@graph"] as? [Any]) {
            let id = try XCTUnwrap(object["@id"] as? String)
            if object["@deleted"] as? Bool == true {
                tombstones.insert(id)
                continue
            }
            XCTAssertNil(snapshot.objects[id], "\(id) is written once")
            var kept = object
            kept["@changed"] = nil
            snapshot.objects[id] = kept as NSDictionary
        }
        return (snapshot, tombstones)
    }

    /// `held` with a delta applied: its objects replace, its tombstones remove.
    private func apply(_ delta: (Snapshot, tombstones: Set<String>), to held: Snapshot) -> Snapshot {
        var applied = held
        applied.token = delta.0.token
        for id in delta.tombstones { applied.objects[id] = nil }
        applied.objects.merge(delta.0.objects) { $1 }
        return applied
    }

    private func assertSame(_ lhs: Snapshot, _ rhs: Snapshot, _ message: String) {
        XCTAssertEqual(lhs.token, rhs.token, message)
        XCTAssertEqual(Set(lhs.objects.keys), Set(rhs.objects.keys), message)
        for (id, object) in lhs.objects where rhs.objects[id] != object {
            XCTFail("\(message): \(id) differs: \(object) against \(String(describing: rhs.objects[id]))")
        }
    }

    func testAFullExportPlusTheDeltasInOrderIsTheFullExport() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let store = folder.appendingPathComponent("default.store")
        var held = try export(store).0
        var fulls = [held]
        for (index, save) in saves.enumerated() {
            try sqlite(sql(save, number: index), on: store)
            let delta = try export(store, since: held.token)
            let full = try export(store).0
            held = apply(delta, to: held)
            assertSame(held, full, "after save \(index + 1)")
            fulls.append(full)
        }
        // A delta over several saves, applied to an older full export.
        for (index, old) in fulls.enumerated() {
            assertSame(apply(try export(store, since: old.token), to: old), fulls.last!, "since save \(index)")
        }
        // Since the last token: nothing, in every built-in format.
        let none = try export(store, since: held.token)
        XCTAssertTrue(none.0.objects.isEmpty && none.tombstones.isEmpty)
    }

    func testTheDeltaOfEachSaveMarksWhatItChanged() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let store = folder.appendingPathComponent("default.store")
        let uuid = "1D070E6D-145B-4367-8928-974368B60AC7"
        var token = try export(store).0.token
        let expected: [[String: [String]?]] = [
            ["Item/p13": nil],
            ["Item/p13": ["name"]],
            ["CraftingRecipe/p5": nil, "Component/p8": nil, "Item/p13": ["craftingRecipe"]],
            [
                "Component/p8": ["craftingRecipe"], "CraftingRecipe/p4": ["requiredComponents"],
                "CraftingRecipe/p5": ["requiredComponents"],
            ],
            ["CraftingRecipe/p5": ["producedItem"]],
            ["CraftingRecipe/p4": ["requiredComponents"], "CraftingRecipe/p1": ["producedItemCount"]],
            ["Item/p14": nil],
            [:],
        ]
        let tombstones: [Set<String>] = [[], [], [], [], ["Item/p13"], ["Component/p7"], [], ["Item/p14"]]
        for (index, save) in saves.enumerated() {
            try sqlite(sql(save, number: index), on: store)
            let result = try CommandRunner.assertSucceeds([store.path, "--shape", "flat", "--since", token])
            let json = try result.json()
            var marks: [String: [String]?] = [:]
            var deleted: Set<String> = []
            for case let object as [String: Any] in try XCTUnwrap(json["@graph"] as? [Any]) {
                let id = String(try XCTUnwrap(object["@id"] as? String).dropFirst("x-coredata://\(uuid)/".count))
                if object["@deleted"] as? Bool == true {
                    deleted.insert(id)
                } else {
                    marks[id] = object["@changed"] as? [String]
                }
            }
            XCTAssertEqual(marks, expected[index], "save \(index + 1)")
            XCTAssertEqual(deleted, tombstones[index], "save \(index + 1)")
            token = try XCTUnwrap((json["@source"] as? [String: Any])?["historyToken"] as? String)
            XCTAssertEqual(token, "\(uuid):\(39 + index)")
        }
    }
}
