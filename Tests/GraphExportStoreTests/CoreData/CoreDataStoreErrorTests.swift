import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportSQLite
import GraphExportTestSupport
import XCTest

/// Stores and models that do not fit, files that are not stores, and stores in read-only folders.
final class CoreDataStoreErrorTests: XCTestCase {
    private static let wiboscoModel = "CoreDataMigration_Example.xcdatamodeld"

    // MARK: - Models that do not fit

    /// A model version with an entity the store lacks names that entity; one with a column the
    /// store lacks names table and column; a store entity the version lacks is named too.
    func testModelVersionThatDoesNotFitTheStoreNamesWhatIsMissing() throws {
        let folder = try copySample("wibosco-migration")
        let misfits: [(store: String, version: String, expected: (String) -> CoreDataError)] = [
            (
                "CoreDataMigration_Example_1", "CoreDataMigration_Example 4",
                { .entityNotInStore(path: $0, entity: "Color", modelVersion: "CoreDataMigration_Example 4") }
            ),
            (
                "CoreDataMigration_Example_1", "CoreDataMigration_Example 2",
                { .missingColumn(path: $0, table: "ZPOST", column: "ZHEXCOLOR", property: "Post.hexColor") }
            ),
            (
                "CoreDataMigration_Example_WAL", "CoreDataMigration_Example",
                { .entityNotInModel(path: $0, entity: "Color", modelVersion: "CoreDataMigration_Example") }
            ),
        ]
        for (name, version, expected) in misfits {
            let store = folder + "/\(name).sqlite"
            let model = try ModelFile.load(path: folder + "/\(Self.wiboscoModel)/\(version).xcdatamodel")
            assertStoreError(try CoreDataStore(path: store, model: model), expected(store))
        }
    }

    /// A store without `Z_MODELCACHE` (framework 320): nothing else to try, so the error lists
    /// what each version misses, in the order they were tried.
    func testBundleWithoutAFittingVersionNamesWhatEachVersionMisses() throws {
        let books = try copySample("coredatabooks-legacy")
        let bnr = try copySample("bnr-manytomany")
        let store = books + "/CoreDataBooks.sqlite"
        let bundle = bnr + "/Sample.xcdatamodeld"
        assertStoreError(try CoreDataStore(path: store, model: try ModelFile.load(path: bundle))) { error in
            guard case .noModelFits(store, bundle, let misfits) = error else { return false }
            return misfits.map(\.candidate) == [.version("TestModel 2"), .version("TestModel")]
                && misfits.allSatisfy { $0.reason.contains("'Author'") }
                && "\(error)".hasPrefix("\(store): no version of '\(bundle)' fits the store: version 'TestModel 2': ")
        }
    }

