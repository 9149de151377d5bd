import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportSQLite
import GraphExportTestSupport
import XCTest

/// Stores whose bookkeeping (`Z_PRIMARYKEY`, `Z_ENT`, `Z_PK`) was damaged: every row is either
/// exported or named in a warning, and bookkeeping that contradicts itself is an error naming the
/// file, the table and the value.
final class CoreDataStoreBookkeepingTests: XCTestCase {
    /// `Z_PRIMARYKEY` as Core Data declares it, but with `Z_ENT` no longer the row id, so that it
    /// can hold what a damaged store holds.
    private static let primaryKeyTableWithoutRowID = """
        CREATE TABLE Z_OLD AS SELECT * FROM Z_PRIMARYKEY; DROP TABLE Z_PRIMARYKEY;
        CREATE TABLE Z_PRIMARYKEY (Z_ENT, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        INSERT INTO Z_PRIMARYKEY SELECT * FROM Z_OLD; DROP TABLE Z_OLD;
        """

    // MARK: - Z_PRIMARYKEY

    /// Before: the second `Post` row won, and all 7 995 posts (`Z_ENT` 2) were silently dropped.
    func testEntityNameListedTwiceIsAnErrorNamingItsNumbers() throws {
        let scrapbook = try editedScrapbook("INSERT INTO Z_PRIMARYKEY VALUES (8, 'Tag', 0, 0)")
        assertOpenFails(scrapbook, .duplicateEntityName(path: scrapbook.store, name: "Tag", numbers: [7, 8]))

        let wibosco = try editedSample(
            "wibosco-migration", store: "CoreDataMigration_Example_3.sqlite",
            "INSERT INTO Z_PRIMARYKEY VALUES (3, 'Post', 0, 0)")
        assertOpenFails(wibosco, .duplicateEntityName(path: wibosco.store, name: "Post", numbers: [2, 3]))
    }

    func testEntityNumberListedTwiceIsAnErrorNamingBothEntities() throws {
        let scrapbook = try editedScrapbook(
            Self.primaryKeyTableWithoutRowID + "INSERT INTO Z_PRIMARYKEY VALUES (7, 'Ghost', 0, 0);")
        assertOpenFails(scrapbook, .duplicateEntityNumber(path: scrapbook.store, number: 7, names: ["Tag", "Ghost"]))
    }

    /// Before: the text `Z_ENT` hid `Color`, an older model version without it fitted, and all 7 995
    /// colors were silently dropped.
    func testEntityNumberThatIsNotAnIntegerIsAnError() throws {
        let scrapbook = try editedScrapbook(
            Self.primaryKeyTableWithoutRowID + "UPDATE Z_PRIMARYKEY SET Z_ENT = 'seven' WHERE Z_NAME = 'Tag';")
        assertOpenFails(
            scrapbook,
            .nonIntegerKey(path: scrapbook.store, table: "Z_PRIMARYKEY", column: "Z_ENT", value: "'seven'", rows: 1))

        let wibosco = try editedSample(
            "wibosco-migration", store: "CoreDataMigration_Example_3.sqlite",
            Self.primaryKeyTableWithoutRowID + "UPDATE Z_PRIMARYKEY SET Z_ENT = '1' WHERE Z_NAME = 'Color';")
        assertOpenFails(
            wibosco, .nonIntegerKey(path: wibosco.store, table: "Z_PRIMARYKEY", column: "Z_ENT", value: "'1'", rows: 1))
    }

    func testEntityWithoutANameIsAnError() throws {
        let scrapbook = try editedScrapbook("UPDATE Z_PRIMARYKEY SET Z_NAME = NULL WHERE Z_ENT = 7")
        assertOpenFails(
            scrapbook,
            .malformedStore(path: scrapbook.store, reason: "Z_PRIMARYKEY row Z_ENT 7 has no entity name (Z_NAME)"))
    }

    // MARK: - Z_ENT of the entity tables

    /// Before: rows with these `Z_ENT` values were skipped without a word.
    func testRowsNoScanSelectsAreNamedInWarningsAndTheRestIsExported() throws {
        let scrapbook = try editedScrapbook(
            """
            UPDATE ZITEM SET Z_ENT = 99 WHERE Z_PK IN (2, 6);
            UPDATE ZITEM SET Z_ENT = 1 WHERE Z_PK = 10;
            UPDATE ZITEM SET Z_ENT = 5 WHERE Z_PK = 15;
            UPDATE ZTAG SET Z_ENT = 6 WHERE Z_PK = 4;
            """)
        let warnings = CollectedWarnings()
        let store = try scrapbook.open(onWarning: warnings.record)
        let path = scrapbook.store
        XCTAssertEqual(
            warnings.take().map(\.message),
            [
                "\(path): table ZITEM has 1 row with Z_ENT 1, the abstract entity 'Item', which has no objects of its own; it is not exported",
                "\(path): table ZITEM has 1 row with Z_ENT 5, entity 'Page', whose objects are stored in table ZPAGE; it is not exported",
                "\(path): table ZITEM has 2 rows with Z_ENT 99, which Z_PRIMARYKEY does not list; they are not exported",
                "\(path): table ZTAG has 1 row with Z_ENT 6, entity 'Scrapbook', whose objects are stored in table ZSCRAPBOOK; it is not exported",
            ])
        let sql = try ReferenceSQL(path)
        for shape in ExportShape.allCases {
            let export = try CheckedExport(store, shape: shape, warnings: warnings)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(
                export.objects.counts, ["Clipping": 4, "Note": 2, "Page": 7, "Photo": 10, "Scrapbook": 2, "Tag": 5],
                "\(shape)")
            let exportedItems = ["Clipping", "Note", "Photo"].compactMap { export.objects.counts[$0] }.reduce(0, +)
            let itemRows = try XCTUnwrap(try sql.value("SELECT count(*) FROM ZITEM").integer)
            XCTAssertEqual(Int64(exportedItems) + 4, itemRows, "\(shape): every ZITEM row exported or warned about")
        }
    }

