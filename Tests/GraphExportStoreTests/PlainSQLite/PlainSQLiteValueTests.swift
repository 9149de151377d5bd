import Foundation
import GraphExport
import XCTest

@testable import GraphExportPlainSQLite
@testable import GraphExportSQLite

/// Values, attribute types and what is left out, in databases made by the tests.
final class PlainSQLiteValueTests: XCTestCase {
    func testWithRawValuesValuesKeepTheirStorageClassWhateverTheColumnSays() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE item(id INTEGER PRIMARY KEY, count INTEGER, price NUMERIC, data BLOB, anything,
                flag BOOLEAN, born DATETIME, ratio REAL, doc TEXT);
            INSERT INTO item VALUES (1, 'many', '1.50', x'00ff', 2.5, 1, '2001-01-01', 1, '{"a": [1, 2]}');
            INSERT INTO item VALUES (2, 7, 'cheap', 'text, not bytes', x'01', 'yes', 0, NULL, NULL);
            INSERT INTO item VALUES (3, 9223372036854775807, '0.25', x'', CAST(x'ff41' AS TEXT), 2, NULL, 1e300,
                'Grüße 🎵');
            """)
        let expected: [String: Value] = [
            "item/1.count": .string("many"), "item/1.price": .double(1.5), "item/1.data": .binary([0, 255]),
            "item/1.anything": .double(2.5), "item/1.flag": .integer(1), "item/1.born": .string("2001-01-01"),
            "item/1.ratio": .double(1), "item/1.doc": .string("{\"a\": [1, 2]}"),
            "item/2.count": .integer(7), "item/2.price": .string("cheap"), "item/2.data": .string("text, not bytes"),
            "item/2.anything": .binary([1]), "item/2.flag": .string("yes"), "item/2.born": .integer(0),
            "item/2.ratio": .null, "item/2.doc": .null,
            "item/3.count": .integer(.max), "item/3.price": .double(0.25), "item/3.data": .binary([]),
            "item/3.anything": .binary([0xFF, 0x41]),
            "item/3.flag": .integer(2), "item/3.ratio": .double(1e300), "item/3.doc": .string("Grüße 🎵"),
        ]
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, options: SQLiteSourceOptions(rawValues: true), warnings: warnings)
        XCTAssertEqual(source.columnTypings, [Array(repeating: .stored, count: 9)])
        let (tree, flat) = try PlainExport.both(source, warnings: warnings)
        for export in [tree, flat] {
            for (path, value) in expected {
                let parts = path.split(separator: ".")
                let object = try export.graph.object(String(parts[0]))
                XCTAssertTrue(object.value(String(parts[1]))?.isIdentical(to: value) == true, "\(path): \(object)")
            }
        }
        XCTAssertEqual(tree.warnings.count, 1, "the text that is not UTF-8: \(tree.warnings)")
        XCTAssertTrue(tree.warnings.first?.contains("item/3 anything") ?? false, "\(tree.warnings)")
        let item = try XCTUnwrap(source.model.index(of: "item"))
        XCTAssertEqual(
            source.model.attributes(of: item).map(\.type),
            [.integer64, .integer64, .decimal, .binary, .binary, .decimal, .decimal, .double, .string],
            "the affinities' types: the BOOLEAN and DATETIME columns are not typed")
        XCTAssertEqual(try database.value("SELECT typeof(count) FROM item WHERE id = 1"), .text("text"))
    }

    /// BOOLEAN, DATE, DATETIME, TIMESTAMP and TIME columns are typed value by value: what fits is a
    /// boolean or ISO 8601 text, what does not is written as stored, with one warning per column
    /// naming the first object that holds such a value.
    func testBooleanAndDateColumnsAreTypedWhereTheValuesFit() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE event(id INTEGER PRIMARY KEY, active BOOLEAN, done BOOL, day DATE, at DATETIME,
                stamp TIMESTAMP, clock TIME, count INTEGER, label TEXT);
            INSERT INTO event VALUES (1, 1, 0, '2006-02-14', '2006-02-14 22:04:36', '2006-02-14T22:04:36.123+02:00',
                '22:04', 1, 'a');
            INSERT INTO event VALUES (2, 0, 1, '2008-02-29', '2006-02-14 22:04', '2006-02-14T22:04:36z',
                '22:04:36.5-05:30', 0, 'b');
            INSERT INTO event VALUES (3, 2, 'yes', '2006-02-29', 1139954676, '2006-02-14 22:04:36 +02:00', 'noon',
                2, 'c');
            INSERT INTO event VALUES (4, NULL, x'01', '2006-13-01', 2453781.5, '2006-02-14T24:00:00', '7', NULL,
                NULL);
            -- '7' in a column of NUMERIC affinity (TIME) is stored as the integer 7.
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        XCTAssertEqual(
            source.columnTypings, [[.stored, .boolean, .boolean, .date, .date, .date, .date, .stored, .stored]])
        let event = try XCTUnwrap(source.model.index(of: "event"))
        XCTAssertEqual(
            source.model.attributes(of: event).map(\.type),
            [.integer64, .boolean, .boolean, .date, .date, .date, .date, .integer64, .string])
        let (tree, flat) = try PlainExport.both(source, warnings: warnings)
        let expected: [String: [Value]] = [
            "active": [.boolean(true), .boolean(false), .integer(2), .null],
            "done": [.boolean(false), .boolean(true), .string("yes"), .binary([1])],
            "day": [.string("2006-02-14"), .string("2008-02-29"), .string("2006-02-29"), .string("2006-13-01")],
            "at": [
                .string("2006-02-14T22:04:36"), .string("2006-02-14T22:04:00"), .integer(1_139_954_676),
                .double(2_453_781.5),
            ],
            "stamp": [
                .string("2006-02-14T22:04:36.123+02:00"), .string("2006-02-14T22:04:36Z"),
                .string("2006-02-14 22:04:36 +02:00"), .string("2006-02-14T24:00:00"),
            ],
            "clock": [.string("22:04:00"), .string("22:04:36.5-05:30"), .string("noon"), .integer(7)],
            "count": [.integer(1), .integer(0), .integer(2), .null],
        ]
        for export in [tree, flat] {
            for (name, values) in expected {
                for (row, value) in values.enumerated() {
                    let object = try export.graph.object("event/\(row + 1)")
                    XCTAssertTrue(
                        object.value(name)?.isIdentical(to: value) == true, "\(name) of \(object.id): \(object)")
                }
            }
        }
        let messages = tree.warnings
        XCTAssertEqual(messages.count, 6, "one per typed column with a value that does not fit: \(messages)")
        for (column, first) in [
            ("active", "event/3"), ("done", "event/3"), ("day", "event/3"), ("at", "event/3"), ("stamp", "event/3"),
            ("clock", "event/3"),
        ] {
            XCTAssertEqual(
                messages.filter { $0.contains("event.\(column) (") && $0.contains("in \(first),") }.count, 1,
                "\(column): \(messages)")
        }
        XCTAssertEqual(flat.warnings, [], "each column is reported once, not once per export")
    }

    func testJSONTextStaysAString() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE doc(id INTEGER PRIMARY KEY, body JSON);
            INSERT INTO doc VALUES (1, '{"k": 1}');
            """)
        let (_, tree, _) = try PlainExport.both(database)
        XCTAssertEqual(try tree.graph.object("doc/1").value("body"), .string("{\"k\": 1}"))
    }

    func testViewsVirtualAndInternalTablesAreLeftOutUnlessViewsAreAskedFor() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE t(id INTEGER PRIMARY KEY, x TEXT);
            INSERT INTO t VALUES (1, 'a'), (2, 'b');
            CREATE VIEW v AS SELECT x, id * 10 AS tenfold FROM t ORDER BY id DESC;
            CREATE TABLE gone(y);
            CREATE VIEW broken AS SELECT y FROM gone;
            DROP TABLE gone;
            CREATE TABLE s(id INTEGER PRIMARY KEY AUTOINCREMENT, y TEXT);
            INSERT INTO s(y) VALUES ('z');
            ANALYZE;
            """)
        if PlainDatabase.hasFTS5 {
            try database.execute("CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('searchable');")
        }
        XCTAssertFalse(try database.column("SELECT name FROM sqlite_schema WHERE name LIKE 'sqlite_%'").isEmpty)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        XCTAssertEqual(source.model.entities.map(\.name), ["t", "s"])
        XCTAssertEqual(warnings.takeMessages(), [])

        let withViews = try openPlain(database.path, options: .init(includeViews: true), warnings: warnings)
        XCTAssertEqual(withViews.model.entities.map(\.name), ["t", "v", "s"])
        let opening = warnings.takeMessages()
        XCTAssertEqual(opening.count, 1, "the broken view: \(opening)")
        XCTAssertTrue(opening.first?.contains("broken") ?? false, "\(opening)")
        let (tree, flat) = try PlainExport.both(withViews, warnings: warnings)
        XCTAssertEqual(flat.graph.objects(of: "v").map(\.id), ["v/#1", "v/#2"])
        XCTAssertEqual(try tree.graph.object("v/#1").value("tenfold"), .integer(20))
        let view = try XCTUnwrap(withViews.model.index(of: "v"))
        XCTAssertEqual(try withViews.record(ObjectKey(entity: view, row: 2))?.values, [.string("a"), .integer(10)])
        XCTAssertNil(try withViews.record(ObjectKey(entity: view, row: 3)))
    }

    func testFilesThatCannotBeReadOrAreNoDatabaseAreErrors() throws {
        let folder = try ScratchFolder(for: self)
        let missing = folder.path("missing.sqlite")
        XCTAssertThrowsError(try openPlain(missing, warnings: CollectedWarnings())) { error in
            guard case .cannotRead(let path, _) = error as? PlainSQLiteError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, missing)
        }
        let text = folder.path("notes.txt")
        try Data(repeating: UInt8(ascii: "x"), count: 4096).write(to: URL(fileURLWithPath: text))
        XCTAssertThrowsError(try openPlain(text, warnings: CollectedWarnings())) { error in
            XCTAssertEqual(error as? PlainSQLiteError, .notADatabase(path: text))
        }
        let empty = folder.path("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: empty))
        XCTAssertThrowsError(try openPlain(empty, warnings: CollectedWarnings())) { error in
            XCTAssertEqual(error as? SQLiteError, .emptyStore(path: empty), "an empty file is no database")
        }
    }

    func testWALDatabaseIsReadFromAPrivateCopy() throws {
        let folder = try ScratchFolder(for: self)
        let database = try PlainDatabase(
            walIn: folder,
            sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, x TEXT); INSERT INTO t VALUES (1, 'only in the WAL');")
        let before = try folder.snapshot()
        XCTAssertNotNil(before["test.sqlite-wal"])
        try ScratchFolder(for: self).withTemporaryFolder { temporary in
            do {
                let source = try openPlain(database.path, warnings: CollectedWarnings())
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary).count, 1)
                let (tree, _) = try PlainExport.both(source, warnings: CollectedWarnings())
                XCTAssertEqual(try tree.graph.object("t/1").value("x"), .string("only in the WAL"))
            }
            XCTAssertEqual(try folder.snapshot(), before, "reading changed the folder")
            XCTAssertEqual(
                try FileManager.default.subpathsOfDirectory(atPath: temporary), [], "the private copy is left behind")
        }
    }
}
