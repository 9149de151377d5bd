import Foundation
import GraphExport
import XCTest

@testable import GraphExportPlainSQLite

/// The link-table rule's check that every row points at an existing row on both sides
/// (`LinkRowCheck`), read through each key's distinct values, its range or row by row (issue 36:
/// opening must not cost a lookup per link row): whichever way a table is checked, it is a link
/// table exactly when no row's key misses its parent, as counted row by row.
final class PlainSQLiteLinkRowCheckTests: XCTestCase {
    /// Parents: `few` (4 rows, keys 1…4), `many` (100 rows, keys 1…100, no gap), `gappy` (keys 1…100
    /// but 50), `huge` (100 keys from 2⁶²), `coded` (text keys).
    private static let parents = """
        CREATE TABLE few(id INTEGER PRIMARY KEY);
        CREATE TABLE many(id INTEGER PRIMARY KEY);
        CREATE TABLE gappy(id INTEGER PRIMARY KEY);
        CREATE TABLE huge(id INTEGER PRIMARY KEY);
        CREATE TABLE coded(code TEXT PRIMARY KEY);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
            INSERT INTO many SELECT i FROM n;
        INSERT INTO few SELECT id FROM many WHERE id <= 4;
        INSERT INTO gappy SELECT id FROM many WHERE id <> 50;
        INSERT INTO huge SELECT id + 4611686018427387903 FROM many;
        INSERT INTO coded SELECT printf('c%03d', id) FROM many;
        """

    /// A link table `name` of 200 rows, each pair once: `few` keys 1…4 against `other` keys 1…50
    /// (`other`'s key made by `value` from the number `i`), declared `type`; then `edit`.
    private static func link(
        _ name: String, other: String = "many", type: String = "INTEGER", value: String = "i", options: String = "",
        index: Bool = false, edit: String = ""
    ) -> String {
        """
        CREATE TABLE \(name)(few_id INTEGER REFERENCES few(id),
            other_id \(type) REFERENCES \(other)(\(other == "coded" ? "code" : "id")),
            PRIMARY KEY (few_id, other_id))\(options);
        WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 199),
            p(f, i) AS (SELECT k % 4 + 1, k / 4 + 1 FROM n)
            INSERT INTO \(name) SELECT f, \(value) FROM p;
        \(index ? "CREATE INDEX \(name)_other ON \(name)(other_id);" : "")
        \(edit)
        """
    }

    /// Every way a row's key can miss its parent, through every way of checking it.
    private static let links: [String] = [
        // The first key through its distinct values, the second through its range (bounds from the
        // first key's values, or from an index that leads with it).
        link("clean"),
        link("indexed", index: true),
        link("clean_without_rowid", options: " WITHOUT ROWID"),
        link("first_missing", edit: "UPDATE first_missing SET few_id = 9 WHERE few_id = 1 AND other_id = 1;"),
        link("first_null", edit: "UPDATE first_null SET few_id = NULL WHERE few_id = 1 AND other_id = 1;"),
        link("second_real", edit: "UPDATE second_real SET other_id = 5.5 WHERE few_id = 1 AND other_id = 1;"),
        link("second_text", edit: "UPDATE second_text SET other_id = 'x' WHERE few_id = 1 AND other_id = 1;"),
        link(
            "second_blob", index: true,
            edit: "UPDATE second_blob SET other_id = x'01' WHERE few_id = 1 AND other_id = 1;"),
        link("second_high", edit: "UPDATE second_high SET other_id = 101 WHERE few_id = 1 AND other_id = 1;"),
        link("second_low", index: true, edit: "UPDATE second_low SET other_id = 0 WHERE few_id = 1 AND other_id = 1;"),
        link("second_null", edit: "UPDATE second_null SET other_id = NULL WHERE few_id = 1 AND other_id = 1;"),
        link(
            "second_missing_without_rowid", options: " WITHOUT ROWID",
            edit: "UPDATE second_missing_without_rowid SET other_id = 101 WHERE few_id = 1 AND other_id = 1;"),
        // A real that is a key (no affinity keeps 5.0 a real): a parent's key all the same.
        link(
            "second_real_key", type: "",
            edit: "UPDATE second_real_key SET other_id = 5.0 WHERE few_id = 1 AND other_id = 5;"),
        // Keys with a gap, a sum beyond 64 bits, text keys: row by row.
        link("into_gap", other: "gappy", value: "i + 50"),
        link("into_gap_missing", other: "gappy", value: "i + 49"),
        link("huge_keys", other: "huge", value: "i + 4611686018427387903"),
        link("huge_missing", other: "huge", value: "i + 4611686018427387954"),
        link("text_keys", other: "coded", type: "TEXT", value: "printf('c%03d', i)"),
        link("text_missing", other: "coded", type: "TEXT", value: "printf('c%03d', i + 60)"),
    ]

    /// Each table is a link table (not an entity) exactly when counting its rows one by one finds
    /// none whose key misses its parent; each other one is named in a warning with that count.
    func testLinkTablesAreThoseWhoseRowsAllPointAtRows() throws {
        let database = try scratchDatabase(Self.parents + Self.links.joined())
        let names = try database.column(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN "
                + "('few', 'many', 'gappy', 'huge', 'coded') ORDER BY rowid"
        ).map { $0.text! }
        var dangling: [String: Int64] = [:]
        for name in names {
            let parent = try database.value(
                "SELECT \"table\" FROM pragma_foreign_key_list('\(name)') WHERE \"from\" = 'other_id'"
            ).text!
            let key = parent == "coded" ? "code" : "id"
            dangling[name] = try database.value(
                "SELECT count(*) FROM \(name) AS l LEFT JOIN few AS f ON f.id = l.few_id "
                    + "LEFT JOIN \(parent) AS p ON p.\(key) = l.other_id WHERE f.id IS NULL OR p.\(key) IS NULL"
            ).integer!
        }
        XCTAssertEqual(
            Set(dangling.filter { $0.value == 0 }.keys),
            [
                "clean", "indexed", "clean_without_rowid", "second_real_key", "into_gap", "huge_keys", "text_keys",
            ])
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let entities = Set(source.model.entities.map(\.name))
        for name in names {
            XCTAssertEqual(entities.contains(name), dangling[name]! > 0, name)
        }
        let expected = names.filter { dangling[$0]! > 0 }.map {
            "\(database.path): link table \($0) has \(dangling[$0]!) rows that point at no row; exported as an entity "
                + "so their raw values are kept"
        }
        XCTAssertEqual(warnings.takeMessages().sorted(), expected.sorted())
    }
}
