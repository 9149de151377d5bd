import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportTestSupport
import XCTest

/// Exports the generated `Samples/Scrapbook` store (copied with its `.Scrapbook_SUPPORT` folder)
/// and checks every layout it covers against the same store read with plain SQL.
final class CoreDataStoreScrapbookTests: XCTestCase {
    private static let externalFolder = ".Scrapbook_SUPPORT/_EXTERNAL_DATA"

    // MARK: - Counts and validity

    func testObjectCountsAreTheExpectedCountsInBothShapesAndTheFilesStayUntouched() throws {
        let scrapbook = try openScrapbook()
        let data = try Data(contentsOf: StoreTestInputs.scrapbook.appendingPathComponent("expected-counts.json"))
        let expected = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        XCTAssertEqual(scrapbook.store.modelVersion, "Scrapbook")
        XCTAssertEqual(scrapbook.store.storeUUID, "6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93")
        XCTAssertEqual(scrapbook.store.storeUUID, scrapbook.uuid)
        XCTAssertEqual(scrapbook.store.frameworkVersion, "1048")
        XCTAssertEqual(
            scrapbook.store.document.sourceFields,
            [
                DocumentField(key: "storeUUID", value: scrapbook.uuid),
                DocumentField(key: "frameworkVersion", value: "1048"),
            ])
        for shape in ExportShape.allCases {
            let export = try scrapbook.export(shape)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.graph.counts, expected, "\(shape)")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            let after = try StoreFolderSnapshot(scrapbook.folder)
            XCTAssert(after == scrapbook.snapshot, "\(shape):\n" + after.differences(from: scrapbook.snapshot))
        }
        let watched = Set(scrapbook.snapshot.files.keys)
        XCTAssertTrue(watched.contains("Scrapbook.sqlite"), "\(watched)")
        XCTAssertTrue(watched.contains("\(Self.externalFolder)/DFF75363-4E0E-48D9-9857-A9AE93F265E6"), "\(watched)")
        XCTAssertTrue(watched.contains("\(Self.externalFolder)/164CDE2F-49C3-4B38-8E1F-8672BFB19507"), "\(watched)")
    }

    // MARK: - Layouts

    func testSubEntitiesAreTheRowsOfTheRootTableWithTheirEntityNumber() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        for entity in ["Photo", "Note", "Clipping"] {
            let rows = try scrapbook.sql.integers(
                "SELECT Z_PK FROM ZITEM WHERE Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = '\(entity)') ORDER BY Z_PK"
            )
            XCTAssertFalse(rows.isEmpty, entity)
            XCTAssertEqual(graph.objects(of: entity).map(\.id), rows.map { scrapbook.id(entity, $0!) }, entity)
        }
        XCTAssertEqual(
            graph[ObjectID("x-coredata://6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93/Photo/p1")]?.entity, "Photo")
        XCTAssertEqual(
            graph[ObjectID("x-coredata://6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93/Clipping/p4")]?.entity, "Clipping")
        XCTAssertEqual(graph.objects(of: "Item").count, 0, "Item is abstract")
        XCTAssertFalse(graph.order.contains { $0.text.contains("/Item/") })

        let inherited = ["createdAt", "position", "title"]
        let own = ["Photo": 13, "Note": 2, "Clipping": 3]
        let items = try scrapbook.sql.rows("SELECT Z_PK, ZCREATEDAT, ZPOSITION, ZTITLE, ZPAGE FROM ZITEM") { row in
            (row[0].integer!, row[1], row[2], row[3], row[4].integer)
        }
        XCTAssertEqual(items.count, 20)
        for row in items {
            let object = try XCTUnwrap(graph[try scrapbook.itemID(row.0)])
            XCTAssertEqual(Array(object.attributes.map(\.name).prefix(3)), inherited, "\(object.id)")
            XCTAssertEqual(object.attributes.count, 3 + own[object.entity]!, "\(object.id)")
            XCTAssertEqual(Array(object.relationships.map(\.name).prefix(2)), ["page", "tags"], "\(object.id)")
            assertIdentical(object.value("createdAt"), try Self.dateValue(row.1), "\(object.id).createdAt")
            XCTAssertEqual(object.value("position"), row.2.integer.map(Value.integer), "\(object.id).position")
            XCTAssertEqual(object.value("title"), row.3.text.map(Value.string) ?? .null, "\(object.id).title")
            XCTAssertEqual(object.ids("page"), row.4.map { [scrapbook.id("Page", $0)] } ?? [], "\(object.id).page")
        }
        let note = try XCTUnwrap(graph.objects(of: "Note").first)
        XCTAssertEqual(note.attributes.map(\.name), inherited + ["color", "text"])
        XCTAssertEqual(note.relationships.map(\.name), ["page", "tags"])
    }

    func testSameNamedSourceOfPhotoAndClippingComesFromTheirOwnColumns() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        let sources: [(entity: String, number: Int, column: String, count: Int, value: (String) -> Value)] = [
            ("Photo", 4, "ZSOURCE1", 10, Value.string), ("Clipping", 2, "ZSOURCE", 4, Value.uri),
        ]
        for (entity, number, column, count, value) in sources {
            let rows = try scrapbook.sql.rows("SELECT Z_PK, \(column) FROM ZITEM WHERE Z_ENT = \(number)") {
                ($0[0].integer!, $0[1])
            }
            XCTAssertEqual(rows.count, count, entity)
            for (row, source) in rows {
                XCTAssertEqual(
                    graph[scrapbook.id(entity, row)]?.value("source"), source.text.map(value) ?? .null,
                    "\(entity) p\(row)")
            }
        }
        XCTAssertEqual(graph[scrapbook.id("Photo", 11)]?.value("source"), .string(""))
        XCTAssertEqual(graph[scrapbook.id("Photo", 1)]?.value("source"), .string("iPhone 7 — back camera"))
        XCTAssertEqual(graph[scrapbook.id("Clipping", 9)]?.value("source"), .null)
        XCTAssertEqual(
            graph[scrapbook.id("Clipping", 4)]?.value("source"),
            .uri("https://www.carris.pt/en/tickets/?line=28&zone=1"))
        XCTAssertNil(graph[scrapbook.id("Note", 2)]?.value("source"), "a Note has no source")
    }

    func testFeaturedItemPointsAtTheConcreteEntityStoredBesideTheKey() throws {
        let scrapbook = try openScrapbook()
        try assertFeaturedItems(scrapbook)
        let graph = try scrapbook.export(.flat).graph
        XCTAssertEqual(graph[scrapbook.id("Tag", 1)]?.ids("featuredItem"), [scrapbook.id("Photo", 3)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 5)]?.ids("featuredItem"), [scrapbook.id("Note", 19)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 6)]?.ids("featuredItem"), [scrapbook.id("Clipping", 4)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 2)]?.ids("featuredItem"), [])
    }

    func testFeaturedItemWithoutItsEntityNumberIsFoundByTheRow() throws {
        let scrapbook = try openScrapbook(editing: "UPDATE ZTAG SET Z1_FEATUREDITEM = NULL")
        let graph = try scrapbook.export(.tree).graph
        XCTAssertEqual(graph[scrapbook.id("Tag", 1)]?.ids("featuredItem"), [scrapbook.id("Photo", 3)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 4)]?.ids("featuredItem"), [scrapbook.id("Photo", 13)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 5)]?.ids("featuredItem"), [scrapbook.id("Note", 19)])
        XCTAssertEqual(graph[scrapbook.id("Tag", 6)]?.ids("featuredItem"), [scrapbook.id("Clipping", 4)])
    }

    func testCoverAndCoverOfAreTheKeysOnBothTables() throws {
        let scrapbook = try openScrapbook()
        let covers = try scrapbook.sql.rows("SELECT Z_PK, ZCOVER FROM ZSCRAPBOOK") { ($0[0].integer!, $0[1].integer) }
        let coverOf = try scrapbook.sql.rows("SELECT Z_PK, ZCOVEROF FROM ZITEM WHERE Z_ENT = 4") {
            ($0[0].integer!, $0[1].integer)
        }
        XCTAssertEqual(covers.map(\.1), [8, 17])
        for shape in ExportShape.allCases {
            let graph = try scrapbook.export(shape).graph
            for (row, cover) in covers {
                XCTAssertEqual(
                    graph[scrapbook.id("Scrapbook", row)]?.ids("cover"),
                    cover.map { [scrapbook.id("Photo", $0)] } ?? [],
                    "\(shape) Scrapbook p\(row)")
            }
            for (row, owner) in coverOf {
                XCTAssertEqual(
                    graph[scrapbook.id("Photo", row)]?.ids("coverOf"),
                    owner.map { [scrapbook.id("Scrapbook", $0)] } ?? [], "\(shape) Photo p\(row)")
            }
            for book in graph.objects(of: "Scrapbook") {
                let cover = try XCTUnwrap(book.ids("cover")?.first)
                XCTAssertEqual(graph[cover]?.ids("coverOf"), [book.id], "\(shape): \(book.id) ↔ \(cover)")
            }
        }
    }

    func testItemTagsAndTagItemsAreTheJoinTableRowsBothWays() throws {
        let scrapbook = try openScrapbook()
        let pairs = try scrapbook.sql.rows("SELECT Z_1ITEMS, Z_7TAGS FROM Z_1TAGS") { ($0[0].integer!, $0[1].integer!) }
        XCTAssertEqual(pairs.count, 16)
        let items = try scrapbook.sql.integers("SELECT Z_PK FROM ZITEM ORDER BY Z_PK").map { $0! }
        let tags = try scrapbook.sql.integers("SELECT Z_PK FROM ZTAG ORDER BY Z_PK").map { $0! }
        for shape in ExportShape.allCases {
            let graph = try scrapbook.export(shape).graph
            for item in items {
                let expected = pairs.filter { $0.0 == item }.map(\.1).sorted().map { scrapbook.id("Tag", $0) }
                let id = try scrapbook.itemID(item)
                XCTAssertEqual(graph[id]?.ids("tags"), expected, "\(shape) \(id).tags")
            }
            for tag in tags {
                let expected = try pairs.filter { $0.1 == tag }.map(\.0).sorted().map { try scrapbook.itemID($0) }
                XCTAssertEqual(graph[scrapbook.id("Tag", tag)]?.ids("items"), expected, "\(shape) Tag p\(tag).items")
            }
        }
        let graph = try scrapbook.export(.flat).graph
        XCTAssertEqual(
            graph[scrapbook.id("Tag", 4)]?.ids("items"),
            [
                scrapbook.id("Photo", 8), scrapbook.id("Photo", 13), scrapbook.id("Photo", 14),
                scrapbook.id("Clipping", 16), scrapbook.id("Photo", 17),
            ])
        XCTAssertEqual(graph[scrapbook.id("Tag", 3)]?.ids("items"), [])
    }

    func testPagesComeInTheirStoredOrderNotInKeyOrder() throws {
        let scrapbook = try openScrapbook()
        for shape in ExportShape.allCases {
            let graph = try scrapbook.export(shape).graph
            for book: Int64 in [1, 2] {
                let stored = try scrapbook.sql.integers(
                    "SELECT Z_PK FROM ZPAGE WHERE ZSCRAPBOOK = \(book) ORDER BY Z_FOK_SCRAPBOOK")
                let byKey = try scrapbook.sql.integers(
                    "SELECT Z_PK FROM ZPAGE WHERE ZSCRAPBOOK = \(book) ORDER BY Z_PK")
                XCTAssertNotEqual(stored, byKey, "the sample's order differs from Z_PK order")
                let pages = try XCTUnwrap(graph[scrapbook.id("Scrapbook", book)]?.ids("pages"))
                XCTAssertEqual(pages, stored.map { scrapbook.id("Page", $0!) }, "\(shape) Scrapbook p\(book)")
                let numbers = pages.map { graph[$0]?.value("number") }
                XCTAssertEqual(numbers, (1...pages.count).map { .integer(Int64($0)) }, "\(shape) Scrapbook p\(book)")
            }
            let first = try XCTUnwrap(graph[scrapbook.id("Scrapbook", 1)]?.ids("pages"))
            XCTAssertEqual(first, [1, 2, 7, 3, 4].map { scrapbook.id("Page", $0) })
        }
    }

    // MARK: - Values

    func testDatesStoredAsRealOrIntegerBeforeAndAfterTheEpochs() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        let cases: [(ObjectID, String, String, ReferenceCell, String)] = [
            (
                scrapbook.id("Photo", 13), "takenAt", "SELECT ZTAKENAT FROM ZITEM WHERE Z_PK = 13",
                .integer(-1_342_773_000),
                "1958-06-14T15:30:00Z"
            ),
            (
                scrapbook.id("Photo", 14), "takenAt", "SELECT ZTAKENAT FROM ZITEM WHERE Z_PK = 14",
                .real(-992_490_139.5),
                "1969-07-20T20:17:40.5Z"
            ),
            (
                scrapbook.id("Photo", 18), "takenAt", "SELECT ZTAKENAT FROM ZITEM WHERE Z_PK = 18",
                .real(1_298_980_800.75),
                "2042-03-01T12:00:00.75Z"
            ),
            (
                scrapbook.id("Note", 10), "createdAt", "SELECT ZCREATEDAT FROM ZITEM WHERE Z_PK = 10",
                .real(526_914_238.20319), "2017-09-12T13:03:58.20319Z"
            ),
            (
                scrapbook.id("Scrapbook", 2), "createdAt", "SELECT ZCREATEDAT FROM ZSCRAPBOOK WHERE Z_PK = 2",
                .integer(695_989_800), ReferenceValues.iso8601(secondsSinceReferenceDate: 695_989_800)
            ),
        ]
        for (id, attribute, sql, storage, text) in cases {
            let stored = try scrapbook.sql.value(sql)
            XCTAssertEqual(stored, storage, "\(id).\(attribute) storage class")
            let seconds = try XCTUnwrap(Self.seconds(stored))
            XCTAssertEqual(ReferenceValues.iso8601(secondsSinceReferenceDate: seconds), text, "independent ISO text")
            guard case .date(let date)? = graph[id]?.value(attribute) else {
                XCTFail("\(id).\(attribute) is \(String(describing: graph[id]?.value(attribute)))")
                continue
            }
            XCTAssertEqual(date.secondsSinceReferenceDate.bitPattern, seconds.bitPattern, "\(id).\(attribute)")
            XCTAssertEqual(date.iso8601, text, "\(id).\(attribute)")
        }
        XCTAssertEqual(graph[scrapbook.id("Photo", 7)]?.value("takenAt"), .null)
    }

    func testUUIDsAreTheSixteenStoredBytesInCanonicalText() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        let rows =
            try scrapbook.sql.rows("SELECT 'Scrapbook', Z_PK, ZIDENTIFIER FROM ZSCRAPBOOK") {
                ($0[0].text!, $0[1].integer!, $0[2])
            }
            + scrapbook.sql.rows("SELECT 'Photo', Z_PK, ZIDENTIFIER FROM ZITEM WHERE Z_ENT = 4") {
                ($0[0].text!, $0[1].integer!, $0[2])
            }
        XCTAssertEqual(rows.count, 12)
        for (entity, row, stored) in rows {
            guard case .blob(let bytes) = stored, bytes.count == 16 else {
                XCTFail("\(entity) p\(row): ZIDENTIFIER is \(stored)")
                continue
            }
            guard case .uuid(let uuid)? = graph[scrapbook.id(entity, row)]?.value("identifier") else {
                XCTFail("\(entity) p\(row).identifier is not a UUID")
                continue
            }
            XCTAssertEqual(uuid.bytes, bytes, "\(entity) p\(row)")
            XCTAssertEqual(uuid.description, ReferenceValues.uuidText(bytes), "\(entity) p\(row)")
        }
        let known = [
            (scrapbook.id("Scrapbook", 1), "275b33d1-35bf-4e59-8d81-bd016635ac0b"),
            (scrapbook.id("Photo", 8), "e2e50553-8451-4dc8-807b-0b7316bc7334"),
        ]
        for (id, text) in known {
            guard case .uuid(let uuid)? = graph[id]?.value("identifier") else { return XCTFail("\(id) has no UUID") }
            XCTAssertEqual(uuid.description, text, "\(id)")
        }
    }

    func testBooleansAreTheStoredZeroAndOne() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        for (row, stored) in try scrapbook.sql.rows(
            "SELECT Z_PK, ZISFAVORITE FROM ZSCRAPBOOK", { ($0[0].integer!, $0[1]) })
        {
            XCTAssertEqual(
                graph[scrapbook.id("Scrapbook", row)]?.value("isFavorite"), .boolean(stored == .integer(1)),
                "Scrapbook p\(row)")
        }
        XCTAssertEqual(graph[scrapbook.id("Scrapbook", 1)]?.value("isFavorite"), .boolean(true))
        XCTAssertEqual(graph[scrapbook.id("Scrapbook", 2)]?.value("isFavorite"), .boolean(false))
    }

    func testDecimalsFromRealIntegerAndTextAreExact() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        let expected: [Int64: (storage: String, value: String)] = [
            1: ("real", "12.5"), 13: ("real", "19.99"), 3: ("integer", "3"), 18: ("integer", "0"),
            5: ("text", "NaN"), 14: ("integer", "9007199254740993"), 17: ("real", "1234567.8912345679"),
        ]
        let rows = try scrapbook.sql.rows("SELECT Z_PK, typeof(ZPRINTPRICE) FROM ZITEM WHERE Z_ENT = 4") {
            ($0[0].integer!, $0[1].text!)
        }
        XCTAssertEqual(rows.count, 10)
        for (row, storage) in rows {
            let value = graph[scrapbook.id("Photo", row)]?.value("printPrice")
            if let (expectedStorage, text) = expected[row] {
                XCTAssertEqual(storage, expectedStorage, "Photo p\(row) storage class")
                XCTAssertEqual(value, .decimal(text), "Photo p\(row)")
            } else {
                XCTAssertEqual(storage, "null", "Photo p\(row) storage class")
                XCTAssertEqual(value, .null, "Photo p\(row)")
            }
        }
    }

    func testBinaryValuesPlainInlineAndInSideFiles() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.tree).graph
        let thumbnails = try scrapbook.sql.rows("SELECT Z_PK, ZTHUMBNAIL FROM ZITEM WHERE ZTHUMBNAIL IS NOT NULL") {
            ($0[0].integer!, $0[1])
        }
        XCTAssertEqual(thumbnails.map(\.0), [1, 5, 8, 13])
        for (row, stored) in thumbnails {
            guard case .blob(let bytes) = stored else { return XCTFail("Photo p\(row) thumbnail is \(stored)") }
            XCTAssertTrue(bytes.contains(0), "Photo p\(row) thumbnail has a 0x00 byte")
            XCTAssertEqual(graph[scrapbook.id("Photo", row)]?.value("thumbnail"), .binary(bytes), "Photo p\(row)")
        }
        let stored =
            try scrapbook.sql.rows("SELECT 'Photo', Z_PK, ZIMAGE FROM ZITEM WHERE ZIMAGE IS NOT NULL") {
                ($0[0].text!, $0[1].integer!, $0[2])
            }
            + scrapbook.sql.rows("SELECT 'Scrapbook', Z_PK, ZCOVERIMAGE FROM ZSCRAPBOOK WHERE ZCOVERIMAGE IS NOT NULL")
        {
            ($0[0].text!, $0[1].integer!, $0[2])
        }
        var markers: [UInt8] = []
        for (entity, row, cell) in stored {
            guard case .blob(let bytes) = cell, let marker = bytes.first else {
                return XCTFail("\(entity) p\(row): \(cell)")
            }
            markers.append(marker)
            let attribute = entity == "Photo" ? "image" : "coverImage"
            let expected = try Self.externalBytes(bytes, in: scrapbook.folder)
            XCTAssertEqual(graph[scrapbook.id(entity, row)]?.value(attribute), .binary(expected), "\(entity) p\(row)")
        }
        XCTAssertEqual(markers.sorted(), [1, 1, 1, 1, 2, 2])

        let jpeg = try Data(
            contentsOf: URL(
                fileURLWithPath: scrapbook.folder + "/\(Self.externalFolder)/DFF75363-4E0E-48D9-9857-A9AE93F265E6"))
        XCTAssertEqual(jpeg.count, 20_480)
        XCTAssertEqual(graph[scrapbook.id("Photo", 8)]?.value("image"), .binary([UInt8](jpeg)))
        guard case .binary(let png)? = graph[scrapbook.id("Scrapbook", 1)]?.value("coverImage") else {
            return XCTFail("Scrapbook p1 has no cover image")
        }
        XCTAssertEqual(png.count, 6_144)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        guard case .binary(let inline)? = graph[scrapbook.id("Photo", 1)]?.value("image") else {
            return XCTFail("Photo p1 has no image")
        }
        XCTAssertEqual(inline.count, 96, "97 stored bytes less the marker")
    }

    func testMissingSideFileIsAWarningAndANullValue() throws {
        let missing = "DFF75363-4E0E-48D9-9857-A9AE93F265E6"
        for shape in ExportShape.allCases {
            let scrapbook = try openScrapbook(removing: "\(Self.externalFolder)/\(missing)")
            let export = try scrapbook.export(shape)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.graph[scrapbook.id("Photo", 8)]?.value("image"), .null, "\(shape)")
            guard case .binary(let cover)? = export.graph[scrapbook.id("Scrapbook", 1)]?.value("coverImage") else {
                return XCTFail("\(shape): the other side file is no longer read")
            }
            XCTAssertEqual(cover.count, 6_144)
            XCTAssertEqual(export.warnings.count, 1, "\(shape): one missing file, one warning: \(export.warnings)")
            for warning in export.warnings {
                XCTAssertTrue(warning.message.contains("Photo p8"), "\(shape): \(warning) names the object")
                XCTAssertTrue(warning.message.contains("image"), "\(shape): \(warning) names the attribute")
                XCTAssertTrue(warning.message.contains(missing), "\(shape): \(warning) names the file")
            }
        }
    }

    // MARK: - Rows that point nowhere

    func testToOneToARowThatDoesNotExistIsLeftOutWithAWarning() throws {
        try assertDanglingLeftOut(
            edit: "UPDATE ZITEM SET ZPAGE = 999 WHERE Z_PK = 2", object: ("Note", 2), relationship: "page", expected: []
        )
    }

    func testToOneIntoAHierarchyToARowThatDoesNotExistIsLeftOutWithAWarning() throws {
        try assertDanglingLeftOut(
            edit: "UPDATE ZTAG SET ZFEATUREDITEM = 999 WHERE Z_PK = 1", object: ("Tag", 1),
            relationship: "featuredItem",
            expected: [])
    }

    func testToOneIntoAHierarchyWhoseEntityNumberDisagreesWithTheRowNeverPointsAtAMissingObject() throws {
        // Tag 1's Z1_FEATUREDITEM says Photo (4), but ZITEM row 2 is a Note: there is no Photo p2.
        for shape in ExportShape.allCases {
            let scrapbook = try openScrapbook(editing: "UPDATE ZTAG SET ZFEATUREDITEM = 2 WHERE Z_PK = 1")
            let export = try scrapbook.export(shape)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            let featured = try XCTUnwrap(export.graph[scrapbook.id("Tag", 1)]?.ids("featuredItem"))
            XCTAssertTrue(
                featured == [] || featured == [scrapbook.id("Note", 2)], "\(shape): Tag p1.featuredItem is \(featured)")
        }
    }

    func testJoinRowToARowThatDoesNotExistIsLeftOutWithAWarning() throws {
        try assertDanglingLeftOut(
            edit: "INSERT INTO Z_1TAGS (Z_1ITEMS, Z_7TAGS) VALUES (3, 99)", object: ("Photo", 3), relationship: "tags",
            expected: [("Tag", 1)])
    }

    func testEveryAttributeOfEveryObjectEqualsPlainSQL() throws {
        let scrapbook = try openScrapbook()
        let graph = try scrapbook.export(.flat).graph
        let model = scrapbook.store.model
        var compared = 0
        for entity in model.concreteEntities {
            let name = model.entities[entity].name
            let attributes = model.attributes(of: entity)
            let table = name == "Scrapbook" || name == "Page" || name == "Tag" ? "Z" + name.uppercased() : "ZITEM"
            let columns = attributes.map { Self.column(entity: name, attribute: $0.name) }
            let sql =
                "SELECT Z_PK, \(columns.joined(separator: ", ")) FROM \(table) WHERE Z_ENT = "
                + "(SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = '\(name)') ORDER BY Z_PK"
            let rows = try scrapbook.sql.rows(sql) { row in
                (row[0].integer!, (1...Int32(columns.count)).map { row[$0] })
            }
            XCTAssertEqual(graph.objects(of: name).count, rows.count, name)
            for (row, cells) in rows {
                let object = try XCTUnwrap(graph[scrapbook.id(name, row)], "\(name) p\(row)")
                XCTAssertEqual(object.attributes.map(\.name), attributes.map(\.name), "\(name) p\(row)")
                for (attribute, cell) in zip(attributes, cells) {
                    let expected = try Self.expectedValue(
                        cell, type: attribute.type, external: Self.external.contains("\(name).\(attribute.name)"),
                        folder: scrapbook.folder)
                    assertIdentical(object.value(attribute.name), expected, "\(name) p\(row).\(attribute.name)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 2 * 7 + 7 * 3 + 6 * 1 + 10 * 16 + 6 * 5 + 4 * 6)
    }

    func testTreeTopLevelIsExactlyTheObjectsWithoutOwner() throws {
        let scrapbook = try openScrapbook()
        let export = try scrapbook.export(.tree)
        let sql = scrapbook.sql
        var ownerless = try sql.integers("SELECT Z_PK FROM ZSCRAPBOOK").map { scrapbook.id("Scrapbook", $0!) }
        ownerless += try sql.integers("SELECT Z_PK FROM ZPAGE WHERE ZSCRAPBOOK IS NULL").map {
            scrapbook.id("Page", $0!)
        }
        ownerless += try sql.integers("SELECT Z_PK FROM ZTAG WHERE ZSCRAPBOOK IS NULL").map { scrapbook.id("Tag", $0!) }
        ownerless += try sql.integers("SELECT Z_PK FROM ZITEM WHERE ZPAGE IS NULL").map { try scrapbook.itemID($0!) }
        XCTAssertEqual(Set(export.graph.topLevel), Set(ownerless))
        XCTAssertEqual(export.graph.topLevel.count, ownerless.count)
        XCTAssertEqual(
            Set(export.graph.topLevel),
            [
                scrapbook.id("Scrapbook", 1), scrapbook.id("Scrapbook", 2), scrapbook.id("Photo", 11),
                scrapbook.id("Clipping", 21),
            ])
        for (row, owner) in try sql.rows("SELECT Z_PK, ZSCRAPBOOK FROM ZPAGE", { ($0[0].integer!, $0[1].integer!) }) {
            XCTAssertEqual(export.graph[scrapbook.id("Page", row)]?.parent, scrapbook.id("Scrapbook", owner))
        }
        for (row, owner) in try sql.rows("SELECT Z_PK, ZSCRAPBOOK FROM ZTAG", { ($0[0].integer!, $0[1].integer!) }) {
            XCTAssertEqual(export.graph[scrapbook.id("Tag", row)]?.parent, scrapbook.id("Scrapbook", owner))
        }
        for (row, owner) in try sql.rows(
            "SELECT Z_PK, ZPAGE FROM ZITEM WHERE ZPAGE IS NOT NULL", { ($0[0].integer!, $0[1].integer!) })
        {
            XCTAssertEqual(export.graph[try scrapbook.itemID(row)]?.parent, scrapbook.id("Page", owner))
        }
    }

    // MARK: - Many links

    func testManyToManyLinksBeyondOneQueryWindowAreAllExportedInOrder() throws {
        // Photo p1 gets 5 000 more tags: more links than one windowed query of the tree shape
        // holds (4 096 rows), so its tags come from the one-object query and the other items'
        // from windows; the new tags (Z_PK 1001–6000) span twenty windows of Tag.items.
        let scrapbook = try openScrapbook(
            editing: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
                INSERT INTO ZTAG (Z_PK, Z_ENT, Z_OPT, ZNAME) SELECT 1000 + i, 7, 1, 'bulk ' || i FROM n;
                INSERT INTO Z_1TAGS SELECT 1, Z_PK FROM ZTAG WHERE Z_PK > 1000;
                """)
        let links = try scrapbook.sql.rows("SELECT Z_1ITEMS, Z_7TAGS FROM Z_1TAGS ORDER BY 1, 2") {
            ($0[0].integer!, $0[1].integer!)
        }
        XCTAssertEqual(links.count, 5016)
        for shape in ExportShape.allCases {
            let export = try scrapbook.export(shape)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())")
            XCTAssertEqual(export.warnings, [], "\(shape)")
            let items = Dictionary(grouping: links, by: \.0).mapValues { rows in
                rows.map { scrapbook.id("Tag", $0.1) }
            }
            for (item, tags) in items {
                let id = try scrapbook.itemID(item)
                XCTAssertEqual(export.graph[id]?.ids("tags"), tags, "\(shape) \(id)")
            }
            let tags = Dictionary(grouping: links, by: \.1)
            for (tag, rows) in tags {
                let expected = try rows.map { try scrapbook.itemID($0.0) }
                XCTAssertEqual(
                    export.graph[scrapbook.id("Tag", tag)]?.ids("items"), expected, "\(shape) Tag p\(tag)")
            }
            XCTAssertEqual(export.graph.objects(of: "Tag").count, 5006, "\(shape)")
        }
    }

    // MARK: - Helpers

    /// A copy of `Samples/Scrapbook` with the store opened and the same file open for plain SQL.
    private struct OpenScrapbook {
        let folder: String
        let snapshot: StoreFolderSnapshot
        let store: CoreDataStore
        let sql: ReferenceSQL
        let warnings: CollectedWarnings
        let uuid: String
        let entityNames: [Int64: String]

        func id(_ entity: String, _ row: Int64) -> ObjectID {
            ObjectID("x-coredata://\(uuid)/\(entity)/p\(row)")
        }

        /// The id of a ZITEM row, with the concrete entity its `Z_ENT` names.
        func itemID(_ row: Int64) throws -> ObjectID {
            let number = try XCTUnwrap(try sql.value("SELECT Z_ENT FROM ZITEM WHERE Z_PK = \(row)").integer)
            return id(try XCTUnwrap(entityNames[number]), row)
        }

        func export(_ shape: ExportShape) throws -> CheckedExport {
            try CheckedExport(store, shape: shape, warnings: warnings)
        }
    }

    /// Copies the sample, applies an edit with the sqlite3 shell or removes a file, then opens it.
    private func openScrapbook(editing edit: String? = nil, removing file: String? = nil) throws -> OpenScrapbook {
        let copy = try ScrapbookCopy(for: self, editing: edit)
        if let file { try FileManager.default.removeItem(atPath: copy.folder + "/" + file) }
        let snapshot = try StoreFolderSnapshot(copy.folder)
        let warnings = CollectedWarnings()
        let store = try copy.open(onWarning: warnings.record)
        _ = warnings.take()
        let sql = try ReferenceSQL(copy.store)
        return OpenScrapbook(
            folder: copy.folder, snapshot: snapshot, store: store, sql: sql, warnings: warnings,
            uuid: try sql.storeUUID(), entityNames: try sql.entityNames())
    }

    private func assertFeaturedItems(_ scrapbook: OpenScrapbook) throws {
        let rows = try scrapbook.sql.rows("SELECT Z_PK, ZFEATUREDITEM, Z1_FEATUREDITEM FROM ZTAG") {
            ($0[0].integer!, $0[1].integer, $0[2].integer)
        }
        XCTAssertEqual(rows.count, 6)
        for shape in ExportShape.allCases {
            let graph = try scrapbook.export(shape).graph
            for (tag, item, entity) in rows {
                var expected: [ObjectID] = []
                if let item, let entity {
                    expected = [scrapbook.id(try XCTUnwrap(scrapbook.entityNames[entity]), item)]
                }
                XCTAssertEqual(graph[scrapbook.id("Tag", tag)]?.ids("featuredItem"), expected, "\(shape) Tag p\(tag)")
            }
        }
    }

    /// Exports a store edited to point at a row that is missing or of the wrong entity: in both
    /// shapes the export is valid, the relationship holds only what exists, and a warning names the
    /// object.
    private func assertDanglingLeftOut(
        edit: String, object: (entity: String, row: Int64), relationship: String, expected: [(String, Int64)],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for shape in ExportShape.allCases {
            let scrapbook = try openScrapbook(editing: edit)
            let export = try scrapbook.export(shape)
            XCTAssertTrue(export.check.isValid, "\(shape):\n\(export.check.summary())", file: file, line: line)
            XCTAssertEqual(
                export.graph[scrapbook.id(object.entity, object.row)]?.ids(relationship),
                expected.map { scrapbook.id($0.0, $0.1) }, "\(shape)", file: file, line: line)
            XCTAssertEqual(export.warnings.count, 1, "\(shape): \(export.warnings)", file: file, line: line)
            for warning in export.warnings {
                XCTAssertTrue(
                    warning.message.contains("\(object.entity)") && warning.message.contains(relationship),
                    "\(shape): \(warning) names the object and relationship", file: file, line: line)
            }
        }
    }

    /// The attributes that allow external storage, as the model file says.
    private static let external: Set<String> = ["Photo.image", "Scrapbook.coverImage"]

    /// The column of an attribute: `Z` + uppercase name; Photo's `source` collides with
    /// Clipping's (entity 2 < 4) and gets the suffix.
    private static func column(entity: String, attribute: String) -> String {
        entity == "Photo" && attribute == "source" ? "ZSOURCE1" : "Z" + attribute.uppercased()
    }

    /// The value a stored cell should export as, decoded here with Foundation.
    private static func expectedValue(_ cell: ReferenceCell, type: AttributeType, external: Bool, folder: String) throws
        -> Value
    {
        switch (type, cell) {
        case (_, .null):
            return .null
        case (.integer16, .integer(let number)), (.integer32, .integer(let number)), (.integer64, .integer(let number)):
            return .integer(number)
        case (.boolean, .integer(let number)):
            return .boolean(number == 1)
        case (.double, .real(let number)), (.float, .real(let number)):
            return .double(number)
        case (.double, .integer(let number)), (.float, .integer(let number)):
            return .double(Double(number))
        case (.decimal, .integer(let number)):
            return .decimal(String(number))
        case (.decimal, .real(let number)):
            return .decimal(try XCTUnwrap(Decimal(string: "\(number)")).description)
        case (.decimal, .text(let text)):
            return .decimal(text)
        case (.date, _):
            return try dateValue(cell)
        case (.string, .text(let text)):
            return .string(text)
        case (.uri, .text(let text)):
            return .uri(text)
        case (.uuid, .blob(let bytes)):
            return .uuid(try XCTUnwrap(UUIDValue(bytes: bytes)))
        case (.binary, .blob(let bytes)):
            return .binary(external ? try externalBytes(bytes, in: folder) : bytes)
        default:
            XCTFail("no expectation for \(type.rawValue) stored as \(cell)")
            return .null
        }
    }

    /// The bytes of a value stored with a marker: `01` + bytes, or `02` + file name + `00`.
    private static func externalBytes(_ stored: [UInt8], in folder: String) throws -> [UInt8] {
        switch stored.first {
        case 1:
            return Array(stored.dropFirst())
        case 2:
            XCTAssertEqual(stored.last, 0)
            let name = String(decoding: stored.dropFirst().dropLast(), as: UTF8.self)
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/\(externalFolder)/\(name)")))
        default:
            XCTFail("an external-storage value without a marker: \(stored.prefix(4))")
            return stored
        }
    }

    private static func seconds(_ cell: ReferenceCell) -> Double? {
        switch cell {
        case .real(let seconds): return seconds
        case .integer(let seconds): return Double(seconds)
        default: return nil
        }
    }

    private static func dateValue(_ cell: ReferenceCell) throws -> Value {
        if cell == .null { return .null }
        return .date(Timestamp(secondsSinceReferenceDate: try XCTUnwrap(seconds(cell), "a date stored as \(cell)")))
    }
}

/// Fails unless both values are present and identical down to the bits.
private func assertIdentical(
    _ actual: Value?, _ expected: Value, _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else { return XCTFail("\(message): missing", file: file, line: line) }
    XCTAssertTrue(actual.isIdentical(to: expected), "\(message): \(actual) is not \(expected)", file: file, line: line)
}
