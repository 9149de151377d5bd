import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportPlainSQLite

/// Exports `shared/data/chinook/Chinook.sqlite` (copied first) as a plain database and checks it
/// against the same file read with plain SQL.
final class PlainSQLiteChinookTests: XCTestCase {
    private static let entityTables = [
        "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist", "Track",
    ]

    private struct Chinook {
        let source: SQLiteDatabaseSource
        /// The copy, open for plain SQL.
        let sql: PlainDatabase
        let tree: PlainExport
        let flat: PlainExport
        let openingWarnings: [String]
    }

    /// One export in each shape for the whole class: checking 6 892 objects twice takes seconds
    /// in a debug build.
    nonisolated(unsafe) private static var shared: Chinook?

    override class func tearDown() {
        if let copy = shared?.sql.path {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: copy).deletingLastPathComponent())
        }
        shared = nil
        super.tearDown()
    }

    private func exportChinook() throws -> Chinook {
        if let shared = Self.shared { return shared }
        let original = try PlainTestInputs.chinook()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("PlainSQLiteChinookTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Chinook.sqlite").path
        try FileManager.default.copyItem(atPath: original.path, toPath: path)
        let log = CollectedWarnings()
        let source = try openPlain(path, warnings: log)
        let openingWarnings = log.takeMessages()
        let (tree, flat) = try PlainExport.both(source, warnings: log)
        let chinook = Chinook(
            source: source, sql: try PlainDatabase(path, readOnly: true), tree: tree, flat: flat,
            openingWarnings: openingWarnings)
        Self.shared = chinook
        return chinook
    }

    func testEveryRowOfTheTenEntityTablesIsOneObjectInBothShapes() throws {
        let chinook = try exportChinook()
        XCTAssertEqual(chinook.openingWarnings, [])
        XCTAssertTrue(chinook.tree.check.isValid, chinook.tree.check.summary())
        XCTAssertTrue(chinook.flat.check.isValid, chinook.flat.check.summary())
        XCTAssertEqual(chinook.source.model.entities.map(\.name), Self.entityTables, "PlaylistTrack is a link table")
        var expected: [String: Int] = [:]
        for table in Self.entityTables {
            expected[table] = Int(try XCTUnwrap(try chinook.sql.value("SELECT count(*) FROM \"\(table)\"").integer))
        }
        XCTAssertEqual(expected.values.reduce(0, +), 6892)
        for export in [chinook.tree, chinook.flat] {
            XCTAssertEqual(export.graph.counts, expected)
            XCTAssertEqual(export.check.objectCount, 6892)
            XCTAssertEqual(export.warnings, [])
        }
    }

    func testEveryPlaylistTrackRowIsOnePlaylistTrackLink() throws {
        let chinook = try exportChinook()
        let rows = try chinook.sql.rows("SELECT PlaylistId, TrackId FROM PlaylistTrack").map {
            "Playlist/\($0[0].integer!)>Track/\($0[1].integer!)"
        }
        XCTAssertEqual(rows.count, 8715)
        for export in [chinook.tree, chinook.flat] {
            let pairs = export.graph.objects(of: "Playlist").flatMap { playlist in
                playlist.ids("tracks")!.map { "\(playlist.id)>\($0)" }
            }
            XCTAssertEqual(pairs.count, 8715)
            XCTAssertEqual(Set(pairs), Set(rows))
            let inverse = export.graph.objects(of: "Track").flatMap { track in
                track.ids("playlists")!.map { "\($0)>\(track.id)" }
            }
            XCTAssertEqual(inverse.count, 8715)
            XCTAssertEqual(Set(inverse), Set(rows))
        }
        let listed = try chinook.sql.column("SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = 1 ORDER BY rowid")
        XCTAssertEqual(
            try chinook.tree.graph.object("Playlist/1").ids("tracks"), listed.map { "Track/\($0.integer!)" },
            "a playlist lists its tracks in the link table's order")
    }

    func testTreeNestsTracksUnderAlbumsAlbumsUnderArtistsAndLinesUnderInvoices() throws {
        let chinook = try exportChinook()
        let graph = chinook.tree.graph
        let nesting = [
            ("Album", "SELECT AlbumId, 'Artist/' || ArtistId FROM Album"),
            ("Track", "SELECT TrackId, 'Album/' || AlbumId FROM Track"),
            ("InvoiceLine", "SELECT InvoiceLineId, 'Invoice/' || InvoiceId FROM InvoiceLine"),
            ("Invoice", "SELECT InvoiceId, 'Customer/' || CustomerId FROM Invoice"),
        ]
        for (table, sql) in nesting {
            for row in try chinook.sql.rows(sql) {
                XCTAssertEqual(try graph.object("\(table)/\(row[0].integer!)").parent, row[1].text, table)
            }
        }
        for topLevel in ["Artist", "Customer", "Employee", "Genre", "MediaType", "Playlist"] {
            XCTAssertTrue(graph.objects(of: topLevel).allSatisfy { $0.parent == nil }, topLevel)
        }
        XCTAssertEqual(chinook.tree.check.maxDepth, 3, "Artist > Album > Track, Customer > Invoice > InvoiceLine")
    }

    func testGenresAndPlaylistsReferenceTracksNestedElsewhere() throws {
        let chinook = try exportChinook()
        let graph = chinook.tree.graph
        let rockTracks = try chinook.sql.column("SELECT TrackId FROM Track WHERE GenreId = 1 ORDER BY TrackId")
        let rock = try graph.object("Genre/1")
        XCTAssertEqual(rock.ids("tracks"), rockTracks.map { "Track/\($0.integer!)" })
        for id in rock.ids("tracks")! {
            XCTAssertEqual(try graph.object(id).parent?.hasPrefix("Album/"), true, id)
        }
        XCTAssertTrue(graph.objects(of: "Track").allSatisfy { $0.parent?.hasPrefix("Album/") ?? true })
    }

    func testEmployeesReferenceTheirManagersAndNestNobody() throws {
        let chinook = try exportChinook()
        let graph = chinook.tree.graph
        for row in try chinook.sql.rows("SELECT EmployeeId, ReportsTo FROM Employee") {
            let employee = try graph.object("Employee/\(row[0].integer!)")
            XCTAssertNil(employee.parent)
            XCTAssertEqual(employee.value("ReportsTo"), row[1].integer.map(Value.integer) ?? .null)
            XCTAssertEqual(employee.ids("reportsToRef"), row[1].integer.map { ["Employee/\($0)"] } ?? [])
        }
        let reports = try chinook.sql.column("SELECT EmployeeId FROM Employee WHERE ReportsTo = 1 ORDER BY EmployeeId")
        XCTAssertEqual(try graph.object("Employee/1").ids("employees"), reports.map { "Employee/\($0.integer!)" })
        let customers = try chinook.sql.column(
            "SELECT CustomerId FROM Customer WHERE SupportRepId = 3 ORDER BY CustomerId")
        XCTAssertEqual(try graph.object("Employee/3").ids("customers"), customers.map { "Customer/\($0.integer!)" })
        XCTAssertTrue(graph.objects(of: "Customer").allSatisfy { $0.parent == nil }, "a support rep owns nobody")
    }

    func testModelNamesTypesAndOwnersFollowTheDocumentedRules() throws {
        let chinook = try exportChinook()
        let model = chinook.source.model
        func relationships(_ entity: String) throws -> [String] {
            model.relationships(of: try XCTUnwrap(model.index(of: entity))).map(\.name)
        }
        XCTAssertEqual(try relationships("Track"), ["album", "mediaType", "genre", "invoiceLines", "playlists"])
        XCTAssertEqual(try relationships("Album"), ["artist", "tracks"])
        XCTAssertEqual(
            try relationships("Employee"), ["reportsToRef", "customers", "employees"],
            "'reportsTo' would differ from the column ReportsTo only by case")
        XCTAssertEqual(try relationships("Customer"), ["supportRep", "invoices"])
        XCTAssertEqual(try relationships("Invoice"), ["customer", "invoiceLines"])
        XCTAssertEqual(try relationships("InvoiceLine"), ["invoice", "track"])
        XCTAssertEqual(try relationships("Playlist"), ["tracks"])
        let track = try XCTUnwrap(model.index(of: "Track"))
        XCTAssertEqual(
            model.attributes(of: track).map(\.name),
            ["TrackId", "Name", "AlbumId", "MediaTypeId", "GenreId", "Composer", "Milliseconds", "Bytes", "UnitPrice"])
        XCTAssertEqual(
            model.attributes(of: track).map(\.type),
            [.integer64, .string, .integer64, .integer64, .integer64, .string, .integer64, .integer64, .decimal])
        let owners = ["Track": ["album"], "Album": ["artist"], "InvoiceLine": ["invoice"], "Invoice": ["customer"]]
        for entity in model.entities.indices {
            let names = model.ownerRelationships(of: entity).map { model.relationships(of: entity)[$0].name }
            XCTAssertEqual(names, owners[model.entities[entity].name] ?? [], model.entities[entity].name)
        }
    }

    func testValuesAreWrittenAsStored() throws {
        let chinook = try exportChinook()
        let graph = chinook.flat.graph
        guard case .real(let price) = try chinook.sql.value("SELECT UnitPrice FROM Track WHERE TrackId = 1") else {
            return XCTFail("Chinook's UnitPrice is stored as REAL")
        }
        XCTAssertEqual(try graph.object("Track/1").value("UnitPrice"), .double(price))
        XCTAssertEqual(try graph.object("Track/1").value("Bytes"), .integer(11_170_334))
        XCTAssertEqual(try graph.object("Track/1").value("AlbumId"), .integer(1), "the key column stays an attribute")
        XCTAssertEqual(try graph.object("Track/1").ids("album"), ["Album/1"])
        let unicode = try XCTUnwrap(
            try chinook.sql.rows("SELECT ArtistId, Name FROM Artist WHERE Name GLOB '*[^ -~]*' ORDER BY ArtistId")
                .first)
        let name = try XCTUnwrap(unicode[1].text)
        XCTAssertTrue(name.unicodeScalars.contains { $0.value > 0x7F }, name)
        XCTAssertEqual(try graph.object("Artist/\(unicode[0].integer!)").value("Name"), .string(name))
        XCTAssertEqual(
            try graph.object("Employee/1").value("BirthDate"), .string("1962-02-18T00:00:00"),
            "DATETIME text in its ISO 8601 form, without a time zone (it names none)")
        let composer = try XCTUnwrap(try chinook.sql.value("SELECT Composer FROM Track WHERE TrackId = 2").text)
        XCTAssertEqual(try graph.object("Track/2").value("Composer"), .string(composer))
        XCTAssertEqual(chinook.flat.export.recording.document?.sourceKind, "SQLite database")
        XCTAssertEqual(chinook.flat.export.recording.document?.source, chinook.sql.path)
    }

    /// Every value is the stored one, except the DATETIME columns' text, which is written in its ISO
    /// 8601 form: the form SQLite's own `strftime` gives it (Chinook's dates have no fraction).
    func testEveryValueIsTheStoredValueOrTheDateSQLiteReads() throws {
        let chinook = try exportChinook()
        for table in Self.entityTables {
            let columns = try chinook.sql.column("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
            let selected = try chinook.sql.rows("SELECT name, type FROM pragma_table_info('\(table)') ORDER BY cid")
                .map { row in
                    let name = "\"\(row[0].text!)\""
                    return row[1].text == "DATETIME" ? "strftime('%Y-%m-%dT%H:%M:%S', \(name))" : name
                }
            for row in try chinook.sql.rows("SELECT \(selected.joined(separator: ", ")) FROM \"\(table)\"") {
                let object = try chinook.tree.graph.object("\(table)/\(row[0].integer!)")
                XCTAssertEqual(object.attributes.map(\.name), columns.map { $0.text! })
                for (attribute, cell) in zip(object.attributes, row) where attribute.value != Self.value(cell) {
                    XCTFail("\(object.id).\(attribute.name) is \(attribute.value), SQL has \(cell)")
                }
            }
        }
    }

    private static func value(_ cell: ReferenceCell) -> Value {
        switch cell {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .double(number)
        case .text(let text): return .string(text)
        case .blob(let bytes): return .binary(bytes)
        }
    }

    func testReadingLeavesTheFolderUntouched() throws {
        let scratch = try ScratchFolder(for: self)
        let path = try scratch.copy(try PlainTestInputs.chinook())
        let before = try scratch.snapshot()
        do {
            let source = try openPlain(path, warnings: CollectedWarnings())
            _ = try PlainExport(source, shape: .tree, warnings: CollectedWarnings())
        }
        XCTAssertEqual(try scratch.snapshot(), before, "the export changed the folder")
    }
}
