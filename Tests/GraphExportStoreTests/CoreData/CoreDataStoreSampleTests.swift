import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportTestSupport
import XCTest

/// Exports the real Apple-written stores of `shared/coredata-samples/` (copied first) and checks
/// the objects against the MANIFEST and against the stores read with plain SQL.
final class CoreDataStoreSampleTests: XCTestCase {
    private static let wibosco = "wibosco-migration"
    private static let wiboscoModel = "CoreDataMigration_Example.xcdatamodeld"

    // MARK: - Every store with a model: complete, valid, untouched

    func testWiboscoStore1ExportsEveryObjectWithTheFirstModelVersion() throws {
        let sample = try exportSample(
            Self.wibosco, store: "CoreDataMigration_Example_1.sqlite", model: Self.wiboscoModel)
        try checkPostDates(sample)
        let uuid = "292CEC8D-C7B1-4073-9B55-56A1A663FA59"
        let post = try XCTUnwrap(sample.exports[.tree]?.graph[ObjectID("x-coredata://\(uuid)/Post/p1")])
        XCTAssertEqual(post.value("date"), .date(Timestamp(secondsSinceReferenceDate: 526_914_238.20319)))
        guard case .date(let date)? = post.value("date") else { return XCTFail("no date") }
        XCTAssertEqual(date.iso8601, "2017-09-12T13:03:58.20319Z")
        XCTAssertEqual(post.value("color"), .string("6343E2"))
        XCTAssertEqual(post.value("postID"), .string("F3848AF4-92F0-45B1-9748-51782253BEC0"))
    }

    func testWiboscoStores2And3ExportEveryObjectWithTheirModelVersions() throws {
        for store in ["CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example_3.sqlite"] {
            try checkPostDates(try exportSample(Self.wibosco, store: store, model: Self.wiboscoModel))
        }
    }

