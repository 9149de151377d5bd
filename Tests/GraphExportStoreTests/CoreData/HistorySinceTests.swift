import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData

/// `--since` checked the way a sync user would, on the two real stores that keep persistent
/// history: for every transaction `k`, the objects an export since `k` writes are exactly those
/// plain SQL over `ACHANGE` names (changed after `k` and still in the store), each once and as the
/// full export writes it, and the tombstones exactly the objects deleted after `k` (and not
/// inserted after it); since the store's own token, nothing.
final class HistorySinceTests: XCTestCase {
    private static let stores = [
        (folder: "apple-notes-macos12", store: "NoteStore.sqlite"),
        (folder: "swiftdata-resourcesmanager", store: "default.store"),
    ]

    /// What SQL over `ACHANGE` says changed after one transaction, as object ids.
    private struct Expected {
        var objects: Set<String> = []
        var inserted: Set<String> = []
        var tombstones: Set<String> = []
    }

    private func expected(after k: Int64, _ sql: ReferenceSQL, uuid: String, tables: [Int64: (String, String)]) throws
        -> Expected
    {
        // Each object's last change after k, and whether one of its changes after k is its insertion.
        let rows = try sql.rows(
            """
            SELECT a.ZENTITY, a.ZENTITYPK, a.ZCHANGETYPE,
                EXISTS (SELECT 1 FROM ACHANGE i WHERE i.ZENTITY = a.ZENTITY AND i.ZENTITYPK = a.ZENTITYPK
                    AND i.ZTRANSACTIONID > \(k) AND i.ZCHANGETYPE = 0)
            FROM ACHANGE a WHERE a.ZTRANSACTIONID > \(k) AND NOT EXISTS (
                SELECT 1 FROM ACHANGE b WHERE b.ZENTITY = a.ZENTITY AND b.ZENTITYPK = a.ZENTITYPK
                    AND (b.ZTRANSACTIONID > a.ZTRANSACTIONID OR (b.ZTRANSACTIONID = a.ZTRANSACTIONID AND b.Z_PK > a.Z_PK)))
            """
        ) { ($0[0].integer!, $0[1].integer!, $0[2].integer!, $0[3].integer == 1) }
        var expected = Expected()
        for (number, row, type, inserted) in rows {
            let (entity, table) = try XCTUnwrap(tables[number], "entity number \(number)")
            let id = "x-coredata://\(uuid)/\(entity)/p\(row)"
            if type == 2 {
                if !inserted { expected.tombstones.insert(id) }
                continue
            }
            let exists = try sql.integers("SELECT count(*) FROM \(table) WHERE Z_PK = \(row) AND Z_ENT = \(number)")
            guard exists == [1] else { continue }
            expected.objects.insert(id)
            if inserted { expected.inserted.insert(id) }
        }
        return expected
    }

