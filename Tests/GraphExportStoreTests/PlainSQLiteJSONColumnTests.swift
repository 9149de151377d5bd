import Foundation
import GraphExport
import XCTest

@testable import GraphExportStore

/// `--json-columns`: JSON arrays and objects in text become arrays and maps, exactly.
final class PlainSQLiteJSONColumnTests: XCTestCase {
    /// A Chinook-like table whose `meta` column holds JSON, and one row that is not.
    private func tracks() throws -> PlainDatabase {
        try PlainDatabase(
            try PlainScratchFolder(for: self),
            sql: #"""
                CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, meta JSON, note TEXT);
                INSERT INTO Track VALUES (1, 'Balls to the Wall',
                    '{"composers": ["U. Dirkschneider", "W. Hoffmann"], "bytes": 9223372036854775807, "ratio": 0.1,
                      "live": false, "video": null, "tags": {"@id": "x", "nested": [[1.5e3, -0]]}, "é\u00e9": "\ud83c\udfb5"}',
                    'plain text');
                INSERT INTO Track VALUES (2, 'Fast As a Shark', '  [ ]  ', '42');
                INSERT INTO Track VALUES (3, 'Restless and Wild', '{"unclosed": [1, 2}', '"a JSON string"');
                INSERT INTO Track VALUES (4, 'Princess of the Dawn', '[1,]', NULL);
                """#)
    }

    func testJSONArraysAndObjectsBecomeArraysAndMapsWithExactNumbers() throws {
        let database = try tracks()
        let warnings = PlainWarnings()
        let source = try openPlain(database.path, options: SQLiteSourceOptions(jsonColumns: true), warnings: warnings)
        let (tree, _) = try PlainExport.both(source, warnings: warnings)
        let expected: Value = .map([
            "composers": .array([.string("U. Dirkschneider"), .string("W. Hoffmann")]),
            "bytes": .integer(.max), "ratio": .double(0.1), "live": .boolean(false), "video": .null,
            "tags": .map(["@id": .string("x"), "nested": .array([.array([.double(1500), .integer(0)])])]),
            "éé": .string("🎵"),
        ])
        let meta = try XCTUnwrap(tree.graph.object("Track/1").value("meta"))
        XCTAssertTrue(meta.isIdentical(to: expected), "\(meta)")
        XCTAssertEqual(try tree.graph.object("Track/2").value("meta"), .array([]))
        XCTAssertEqual(try tree.graph.object("Track/1").value("note"), .string("plain text"))
        XCTAssertEqual(try tree.graph.object("Track/2").value("note"), .string("42"), "JSON scalars stay text")
        XCTAssertEqual(try tree.graph.object("Track/3").value("note"), .string("\"a JSON string\""))
        XCTAssertEqual(try tree.graph.object("Track/3").value("meta"), .string(#"{"unclosed": [1, 2}"#))
        XCTAssertEqual(try tree.graph.object("Track/4").value("meta"), .string("[1,]"))
        let messages = tree.warnings
        XCTAssertEqual(messages.filter { $0.contains("Track.meta") }.count, 1, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("Track.meta") && $0.contains("Track/3") }, "\(messages)")
        XCTAssertEqual(messages.filter { $0.contains("Track.note") }.count, 1, "'plain text' is no JSON: \(messages)")
    }

    func testWithoutTheOptionJSONTextStaysAStringWithoutWarnings() throws {
        let database = try tracks()
        let warnings = PlainWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let (tree, _) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(try tree.graph.object("Track/2").value("meta"), .string("  [ ]  "))
        XCTAssertEqual(tree.warnings, [])
    }

    func testTheReaderIsStrictAndBoundsNesting() {
        XCTAssertEqual(
            JSONColumnText.read(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)),
            .structured((0..<63).reduce(Value.array([])) { value, _ in .array([value]) }))
        XCTAssertEqual(
            JSONColumnText.read(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)), .notJSON)
        for text in [
            "[01]", "[1.]", "[.5]", "{\"a\" 1}", "{'a': 1}", "[\"\\ud800\"]", "[\"\t\"]", "[] []", "[+1]", "[NaN]",
        ] {
            XCTAssertEqual(JSONColumnText.read(text), .notJSON, text)
        }
        XCTAssertEqual(
            JSONColumnText.read("[9223372036854775808, -9223372036854775808, 1e2]"),
            .structured(.array([.double(9_223_372_036_854_775_808), .integer(.min), .double(100)])))
        XCTAssertEqual(
            JSONColumnText.read(#"["\"\\\/\b\f\n\r\t\u0041"]"#),
            .structured(.array([.string("\"\\/\u{8}\u{C}\n\r\tA")])))
        XCTAssertEqual(JSONColumnText.read("true"), .scalar)
    }
}