    func testWiboscoWALStoreExportsTheRowsThatLiveOnlyInTheWAL() throws {
        let sample = try exportSample(
            Self.wibosco, store: "CoreDataMigration_Example_WAL.sqlite", model: Self.wiboscoModel)
        XCTAssertEqual(sample.exports[.flat]?.graph.counts, ["Color": 84, "Post": 84])
        // The shared copy may come with a -shm of its own; reading must not make one.
        let original = try StoreTestInputs.sample(Self.wibosco)
        if !FileManager.default.fileExists(atPath: original.path + "/CoreDataMigration_Example_WAL.sqlite-shm") {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: sample.storePath + "-shm"),
                "reading the store made a -shm beside it")
        }
        try checkPostDates(sample)
    }

    func testBNREmptyStoreOneVersionBehindExportsNoObjectsWithItsOwnVersion() throws {
        let sample = try exportSample("bnr-manytomany", store: "TestModel.sqlite", model: "Sample.xcdatamodeld")
        XCTAssertEqual(sample.store.modelVersion, "TestModel")
        XCTAssertEqual(sample.store.model.entities.map(\.name), ["Author", "Book"])
        for shape in ExportShape.allCases {
            XCTAssertEqual(sample.exports[shape]?.graph.order, [], "\(shape)")
            XCTAssertEqual(sample.exports[shape]?.recording.finished, true, "\(shape)")
        }
    }

    func testPrivateCopyOfAWALStoreIsRemovedWithTheStore() throws {
        let counts = try storeLeavesNothingInTheTemporaryFolder(
            Self.wibosco, store: "CoreDataMigration_Example_WAL.sqlite", model: Self.wiboscoModel)
        XCTAssertEqual(counts, ["Color": 84, "Post": 84])
    }

    /// `TestModel.sqlite` is in WAL mode but comes without a `-wal`: SQLite makes one beside the
    /// private copy, and that one must go too.
    func testPrivateCopyOfAWALModeStoreWithoutWALFileIsRemovedWithTheStore() throws {
        let counts = try storeLeavesNothingInTheTemporaryFolder(
            "bnr-manytomany", store: "TestModel.sqlite", model: "Sample.xcdatamodeld")
        XCTAssertEqual(counts, [:])
    }

    // MARK: - Values against plain SQL

    func testEveryPostAndColorAttributeOfTheWALStoreEqualsPlainSQL() throws {
        let sample = try exportSample(
            Self.wibosco, store: "CoreDataMigration_Example_WAL.sqlite", model: Self.wiboscoModel)
        let sql = try ReferenceSQL(sample.storePath)
        let graph = try XCTUnwrap(sample.exports[.tree]).graph
        let posts = try sql.rows("SELECT Z_PK, ZHIDE, ZPOSTID FROM ZPOST") { ($0[0].integer!, $0[1], $0[2]) }
        for (row, hide, postID) in posts {
            let post = try XCTUnwrap(graph[sample.id("Post", row)[0]])
            XCTAssertEqual(post.value("hide"), hide.integer.map { .boolean($0 == 1) } ?? .null, "Post p\(row)")
            XCTAssertEqual(post.value("postID"), postID.text.map(Value.string) ?? .null, "Post p\(row)")
        }
        let colors = try sql.rows("SELECT Z_PK, ZCOLORID, ZHEX FROM ZCOLOR") { ($0[0].integer!, $0[1], $0[2]) }
        for (row, colorID, hex) in colors {
            let color = try XCTUnwrap(graph[sample.id("Color", row)[0]])
            XCTAssertEqual(color.value("colorID"), colorID.text.map(Value.string) ?? .null, "Color p\(row)")
            XCTAssertEqual(color.value("hex"), hex.text.map(Value.string) ?? .null, "Color p\(row)")
        }
    }

    func testPostColorAndColorPostAreTheForeignKeysOnBothTables() throws {
        let sample = try exportSample(
            Self.wibosco, store: "CoreDataMigration_Example_WAL.sqlite", model: Self.wiboscoModel)
        let sql = try ReferenceSQL(sample.storePath)
        let id = sample.id
        let postColor = try sql.rows("SELECT Z_PK, ZCOLOR FROM ZPOST") { ($0[0].integer!, $0[1].integer) }
        let colorPost = try sql.rows("SELECT Z_PK, ZPOST FROM ZCOLOR") { ($0[0].integer!, $0[1].integer) }
        XCTAssertEqual(postColor.count, 84)
        XCTAssertEqual(colorPost.count, 84)
        for shape in ExportShape.allCases {
            let graph = try XCTUnwrap(sample.exports[shape]).graph
            for (post, color) in postColor {
                XCTAssertEqual(graph[id("Post", post)[0]]?.ids("color"), id("Color", color), "\(shape) Post p\(post)")
            }
            for (color, post) in colorPost {
                XCTAssertEqual(graph[id("Color", color)[0]]?.ids("post"), id("Post", post), "\(shape) Color p\(color)")
            }
            for post in graph.objects(of: "Post") {
                let color = try XCTUnwrap(post.ids("color")?.first, "\(shape) \(post.id) has no color")
                XCTAssertEqual(
                    graph[color]?.ids("post"), [post.id], "\(shape): \(post.id) ↔ \(color) is not one-to-one")
            }
        }
    }

    // MARK: - Stores read with the model they cache, or with a legacy model file

    func testSwiftDataStoreExportsWithTheModelItCachesItself() throws {
        let sample = try exportSample("swiftdata-resourcesmanager", store: "default.store", model: nil)
        XCTAssertEqual(sample.store.model.entities.map(\.name).sorted(), ["Component", "CraftingRecipe", "Item"])
        let sql = try ReferenceSQL(sample.storePath)
        let id = sample.id
        for shape in ExportShape.allCases {
            let graph = try XCTUnwrap(sample.exports[shape]).graph
            let components = try sql.rows("SELECT Z_PK, ZID, ZCOUNT, ZITEM, ZCRAFTINGRECIPE FROM ZCOMPONENT") {
                ($0[0].integer!, $0[1], $0[2].integer, $0[3].integer, $0[4].integer)
            }
            XCTAssertEqual(components.count, 5)
            for (row, identifier, count, item, recipe) in components {
                let component = try XCTUnwrap(graph[id("Component", row)[0]], "\(shape) Component p\(row)")
                guard case .blob(let bytes) = identifier, case .uuid(let uuid)? = component.value("id") else {
                    XCTFail("\(shape) Component p\(row): id is \(String(describing: component.value("id")))")
                    continue
                }
                XCTAssertEqual(uuid.description, ReferenceValues.uuidText(bytes), "\(shape) Component p\(row)")
                XCTAssertEqual(
                    component.value("count"), count.map(Value.integer) ?? .null, "\(shape) Component p\(row)")
                XCTAssertEqual(component.ids("item"), id("Item", item), "\(shape) Component p\(row)")
                XCTAssertEqual(
                    component.ids("craftingRecipe"), id("CraftingRecipe", recipe), "\(shape) Component p\(row)")
            }
            let recipes = try sql.rows("SELECT Z_PK, ZPRODUCEDITEM FROM ZCRAFTINGRECIPE") {
                ($0[0].integer!, $0[1].integer)
            }
            for (row, item) in recipes {
                let recipe = try XCTUnwrap(graph[id("CraftingRecipe", row)[0]])
                XCTAssertEqual(recipe.ids("producedItem"), id("Item", item), "\(shape) CraftingRecipe p\(row)")
                let required = try sql.integers(
                    "SELECT Z_PK FROM ZCOMPONENT WHERE ZCRAFTINGRECIPE = \(row) ORDER BY Z_PK")
                XCTAssertEqual(
                    recipe.ids("requiredComponents"), required.flatMap { id("Component", $0) },
                    "\(shape) CraftingRecipe p\(row)")
            }
            let items = try sql.rows("SELECT Z_PK, ZNAME, ZCRAFTINGRECIPE FROM ZITEM") {
                ($0[0].integer!, $0[1], $0[2].integer)
            }
            XCTAssertEqual(items.count, 7)
            for (row, name, recipe) in items {
                let item = try XCTUnwrap(graph[id("Item", row)[0]])
                XCTAssertEqual(item.value("name"), name.text.map(Value.string) ?? .null, "\(shape) Item p\(row)")
                XCTAssertEqual(item.ids("craftingRecipe"), id("CraftingRecipe", recipe), "\(shape) Item p\(row)")
            }
        }
    }

    /// Apple's own Notes store: three levels of inheritance in one table, and a cached model that
    /// lists every inherited property again under each sub-entity. Same-named properties of
    /// sibling entities come from their own suffixed columns.
    func testAppleNotesStoreExportsEveryObjectWithTheModelItCaches() throws {
        let sample = try exportSample("apple-notes-macos12", store: "NoteStore.sqlite", model: nil)
        let model = sample.store.model
        let account = try XCTUnwrap(model.index(of: "ICAccountData"))
        XCTAssertEqual(
            model.attributes(of: account).filter { $0.name == "activityEventsData" }.count, 1,
            "an inherited attribute is one attribute")
        let sql = try ReferenceSQL(sample.storePath)
        let id = sample.id
        let numbers = Dictionary(uniqueKeysWithValues: try sql.entityNames().map { ($1, $0) })
        let checks: [(entity: String, title: String, account: String)] = [
            ("ICNote", "ZTITLE1", "ZACCOUNT4"), ("ICFolder", "ZTITLE2", "ZACCOUNT5"),
        ]
        for shape in ExportShape.allCases {
            let graph = try XCTUnwrap(sample.exports[shape]).graph
            for (entity, title, accountColumn) in checks {
                let rows = try sql.rows(
                    "SELECT Z_PK, \(title), \(accountColumn) FROM ZICCLOUDSYNCINGOBJECT WHERE Z_ENT = \(numbers[entity]!)"
                ) { ($0[0].integer!, $0[1], $0[2].integer) }
                XCTAssertFalse(rows.isEmpty, entity)
                for (row, text, owner) in rows {
                    let object = try XCTUnwrap(graph[id(entity, row)[0]], "\(shape) \(entity) p\(row)")
                    XCTAssertEqual(
                        object.value("title"), text.text.map(Value.string) ?? .null, "\(shape) \(entity) p\(row)")
                    XCTAssertEqual(object.ids("account"), id("ICAccount", owner), "\(shape) \(entity) p\(row)")
                }
            }
        }
    }

    func testLegacyBooksStoreExportsWithItsXcode3ModelAndIntegerDates() throws {
        let sample = try exportSample(
            "coredatabooks-legacy", store: "CoreDataBooks.sqlite", model: "CoreDataBooks.xcdatamodel")
        let sql = try ReferenceSQL(sample.storePath)
        let books = try sql.rows("SELECT Z_PK, ZCOPYRIGHT, ZAUTHOR, ZTITLE FROM ZBOOK ORDER BY Z_PK") {
            ($0[0].integer!, $0[1], $0[2], $0[3])
        }
        XCTAssertEqual(books.count, 12)
        let graph = try XCTUnwrap(sample.exports[.flat]).graph
        var negative = 0
        for (row, copyright, author, title) in books {
            let book = try XCTUnwrap(graph[sample.id("Book", row)[0]], "Book p\(row)")
            XCTAssertEqual(book.value("author"), author.text.map(Value.string) ?? .null, "Book p\(row)")
            XCTAssertEqual(book.value("title"), title.text.map(Value.string) ?? .null, "Book p\(row)")
            guard case .integer(let seconds) = copyright, case .date(let date)? = book.value("copyright") else {
                XCTFail(
                    "Book p\(row): copyright is \(String(describing: book.value("copyright"))), SQL has \(copyright)")
                continue
            }
            if seconds < 0 { negative += 1 }
            XCTAssertEqual(date.secondsSinceReferenceDate, Double(seconds), "Book p\(row)")
            XCTAssertEqual(
                date.iso8601, ReferenceValues.iso8601(secondsSinceReferenceDate: Double(seconds)), "Book p\(row)")
        }
        XCTAssertEqual(negative, 8, "dates before 2001")
        guard case .date(let strata)? = graph[sample.id("Book", 1)[0]]?.value("copyright") else {
            return XCTFail("Book p1 has no copyright date")
        }
        XCTAssertEqual(strata.iso8601, "1981-01-02T00:20:01Z")
        guard case .date(let psmith)? = graph[sample.id("Book", 15)[0]]?.value("copyright") else {
            return XCTFail("Book p15 has no copyright date")
        }
        XCTAssertEqual(psmith.iso8601, "1910-09-23T21:36:16Z")
    }

    func testRestKitStoreExportsWithItsXcode3ModelAndItsRelationships() throws {
        let sample = try exportSample(
            "restkit-legacy-model", store: "RKSeedDatabase.sqlite", model: "RKTwitterCoreData.xcdatamodel",
            version: "RKTwitterCoreData")
        let sql = try ReferenceSQL(sample.storePath)
        let id = sample.id
        let statuses = try sql.rows("SELECT Z_PK, ZUSER FROM ZRKTSTATUS ORDER BY Z_PK") {
            ($0[0].integer!, $0[1].integer)
        }
        let users = try sql.integers("SELECT Z_PK FROM ZRKTUSER ORDER BY Z_PK").compactMap { $0 }
        XCTAssertEqual(statuses.count, 20)
        XCTAssertEqual(users.count, 2)
        for shape in ExportShape.allCases {
            let graph = try XCTUnwrap(sample.exports[shape]).graph
            for (row, user) in statuses {
                XCTAssertEqual(
                    graph[id("RKTStatus", row)[0]]?.ids("user"), id("RKTUser", user), "\(shape) RKTStatus p\(row)")
            }
            for user in users {
                let written = try sql.integers("SELECT Z_PK FROM ZRKTSTATUS WHERE ZUSER = \(user) ORDER BY Z_PK")
                XCTAssertEqual(
                    graph[id("RKTUser", user)[0]]?.ids("status"), written.flatMap { id("RKTStatus", $0) },
                    "\(shape) RKTUser p\(user)")
            }
        }
    }

    // MARK: - The version in the header

    /// A bundle of one version without `.xccurrentversion` still names the version it was read
    /// with, as every bundle does; the 32,693 rows live only in the `-wal`.
    func testKeasyboardBundleOfOneVersionNamesItInTheHeader() throws {
        let sample = try exportSample(
            "keasyboard-wal", store: "Simplex.sqlite", model: "IME.xcdatamodeld", version: "Model")
        XCTAssertEqual(sample.store.document.modelVersion, "Model")
        XCTAssertTrue(try XCTUnwrap(sample.store.document.model).hasSuffix("/IME.xcdatamodeld"))
    }

    // MARK: - Helpers

    private struct Sample {
        let store: CoreDataStore
        let storePath: String
        let exports: [ExportShape: CheckedExport]
        /// `Z_METADATA.Z_UUID` as the MANIFEST has it.
        let uuid: String

        /// The id of row `row` of `entity`, as the one element of a relationship's ids; none for `NULL`.
        func id(_ entity: String, _ row: Int64?) -> [ObjectID] {
            row.map { [ObjectID("x-coredata://\(uuid)/\(entity)/p\($0)")] } ?? []
        }
    }

    /// Opens and exports a sample store with `TMPDIR` pointing at an empty folder, releases it,
    /// and checks the folder is empty again; returns the objects per entity.
    private func storeLeavesNothingInTheTemporaryFolder(
        _ folder: String, store file: String, model: String, line: UInt = #line
    ) throws -> [String: Int] {
        let scratch = try ScratchFolder(for: self)
        let copy = try scratch.copy(try StoreTestInputs.sample(folder))
        return try scratch.withTemporaryFolder { temporary in
            let counts = try {
                let store = try CoreDataStore(
                    path: copy + "/" + file, model: try ModelFile.load(path: copy + "/" + model))
                let copies = try FileManager.default.contentsOfDirectory(atPath: temporary)
                XCTAssertEqual(copies.count, 1, "one private copy: \(copies)", line: line)
                return try CheckedExport(store, shape: .flat, warnings: CollectedWarnings()).objects.counts
            }()
            let left = try FileManager.default.subpathsOfDirectory(atPath: temporary)
            XCTAssertEqual(left, [], "\(file): left behind in TMPDIR", line: line)
            return counts
        }
    }

    /// Every Post date equals `ZPOST.ZDATE` bit for bit; the first, middle and last also as ISO
    /// text computed with Foundation.
    private func checkPostDates(_ sample: Sample, file: StaticString = #filePath, line: UInt = #line) throws {
        let sql = try ReferenceSQL(sample.storePath)
        let rows = try sql.rows("SELECT Z_PK, ZDATE FROM ZPOST ORDER BY Z_PK") { ($0[0].integer!, $0[1]) }
        XCTAssertGreaterThan(rows.count, 80, file: file, line: line)
        var dates: [ObjectID: Value] = [:]
        var current: ObjectID?
        for event in try XCTUnwrap(sample.exports[.flat]).recording.events {
            switch event {
            case .beginObject(_, let id): current = id
            case .attribute("date", let value): current.map { dates[$0] = value }
            default: break
            }
        }
        var checked = 0
        for (index, (row, stored)) in rows.enumerated() {
            let exported = dates[sample.id("Post", row)[0]]
            guard case .real(let seconds) = stored, case .date(let date)? = exported else {
                XCTFail(
                    "Post p\(row): date is \(String(describing: exported)), SQL has \(stored)", file: file, line: line)
                continue
            }
            XCTAssertEqual(
                date.secondsSinceReferenceDate.bitPattern, seconds.bitPattern, "Post p\(row)", file: file, line: line)
            if [0, rows.count / 2, rows.count - 1].contains(index) {
                XCTAssertEqual(
                    date.iso8601, ReferenceValues.iso8601(secondsSinceReferenceDate: seconds), "Post p\(row)",
                    file: file, line: line)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 3, file: file, line: line)
    }

    /// Copies a sample folder, opens the store with its model bundle (without one: with the
    /// store's `Z_MODELCACHE`), exports it in both shapes and checks what every export must satisfy: a valid event stream, the MANIFEST's counts,
    /// model version (`version` when the MANIFEST names none) and store UUID, no warning, and the
    /// copied files left byte for byte.
    @discardableResult
    private func exportSample(
        _ folder: String, store file: String, model: String?, version: String? = nil,
        file source: StaticString = #filePath, line: UInt = #line
    ) throws -> Sample {
        let original = try StoreTestInputs.sample(folder)
        let manifest = try SampleManifest(folder: original, store: file)
        let scratch = try ScratchFolder(for: self)
        let copy = try scratch.copy(original)
        let before = try StoreFolderSnapshot(copy)
        let warnings = CollectedWarnings()
        let storePath = copy + "/" + file
        let bundle = try model.map { try ModelFile.load(path: copy + "/" + $0) }
        let store = try CoreDataStore(path: storePath, model: bundle, onWarning: warnings.record)
        let expectedVersion = manifest.modelVersion ?? version
        if model != nil {
            XCTAssertNotNil(expectedVersion, "\(file): MANIFEST names no model version", file: source, line: line)
        }
        if let version = expectedVersion {
            XCTAssertEqual(store.modelVersion, version, "\(file): model version", file: source, line: line)
        }
        XCTAssertEqual(store.storeUUID, manifest.storeUUID, "\(file): store UUID", file: source, line: line)
        XCTAssertEqual(warnings.take(), [], "\(file): opening warned", file: source, line: line)
        var exports: [ExportShape: CheckedExport] = [:]
        for shape in ExportShape.allCases {
            let export = try CheckedExport(store, shape: shape, warnings: warnings)
            exports[shape] = export
            XCTAssertTrue(
                export.check.isValid, "\(file) \(shape):\n\(export.check.summary())", file: source, line: line)
            XCTAssertEqual(export.warnings, [], "\(file) \(shape)", file: source, line: line)
            var expected = manifest.counts
            for entity in store.model.entities where expected[entity.name] == nil { expected[entity.name] = 0 }
            let objects = export.objects
            var counts = objects.counts
            for name in expected.keys where counts[name] == nil { counts[name] = 0 }
            XCTAssertEqual(counts, expected, "\(file) \(shape): objects per entity", file: source, line: line)
            for id in objects.ids where !id.text.hasPrefix("x-coredata://\(manifest.storeUUID)/") {
                XCTFail("\(file) \(shape): \(id) does not carry the store UUID", file: source, line: line)
                break
            }
            let after = try StoreFolderSnapshot(copy)
            XCTAssert(
                after == before,
                "\(file) \(shape): the export touched the store's folder:\n"
                    + after.differences(from: before), file: source, line: line)
        }
        return Sample(store: store, storePath: storePath, exports: exports, uuid: manifest.storeUUID)
    }
}