    /// A `.xccurrentversion` naming a version the bundle lacks is a warning: the versions the
    /// bundle has are still tried, newest first, the only one of a one-version bundle included.
    func testCurrentVersionTheBundleLacksIsAWarningAndTheOtherVersionsAreTried() throws {
        let wibosco = try copySample("wibosco-migration")
        let scratch = try ScratchFolder(for: self)
        let scrapbook = try scratch.copy(StoreTestInputs.scrapbook)
        let cases = [
            (
                wibosco + "/CoreDataMigration_Example_1.sqlite", wibosco + "/\(Self.wiboscoModel)",
                "CoreDataMigration_Example"
            ),
            (scrapbook + "/Scrapbook.sqlite", scrapbook + "/Scrapbook.xcdatamodeld", "Scrapbook"),
        ]
        for (store, bundle, version) in cases {
            let currentVersion = bundle + "/.xccurrentversion"
            let text = try String(contentsOfFile: currentVersion, encoding: .utf8)
            let named = try XCTUnwrap(text.range(of: #"<string>[^<]*</string>"#, options: .regularExpression))
            try text.replacingCharacters(in: named, with: "<string>Gone 9.xcdatamodel</string>")
                .write(toFile: currentVersion, atomically: true, encoding: .utf8)

            let warnings = CollectedWarnings()
            let opened = try CoreDataStore(
                path: store, model: try ModelFile.load(path: bundle), onWarning: warnings.record)
            XCTAssertEqual(opened.modelVersion, version)
            let messages = warnings.take().map(\.message)
            XCTAssertEqual(messages.count, 1, "\(messages)")
            XCTAssertTrue(
                messages.allSatisfy { $0.contains(currentVersion) && $0.contains("'Gone 9'") }, "\(messages)")
            let export = try CheckedExport(opened, shape: .flat, warnings: warnings)
            XCTAssertTrue(export.check.isValid, export.check.summary())
            XCTAssertFalse(export.objects.ids.isEmpty, store)
        }
    }

    // MARK: - Stores edited so that they no longer fit

    /// Each edit drops a table or column the model needs, and the error names it. An ordered
    /// relationship whose `Z_FOK_` column is gone cannot be read in its stored order: the model does
    /// not fit, as for any other missing column.
    func testDroppedTablesAndColumnsAreNamedAsMissing() throws {
        let edits: [(sql: String, names: (_ error: CoreDataError, _ store: String) -> Bool)] = [
            ("DROP TABLE ZTAG", { if case .missingTable($1, "ZTAG", _) = $0 { true } else { false } }),
            (
                "DROP TABLE Z_1TAGS",
                { if case .missingJoinTable($1, let table, _) = $0 { table.contains("Z_1TAGS") } else { false } }
            ),
            (
                "ALTER TABLE ZITEM DROP COLUMN ZCAPTION",
                { $0 == .missingColumn(path: $1, table: "ZITEM", column: "ZCAPTION", property: "Photo.caption") }
            ),
            (
                "ALTER TABLE ZITEM DROP COLUMN ZSOURCE1",
                { $0 == .missingColumn(path: $1, table: "ZITEM", column: "ZSOURCE1", property: "Photo.source") }
            ),
            (
                "DROP INDEX ZTAG_ZSCRAPBOOK_INDEX; ALTER TABLE ZTAG DROP COLUMN ZSCRAPBOOK",
                { if case .missingColumn($1, "ZTAG", "ZSCRAPBOOK", _) = $0 { true } else { false } }
            ),
            (
                "ALTER TABLE ZPAGE DROP COLUMN Z_FOK_SCRAPBOOK",
                { if case .missingColumn($1, "ZPAGE", "Z_FOK_SCRAPBOOK", _) = $0 { true } else { false } }
            ),
        ]
        for (sql, names) in edits {
            let (store, model) = try editedScrapbook(sql)
            assertStoreError(try CoreDataStore(path: store, model: model)) { names($0, store) }
        }
    }

    // MARK: - Files that are not Core Data stores

    func testPlainSQLiteDatabaseIsNotACoreDataStore() throws {
        let scratch = try ScratchFolder(for: self)
        let chinook = try scratch.copy(
            try StoreTestInputs.require(StoreTestInputs.shared.appendingPathComponent("data/chinook/Chinook.sqlite")))
        let model = try ModelFile.load(
            path: try scratch.copy(StoreTestInputs.scrapbook.appendingPathComponent("Scrapbook.xcdatamodeld")))
        XCTAssertFalse(try CoreDataStore.isCoreDataStore(path: chinook))
        assertStoreError(try CoreDataStore(path: chinook, model: model), .notCoreDataStore(path: chinook))
    }

    func testFileThatIsNotADatabaseIsAnErrorNamingTheFile() throws {
        let scratch = try ScratchFolder(for: self)
        let path = scratch.path("notes.sqlite")
        try Data(String(repeating: "These are notes, not a database.\n", count: 200).utf8).write(
            to: URL(fileURLWithPath: path))
        let model = try ModelFile.load(
            path: try scratch.copy(StoreTestInputs.scrapbook.appendingPathComponent("Scrapbook.xcdatamodeld")))
        XCTAssertThrowsError(try CoreDataStore(path: path, model: model)) { error in
            switch error {
            case let error as SQLiteError:
                XCTAssertEqual(error.path, path)
                XCTAssertEqual(error.code, 26, "SQLITE_NOTADB")
            case SQLiteError.cannotRead(let reported, _):
                XCTAssertEqual(reported, path)
            default:
                XCTFail("expected a SQLite or cannot-read error, got \(error)")
            }
            XCTAssertTrue("\(error)".contains(path), "\(error) names the file")
        }
    }

    func testMissingFileCannotBeRead() throws {
        let scratch = try ScratchFolder(for: self)
        let path = scratch.path("Missing.sqlite")
        let model = try ModelFile.load(
            path: try scratch.copy(StoreTestInputs.scrapbook.appendingPathComponent("Scrapbook.xcdatamodeld")))
        XCTAssertThrowsError(try CoreDataStore(path: path, model: model)) { error in
            guard case .cannotRead(let reported, _)? = error as? SQLiteError else {
                return XCTFail("expected a SQLiteError, got \(error)")
            }
            XCTAssertEqual(reported, path)
        }
    }

    // MARK: - Paths

    func testStoreInAFolderWhoseNameHasURICharactersOpensInPlace() throws {
        let scratch = try ScratchFolder(for: self)
        let folder = try scratch.copy(StoreTestInputs.scrapbook, as: "odd #1 ?x=%41&y 名前")
        let store = try CoreDataStore(
            path: folder + "/Scrapbook.sqlite", model: try ModelFile.load(path: folder + "/Scrapbook.xcdatamodeld"))
        let export = try CheckedExport(store, shape: .flat, warnings: CollectedWarnings())
        XCTAssertTrue(export.check.isValid, export.check.summary())
        XCTAssertEqual(
            export.objects.counts, ["Clipping": 4, "Note": 6, "Page": 7, "Photo": 10, "Scrapbook": 2, "Tag": 6])
        let photo = export.graph[ObjectID("x-coredata://6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93/Photo/p8")]
        guard case .binary(let image)? = photo?.value("image") else { return XCTFail("Photo p8 has no image") }
        XCTAssertEqual(image.count, 20_480, "the side file beside the store is read")
    }

    // MARK: - Read-only folders

    func testStoresInAReadOnlyFolderStillExport() throws {
        let scratch = try ScratchFolder(for: self)
        let wibosco = try scratch.copy(try StoreTestInputs.sample("wibosco-migration"))
        let scrapbook = try scratch.copy(StoreTestInputs.scrapbook)
        let folders = [wibosco, scrapbook].map { URL(fileURLWithPath: $0) }
        for folder in folders { try ScratchFolder.setPermissions(of: folder, directories: 0o555, files: 0o444) }
        let probe = wibosco + "/probe"
        if FileManager.default.createFile(atPath: probe, contents: Data()) {
            try? FileManager.default.removeItem(atPath: probe)
            throw XCTSkip(
                "writes to a 0555 folder still succeed (running as root): read-only folders cannot be tested here")
        }
        let snapshots = try folders.map { try StoreFolderSnapshot($0.path) }
        let cases = [
            (
                wibosco + "/CoreDataMigration_Example_WAL.sqlite", wibosco + "/\(Self.wiboscoModel)",
                ["Color": 84, "Post": 84]
            ),
            (
                scrapbook + "/Scrapbook.sqlite", scrapbook + "/Scrapbook.xcdatamodeld",
                ["Clipping": 4, "Note": 6, "Page": 7, "Photo": 10, "Scrapbook": 2, "Tag": 6]
            ),
        ]
        for (path, modelPath, counts) in cases {
            let warnings = CollectedWarnings()
            let store = try CoreDataStore(
                path: path, model: try ModelFile.load(path: modelPath), onWarning: warnings.record)
            for shape in ExportShape.allCases {
                let export = try CheckedExport(store, shape: shape, warnings: warnings)
                XCTAssertTrue(export.check.isValid, "\(path) \(shape):\n\(export.check.summary())")
                XCTAssertEqual(export.graph.counts, counts, "\(path) \(shape)")
                XCTAssertEqual(export.warnings, [], "\(path) \(shape)")
            }
        }
        for (folder, snapshot) in zip(folders, snapshots) {
            let after = try StoreFolderSnapshot(folder.path)
            XCTAssert(after == snapshot, after.differences(from: snapshot))
        }
    }

    // MARK: - Helpers

    private func copySample(_ name: String) throws -> String {
        let scratch = try ScratchFolder(for: self)
        return try scratch.copy(try StoreTestInputs.sample(name))
    }

    /// A copy of the Scrapbook sample edited with the sqlite3 shell, and its model.
    private func editedScrapbook(_ sql: String) throws -> (store: String, model: ModelBundle) {
        let copy = try ScrapbookCopy(for: self, editing: sql)
        return (copy.store, try ModelFile.load(path: copy.model))
    }

    private func assertStoreError(
        _ expression: @autoclosure () throws -> CoreDataStore, _ expected: CoreDataError,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? CoreDataError, expected, file: file, line: line)
        }
    }

    private func assertStoreError(
        _ expression: @autoclosure () throws -> CoreDataStore, file: StaticString = #filePath, line: UInt = #line,
        matching predicate: (CoreDataError) -> Bool
    ) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? CoreDataError else {
                return XCTFail("expected a CoreDataError, got \(error)", file: file, line: line)
            }
            XCTAssertTrue(predicate(error), "unexpected error: \(error)", file: file, line: line)
        }
    }
}
