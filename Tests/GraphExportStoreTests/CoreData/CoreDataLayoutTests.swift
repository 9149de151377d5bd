import GraphExport
import GraphExportCoreData
import GraphExportSQLite
import GraphExportTestSupport
import XCTest

/// Stores built by hand (``HandBuiltStores``) for the layout rules no sample store shows: names
/// with numeric suffixes the rules do not predict, and to-many relationships without an inverse.
final class CoreDataLayoutTests: XCTestCase {
    // MARK: - Names with suffixes

    /// Before: `table Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS or Z_3REPRESENTATIVEASSETS … is
    /// missing`, though the table is there with the key column `Z_1REPRESENTATIVEASSETS1`.
    func testSuffixedJoinColumnOfAPhotosLibraryIsRead() throws {
        let built = HandBuiltStores.suffixedJoinColumn
        let opened = try open(built)
        XCTAssertEqual(opened.warnings.take(), [])
        for shape in ExportShape.allCases {
            let export = try CheckedExport(opened.store, shape: shape, warnings: opened.warnings)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            let graph = export.graph
            let suggestions = [(1, [1, 3]), (2, [3])]
            for (key, assets) in suggestions {
                XCTAssertEqual(
                    graph[ObjectID(built.id("Suggestion", key))]?.ids("representativeAssets"),
                    built.ids("Asset", assets),
                    "\(shape) Suggestion p\(key)")
            }
            let assets = [(1, [1], []), (2, [], [1]), (3, [1, 2], [])]
            for (key, suggestions, memories) in assets {
                let asset = graph[ObjectID(built.id("Asset", key))]
                XCTAssertEqual(
                    asset?.ids("suggestionsBeingRepresentativeAssets"), built.ids("Suggestion", suggestions),
                    "\(shape) Asset p\(key)")
                XCTAssertEqual(
                    asset?.ids("memoriesBeingRepresentativeAssets"), built.ids("Memory", memories),
                    "\(shape) Asset p\(key)")
            }
        }
    }

    func testJoinTableWhereNoColumnFitsNamesTheColumnLookedForAndWhatTheTableHas() throws {
        let built = HandBuiltStores.suffixedJoinColumn
        let store = try write(
            built,
            editing: """
                ALTER TABLE Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS
                    RENAME COLUMN Z_1REPRESENTATIVEASSETS1 TO Z_1REPRESENTATIVEASSET1
                """)
        XCTAssertThrowsError(try CoreDataStore(path: store.path, model: try ModelFile.load(path: store.model))) {
            XCTAssertEqual(
                "\($0)",
                "\(store.path): column Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS.Z_1REPRESENTATIVEASSETS for "
                    + "Asset.suggestionsBeingRepresentativeAssets is missing, with or without a numeric suffix; "
                    + "Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS has Z_1REPRESENTATIVEASSET1 instead: "
                    + "the model does not fit the store; to export the rest, leave it out with --exclude-attribute "
                    + "Asset.suggestionsBeingRepresentativeAssets (or its entity with --exclude-entity Asset)")
        }
    }

    func testJoinTableMissingUnderEveryNameNamesTheTablesThatStartLikeIt() throws {
        let store = try write(
            HandBuiltStores.suffixedJoinColumn,
            editing:
                "ALTER TABLE Z_1MEMORIESBEINGREPRESENTATIVEASSETS RENAME TO Z_1MEMORIESBEINGREPRESENTATIVEASSETSOLD")
        XCTAssertThrowsError(try CoreDataStore(path: store.path, model: try ModelFile.load(path: store.model))) {
            XCTAssertEqual(
                $0 as? CoreDataError,
                .unmatchedTable(
                    path: store.path, table: "Z_1MEMORIESBEINGREPRESENTATIVEASSETS or Z_2REPRESENTATIVEASSETS",
                    entity: "Asset.memoriesBeingRepresentativeAssets",
                    present: ["Z_1MEMORIESBEINGREPRESENTATIVEASSETSOLD"]))
        }
    }

    func testAttributeColumnWithAnUnexpectedSuffixIsReadAndOneOfSeveralIsNamedInAWarning() throws {
        let built = HandBuiltStores.suffixedJoinColumn
        let (path, opening, graph) = try openAndExport(
            built,
            editing: """
                ALTER TABLE ZSUGGESTION RENAME COLUMN ZTITLE TO ZTITLE3;
                ALTER TABLE ZMEMORY RENAME COLUMN ZTITLE TO ZTITLE1;
                ALTER TABLE ZMEMORY ADD COLUMN ZTITLE2 VARCHAR
                """, shape: .flat)
        XCTAssertEqual(
            opening,
            [
                "\(path): ZMEMORY has no column ZTITLE for Memory.title, and ZTITLE1, ZTITLE2 could each hold it; "
                    + "ZTITLE1 is read"
            ])
        XCTAssertEqual(graph[ObjectID(built.id("Memory", 1))]?.value("title"), .string("Summer"))
        XCTAssertEqual(graph[ObjectID(built.id("Suggestion", 2))]?.value("title"), .string("Wallpaper"))
    }