    func testEntityTableZ_ENTThatIsNotAnIntegerIsAnErrorNamingTableAndValue() throws {
        let cases: [(edit: String, value: String, rows: Int64)] = [
            ("UPDATE ZITEM SET Z_ENT = 'Note' WHERE Z_PK IN (2, 6)", "'Note'", 2),
            ("UPDATE ZITEM SET Z_ENT = NULL WHERE Z_PK = 6", "NULL", 1),
            ("UPDATE ZITEM SET Z_ENT = 3.5 WHERE Z_PK = 6", "3.5", 1),
            ("UPDATE ZITEM SET Z_ENT = x'03' WHERE Z_PK = 6", "a 1-byte blob", 1),
        ]
        for (edit, value, rows) in cases {
            let scrapbook = try editedScrapbook(edit)
            assertOpenFails(
                scrapbook,
                .nonIntegerKey(path: scrapbook.store, table: "ZITEM", column: "Z_ENT", value: value, rows: rows))
        }
    }

    // MARK: - Z_PK of the entity tables

    /// `ZTAG` rebuilt without its `INTEGER PRIMARY KEY`, so that `Z_PK` is an ordinary column.
    private static let tagTableWithoutRowID = """
        CREATE TABLE ZTAG_COPY AS SELECT * FROM ZTAG; DROP TABLE ZTAG; ALTER TABLE ZTAG_COPY RENAME TO ZTAG;
        """

    func testOrdinaryZ_PKColumnWithUniqueIntegersStillExports() throws {
        let scrapbook = try editedScrapbook(Self.tagTableWithoutRowID)
        let warnings = CollectedWarnings()
        let store = try scrapbook.open(onWarning: warnings.record)
        XCTAssertEqual(warnings.take(), [])
        let export = try CheckedExport(store, shape: .flat, warnings: warnings)
        XCTAssertTrue(export.check.isValid, export.check.summary())
        XCTAssertEqual(export.objects.counts["Tag"], 6)
    }

    /// Before: both rows were exported under one object id.
    func testZ_PKSharedByTwoRowsIsAnError() throws {
        let scrapbook = try editedScrapbook(
            Self.tagTableWithoutRowID + "INSERT INTO ZTAG SELECT * FROM ZTAG WHERE Z_PK = 3;")
        assertOpenFails(scrapbook, .duplicatePrimaryKey(path: scrapbook.store, table: "ZTAG", key: 3, rows: 2))
    }

    /// Before: the row was exported as `p0`.
    func testZ_PKThatIsNotAnIntegerIsAnError() throws {
        let scrapbook = try editedScrapbook(Self.tagTableWithoutRowID + "UPDATE ZTAG SET Z_PK = 't3' WHERE Z_PK = 3;")
        assertOpenFails(
            scrapbook, .nonIntegerKey(path: scrapbook.store, table: "ZTAG", column: "Z_PK", value: "'t3'", rows: 1))
    }

    // MARK: - Helpers

    /// A copied, edited store and the model to open it with.
    private struct EditedStore {
        let store: String
        let model: ModelBundle

        func open(onWarning: @escaping WarningHandler = { _ in }) throws -> CoreDataStore {
            try CoreDataStore(path: store, model: model, onWarning: onWarning)
        }
    }

    /// A copy of the Scrapbook sample edited with the sqlite3 shell.
    private func editedScrapbook(_ sql: String) throws -> EditedStore {
        let copy = try ScrapbookCopy(for: self, editing: sql)
        return EditedStore(store: copy.store, model: try ModelFile.load(path: copy.model))
    }

    /// A copy of a shared sample's store edited with the sqlite3 shell, with the sample's bundle.
    private func editedSample(_ name: String, store file: String, _ sql: String) throws -> EditedStore {
        let folder = try ScratchFolder(for: self).copy(try StoreTestInputs.sample(name))
        let store = folder + "/" + file
        try SQLiteShell.run(sql, on: store)
        let bundle = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".xcdatamodeld") })
        return EditedStore(store: store, model: try ModelFile.load(path: folder + "/" + bundle))
    }

    /// Opening `edited` fails with `expected`, whose message names the store file.
    private func assertOpenFails(
        _ edited: EditedStore, _ expected: CoreDataError, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try edited.open(), file: file, line: line) { error in
            XCTAssertEqual(error as? CoreDataError, expected, file: file, line: line)
            XCTAssertTrue("\(error)".contains(edited.store), "\(error) names the file", file: file, line: line)
        }
    }
}