    /// Each entity number's name and table (`Z` + the upper-cased name of its hierarchy's root).
    private func tables(_ sql: ReferenceSQL) throws -> [Int64: (String, String)] {
        let rows = try sql.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000") {
            ($0[0].integer!, $0[1].text!, $0[2].integer ?? 0)
        }
        let byNumber = Dictionary(uniqueKeysWithValues: rows.map { ($0.0, ($0.1, $0.2)) })
        return byNumber.mapValues { name, parent in
            var root = name
            var next = parent
            while next != 0, let entry = byNumber[next] {
                root = entry.0
                next = entry.1
            }
            return (name, "Z" + root.uppercased())
        }
    }

    func testEverySinceOfTheRealStoresWritesWhatSQLOverACHANGENames() throws {
        for sample in Self.stores {
            let (store, sql) = try open(sample)
            let history = try PersistentHistory(store)
            let uuid = try sql.storeUUID()
            let tables = try tables(sql)
            let full = try export(store, changes: nil, shape: .flat)
            XCTAssertEqual(
                store.document.sourceFields.first { $0.key == "historyToken" }?.value, history.token.description)
            let last = history.token.transaction
            XCTAssertEqual(last, try sql.integers("SELECT max(Z_PK) FROM ATRANSACTION").first ?? nil)
            var seenTombstones = 0
            var seenUpdates = 0
            for k in 0...last {
                let expected = try expected(after: k, sql, uuid: uuid, tables: tables)
                var warnings: [Warning] = []
                let changes = try history.changes(after: k) { warnings.append($0) }
                for shape in ExportShape.allCases {
                    let graph = try export(store, changes: changes, shape: shape)
                    let written = graph.order.map(\.text)
                    XCTAssertEqual(written.count, Set(written).count, "\(sample.store) since \(k): each object once")
                    let deleted = Set(graph.order.filter { graph[$0]!.isDeleted }.map(\.text))
                    let objects = Set(written).subtracting(deleted)
                    XCTAssertEqual(objects, expected.objects, "\(sample.store) since \(k) \(shape): objects")
                    XCTAssertEqual(deleted, expected.tombstones, "\(sample.store) since \(k) \(shape): tombstones")
                    for id in graph.order {
                        let object = graph[id]!
                        if object.isDeleted {
                            XCTAssertNil(object.parent, "\(id): a tombstone is at the top level")
                            XCTAssertTrue(object.relationships.isEmpty)
                            continue
                        }
                        XCTAssertEqual(
                            object.changedProperties == nil, expected.inserted.contains(id.text),
                            "\(sample.store) since \(k): \(id) is marked as inserted exactly when it was")
                        let current = try XCTUnwrap(full[id], "\(id) is in the full export")
                        XCTAssertEqual(
                            object.attributes.map(\.name), current.attributes.map(\.name), "\(id): current state")
                        for (name, value) in object.attributes {
                            XCTAssertTrue(
                                value.isIdentical(to: current.value(name) ?? .null), "\(id).\(name): current state")
                        }
                        if shape == .flat {
                            XCTAssertEqual(
                                object.relationships.map(\.ids), current.relationships.map(\.ids),
                                "\(id): relationships are the full export's references")
                        }
                    }
                    if shape == .tree {
                        for id in graph.order where graph[id]!.parent != nil {
                            XCTAssertTrue(
                                objects.contains(graph[id]!.parent!.text), "\(id) nests only under a changed owner")
                        }
                    }
                }
                seenTombstones += expected.tombstones.count
                seenUpdates += changes.changedProperties.count
                if k == last {
                    XCTAssertTrue(expected.objects.isEmpty && expected.tombstones.isEmpty)
                    XCTAssertTrue(changes.objects.isEmpty && changes.tombstones.isEmpty, "since its own token: nothing")
                }
            }
            XCTAssertGreaterThan(seenTombstones, 0, "\(sample.store): deletes are covered")
            XCTAssertGreaterThan(seenUpdates, 0, "\(sample.store): updates are covered")
        }
    }

    /// What `ZCOLUMNS` names in the real stores, for bitmaps whose changed properties the other
    /// changes of their transactions or the app's behaviour make plain (`docs/COREDATA.md`,
    /// *Persistent history*), and that every bitmap of both stores fits its entity's numbering.
    func testZCOLUMNSNamesWhatTheRealStoresChanged() throws {
        let cases: [(sample: Int, entity: String, bitmap: String, changed: [String], unnamed: Int)] = [
            // SwiftData: a recipe inserted with its producedItem changes the Item's inverse …
            (1, "Item", "80", ["craftingRecipe"], 0),
            // … a Component inserted into a recipe changes the recipe's to-many; the user edits a count.
            (1, "CraftingRecipe", "20", ["requiredComponents"], 0),
            (1, "CraftingRecipe", "40", ["producedItemCount"], 0),
            (1, "Item", "40", ["name"], 0),
            // Notes: an edit bumps the note's cloud state and date, and writes its data, title, snippet.
            (0, "ICCloudState", "24", ["currentLocalVersion", "localVersionDate"], 0),
            (0, "ICNoteData", "10", ["data"], 0),
            (0, "ICNote", "0000000000008140", ["modificationDate", "snippet", "title"], 0),
            // Moving a note to another folder; adding a checklist.
            (0, "ICNote", "2000000200000000", ["folderModificationDate", "folder"], 0),
            (0, "ICNote", "0000000180008000", ["hasChecklist", "hasChecklistInProgress", "modificationDate"], 0),
            // Setting the account's password.
            (
                0, "ICAccount", "01801001000000",
                ["cryptoIterationCount", "cryptoSalt", "passwordHint", "cryptoVerifier"], 0
            ),
            // Moving a folder into another; renaming one.
            (0, "ICFolder", "100000000400", ["parentModificationDate", "parent"], 0),
            (
                0, "ICFolder", "000010004100",
                ["needsToSaveUserSpecificRecord", "dateForLastTitleModification", "title"], 0
            ),
            // A note inserted into a folder: one of the folder's two to-many relationships.
            (0, "ICFolder", "000000000080", [], 1),
            // Notes inserted into an account: one of its seven to-many relationships.
            (0, "ICAccount", "00000000000200", [], 1),
        ]
        var opened: [OpenedHistory] = []
        for sample in Self.stores {
            opened.append(
                try openCheckingEveryBitmap(sample) { number, names in
                    XCTAssertFalse(
                        names.names.isEmpty && names.unnamed == 0,
                        "\(sample.store): entity \(number)'s bitmap names something")
                })
        }
        for (sample, entityName, hex, changed, unnamed) in cases {
            try assertBitmap(hex, of: entityName, in: opened[sample], names: changed, unnamed: unnamed)
        }
    }

    private static let photos = [
        (folder: "apple-photos-10.15.7-osxphotos", store: "Photos.sqlite"),
        (folder: "apple-photos-10.15.7", store: "Photos.sqlite"),
    ]

    /// What `ZCOLUMNS` names in the two Apple Photos libraries: every bitmap fits its entity's
    /// numbering (the `Z<n>_` and `Z_FOK_` columns of its to-ones counted after their keys), and
    /// the bitmaps whose changed columns the store's own `-wal` frames show (the row before and
    /// after each transaction) name exactly those properties (`docs/COREDATA.md`).
    func testZCOLUMNSNamesWhatTheApplePhotosTransactionsChanged() throws {
        let cases: [(entity: String, bitmap: String, changed: [String])] = [
            // Transaction 507: an album's tertiary key asset (its key and Z34_ column) changes.
            ("Album", "0880000000", ["tertiaryKeyAsset"]),
            // 509: the album's cached counts and start date.
            ("Album", "0030004000", ["cachedCount", "cachedPhotosCount", "startDate"]),
            // 3: assets imported into a session: the key of importSession and its Z_FOK_ column.
            ("Asset", "000801000000000000000000000000", ["importSession"]),
            // 512, 514, 515, 516: an asset's computed attributes and analysis date, modification
            // date, highlight visibility score, year highlight.
            ("Asset", "200000100000000000000000000000", ["computedAttributes", "analysisStateModificationDate"]),
            ("Asset", "000000000000000000200000000000", ["modificationDate"]),
            ("Asset", "000000000000000080000000000000", ["highlightVisibilityScore"]),
            ("Asset", "000004000000000000000000000000", ["yearHighlightBeingKeyAsset"]),
            // 515, 516: highlights enriched; a year's key asset (a to-one with a Z34_ column).
            (
                "PhotosHighlight", "000018640000",
                ["enrichmentState", "enrichmentVersion", "mood", "promotionScore", "subtitle"]
            ),
            ("PhotosHighlight", "020008200000", ["yearKeyAsset", "enrichmentVersion", "promotionScore"]),
            // 510: a resource's local availability.
            (
                "InternalResource", "0000a30000",
                ["dataLength", "dataStoreKeyData", "localAvailability", "localAvailabilityTarget"]
            ),
            // 514: reverse geocoding of an asset's attributes.
            (
                "AdditionalAssetAttributes", "00000000000018100000",
                ["reverseLocationData", "reverseLocationDataIsValid", "shiftedLocationIsValid"]
            ),
            // Albums added to a folder: its one one-to-many (childCollections), before its one
            // many-to-many (albumLists); keywords added: the attributes' one many-to-many.
            ("Folder", "0000000080", ["childCollections"]),
            ("AdditionalAssetAttributes", "00000000000000000020", ["keywords"]),
        ]
        let opened = try Self.photos.map { try openCheckingEveryBitmap($0) }
        for (entityName, hex, changed) in cases {
            try assertBitmap(hex, of: entityName, in: opened[0], names: changed, unnamed: 0)
        }
    }

    /// The values the Apple Photos libraries keep of deleted objects, named by the attributes
    /// their model cache flags Preserve After Deletion, by name: `ZTOMBSTONE0…2` of an album are
    /// its `cloudDeleteState`, `cloudGUID` and `uuid`, of an asset `cloudAssetGUID`,
    /// `cloudDeleteState` and `uuid`; every tombstone value of both stores is named.
    func testTombstonesOfTheApplePhotosLibrariesNameTheirValues() throws {
        for sample in Self.photos {
            let (store, sql) = try open(sample)
            let history = try PersistentHistory(store)
            for k: Int64 in [0, 38, 78, 219, 360] where k < history.token.transaction {
                var warnings: [Warning] = []
                let changes = try history.changes(after: k) { warnings.append($0) }
                XCTAssertFalse(
                    warnings.contains { $0.message.contains("ZTOMBSTONE") }, "\(sample.folder): \(warnings)")
                let kept = try sql.integers(
                    """
                    SELECT (ZTOMBSTONE0 IS NOT NULL) + (ZTOMBSTONE1 IS NOT NULL) + (ZTOMBSTONE2 IS NOT NULL)
                        + (ZTOMBSTONE3 IS NOT NULL) FROM ACHANGE a WHERE ZCHANGETYPE = 2 AND ZTRANSACTIONID > \(k)
                        AND NOT EXISTS (SELECT 1 FROM ACHANGE i WHERE i.ZENTITY = a.ZENTITY
                            AND i.ZENTITYPK = a.ZENTITYPK AND i.ZCHANGETYPE = 0 AND i.ZTRANSACTIONID > \(k))
                    """
                ).map { $0 ?? 0 }.reduce(0, +)
                XCTAssertEqual(
                    Int64(changes.tombstones.map(\.values.entries.count).reduce(0, +)), kept,
                    "\(sample.folder) since \(k): every value a deletion kept is named")
            }
        }
        let (store, _) = try open(Self.photos[0])
        let history = try PersistentHistory(store)
        func values(_ entity: String, _ row: Int64, deletedIn transaction: Int64) throws -> [String: Value] {
            let index = try XCTUnwrap(store.model.index(of: entity))
            let changes = try history.changes(after: transaction - 1) { _ in }
            let tombstone = try XCTUnwrap(changes.tombstones.first { $0.key == ObjectKey(entity: index, row: row) })
            return Dictionary(uniqueKeysWithValues: tombstone.values.entries.map { ($0.key, $0.value) })
        }
        let album = try values("Album", 49, deletedIn: 220)
        XCTAssertEqual(Set(album.keys), ["cloudDeleteState", "uuid"], "cloudGUID is NULL")
        XCTAssertTrue(album["uuid"]!.isIdentical(to: .string("76EA61E5-3ADC-4EE7-8669-1FA950FC609C")))
        XCTAssertTrue(album["cloudDeleteState"]!.isIdentical(to: .integer(0)))
        let asset = try values("Asset", 17, deletedIn: 361)
        XCTAssertEqual(Set(asset.keys), ["cloudDeleteState", "uuid"], "cloudAssetGUID is NULL")
        XCTAssertTrue(asset["uuid"]!.isIdentical(to: .string("2CE332F2-D578-4769-AEFA-7631BB77AA41")))
        let resource = try values("InternalResource", 15, deletedIn: 79)
        XCTAssertTrue(
            resource["cloudDeleteAssetUUIDWithResourceType"]!.isIdentical(
                to: .string("DC99FBDD-7A52-4100-A5BB-344131646C30-@-0")))
        XCTAssertTrue(resource["cloudDeleteState"]!.isIdentical(to: .integer(0)))
        let person = try values("Person", 11, deletedIn: 39)
        XCTAssertTrue(person["personUUID"]!.isIdentical(to: .string("9BA44428-CB62-492E-9919-B03B91FFCA93")))
    }

    /// A sample opened with what decodes its `ACHANGE.ZCOLUMNS` bitmaps, and plain SQL on it.
    private struct OpenedHistory {
        let store: CoreDataStore
        let columns: ChangedColumns
        let sql: ReferenceSQL
    }

    /// Opens `sample` and checks that its store has `ZCOLUMNS` bitmaps and that each fits its
    /// entity's numbering; `check` looks further at each bitmap's names, with its entity's `Z_ENT`.
    private func openCheckingEveryBitmap(
        _ sample: (folder: String, store: String),
        check: (Int64, ChangedColumns.Names) -> Void = { _, _ in }
    ) throws -> OpenedHistory {
        let (store, sql) = try open(sample)
        let columns = try ChangedColumns(layout: store.layout, database: store.database)
        let bitmaps = try sql.rows("SELECT ZENTITY, ZCOLUMNS FROM ACHANGE WHERE ZCOLUMNS IS NOT NULL") {
            ($0[0].integer!, $0[1])
        }
        XCTAssertFalse(bitmaps.isEmpty, sample.folder)
        for (number, cell) in bitmaps {
            guard case .blob(let bytes) = cell else {
                XCTFail("\(sample.folder): a ZCOLUMNS that is not a BLOB")
                continue
            }
            let entity = try XCTUnwrap(store.layout.entity(numbered: number))
            let names = columns.names(of: entity, in: bytes)
            XCTAssertFalse(names.doesNotFit, "\(sample.folder): entity \(number)'s bitmap fits its numbering")
            check(number, names)
        }
        return OpenedHistory(store: store, columns: columns, sql: sql)
    }

    /// Checks that `opened` has the bitmap `hex` in a change of `entityName` and that it names
    /// exactly the properties `changed` and `unnamed` columns no property has.
    private func assertBitmap(
        _ hex: String, of entityName: String, in opened: OpenedHistory, names changed: [String], unnamed: Int
    ) throws {
        let entity = try XCTUnwrap(opened.store.model.index(of: entityName))
        let number = opened.store.layout.entities[entity].number
        let found = try opened.sql.integers(
            "SELECT count(*) FROM ACHANGE WHERE ZENTITY = \(number) AND hex(ZCOLUMNS) = '\(hex.uppercased())'")
        XCTAssertNotEqual(found, [0], "the store has the bitmap \(hex) of \(entityName)")
        let names = opened.columns.names(of: entity, in: bytes(hex))
        XCTAssertEqual(Set(names.names), Set(changed), "\(entityName) \(hex)")
        XCTAssertEqual(names.unnamed, unnamed, "\(entityName) \(hex)")
    }

    private func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    /// A copy of one of ``stores`` opened, and plain SQL on it.
    private func open(_ sample: (folder: String, store: String)) throws -> (CoreDataStore, ReferenceSQL) {
        let scratch = try ScratchFolder(for: self)
        let folder = try scratch.copy(try StoreTestInputs.sample(sample.folder))
        let path = folder + "/" + sample.store
        return (try CoreDataStore(path: path), try ReferenceSQL(path))
    }

    private func export(_ store: CoreDataStore, changes: ChangeSet?, shape: ExportShape) throws -> ExportedGraph {
        let recording = RecordingGraphWriter()
        let selection = changes.map { Selection(objects: $0.objects) } ?? .everything
        try GraphTraversal(source: store, shape: shape, selection: selection, changes: changes).run(into: recording)
        return ExportedGraph(recording.events)
    }
}