    func testAttributeColumnWhereNothingFitsNamesTheColumnsThatStartLikeIt() throws {
        let store = try write(
            HandBuiltStores.suffixedJoinColumn, editing: "ALTER TABLE ZASSET RENAME COLUMN ZFILENAME TO ZFILENAMES")
        XCTAssertThrowsError(try CoreDataStore(path: store.path, model: try ModelFile.load(path: store.model))) {
            XCTAssertEqual(
                $0 as? CoreDataError,
                .unmatchedColumn(
                    path: store.path, table: "ZASSET", column: "ZFILENAME", property: "Asset.filename",
                    present: ["ZFILENAMES"]))
        }
    }

    // MARK: - To-many relationships without an inverse

    /// Before: `cannot read relationship Playlist.tracks yet: to-many relationships without an
    /// inverse are not read yet`.
    func testToManyWithoutInverseIsTheHiddenKeyOnTheDestinationInStoredOrder() throws {
        let built = HandBuiltStores.hiddenToManyKeys
        let opened = try open(built)
        XCTAssertEqual(opened.warnings.take(), [])
        let expected: [(entity: String, key: Int, relationship: String, ids: [ObjectID])] = [
            ("Playlist", 1, "tracks", built.ids("Track", [3, 1, 2])), ("Playlist", 2, "tracks", []),
            ("Article", 1, "searchWords", built.ids("SearchWord", [1, 2])),
            ("Article", 2, "searchWords", built.ids("SearchWord", [3])),
            ("SearchWord", 1, "searchables", built.ids("Article", [2])), ("SearchWord", 2, "searchables", []),
        ]
        for shape in ExportShape.allCases {
            let export = try CheckedExport(opened.store, shape: shape, warnings: opened.warnings)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            let graph = export.graph
            for (entity, key, relationship, ids) in expected {
                XCTAssertEqual(
                    graph[ObjectID(built.id(entity, key))]?.ids(relationship), ids,
                    "\(shape) \(entity) p\(key).\(relationship)")
            }
            XCTAssertEqual(graph.objects.count, 11, "\(shape)")
            XCTAssertEqual(graph.topLevel.count, 11, "\(shape): a relationship without an inverse never nests")
        }
    }

    func testOrderedToManyWithoutInverseWhoseOrderColumnIsGoneIsReadByKeyWithAWarning() throws {
        let built = HandBuiltStores.hiddenToManyKeys
        let (path, opening, graph) = try openAndExport(
            built, editing: "ALTER TABLE ZTRACK DROP COLUMN Z_FOK_1TRACKS", shape: .tree)
        XCTAssertEqual(
            opening,
            [
                "\(path): ZTRACK has no column Z_FOK_1TRACKS for the order of Playlist.tracks; "
                    + "its destinations are read in Z_PK order"
            ])
        XCTAssertEqual(
            graph[ObjectID(built.id("Playlist", 1))]?.ids("tracks"), built.ids("Track", [1, 2, 3]))
    }

    /// The relationship is named on Searchable, which declares it (Article inherits it).
    func testHiddenKeyThatIsMissingNamesTheDestinationTableAndColumn() throws {
        let store = try write(
            HandBuiltStores.hiddenToManyKeys,
            editing: "DROP INDEX ZSEARCHWORD_Z3SEARCHWORDS_INDEX; ALTER TABLE ZSEARCHWORD DROP COLUMN Z3SEARCHWORDS")
        XCTAssertThrowsError(try CoreDataStore(path: store.path, model: try ModelFile.load(path: store.model))) {
            XCTAssertEqual(
                $0 as? CoreDataError,
                .missingColumn(
                    path: store.path, table: "ZSEARCHWORD", column: "Z3SEARCHWORDS", property: "Searchable.searchWords")
            )
        }
    }

    // MARK: - Helpers

    private func open(_ built: HandBuiltStores.Store) throws -> OpenedCoreDataStore {
        try OpenedCoreDataStore(try write(built))
    }

    /// Writes `built` edited by `editing`, opens it and exports it in `shape`: the store file, the
    /// warnings opening it reported, and the export read back.
    private func openAndExport(
        _ built: HandBuiltStores.Store, editing: String, shape: ExportShape
    ) throws -> (path: String, opening: [String], graph: ExportedGraph) {
        let opened = try OpenedCoreDataStore(try write(built, editing: editing))
        let opening = opened.warnings.takeMessages()
        return (opened.path, opening, try CheckedExport(opened.store, shape: shape, warnings: opened.warnings).graph)
    }

    private func write(_ built: HandBuiltStores.Store, editing: String = "") throws -> (path: String, model: String) {
        try built.written(for: self, editing: editing)
    }
}
