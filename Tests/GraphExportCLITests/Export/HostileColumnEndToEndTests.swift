import Foundation
import GraphExportTestSupport
import Prerequisites
import XCTest

/// Columns of a plain SQLite database named like the formats' markers (`@id`, `@type`, `@@id`,
/// `@source`, `@graph`, …), exported by the command and read back by each format's usual reader:
/// the markers stay the markers and every column comes back under its escaped key (`@` + name).
final class HostileColumnEndToEndTests: XCTestCase {
    private func export(_ format: String, shape: String = "flat") throws -> ProgramRun {
        let folder = try ScratchDatabase.make("hostile.sqlite", sql: HostileColumns.sql, for: self)
        let result = try CommandRunner.assertSucceeds(
            ["--format", format, "--shape", shape, "hostile.sqlite"], in: folder)
        return result
    }

    /// Checks Item/1 as a reader returned it: the markers, and each column under `@` + its name
    /// (`nil` values absent where the format has no null).
    private func check(
        _ item: [String: Any]?, _ format: String, hasNull: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let item else { return XCTFail("\(format): no Item/1", file: file, line: line) }
        XCTAssertEqual(item["@id"] as? String, "Item/1", format, file: file, line: line)
        XCTAssertEqual(item["@type"] as? String, "Item", format, file: file, line: line)
        for (column, value) in HostileColumns.firstItem {
            let key = "@" + column
            if let value {
                XCTAssertEqual(item[key] as? String, value, "\(format) \(key)", file: file, line: line)
            } else if hasNull {
                XCTAssertTrue(item[key] is NSNull, "\(format) \(key): \(item[key] ?? "absent")", file: file, line: line)
            } else {
                XCTAssertNil(item[key], "\(format) \(key)", file: file, line: line)
            }
        }
        XCTAssertEqual((item["@@owner_id"] as? NSNumber)?.intValue, 1, format, file: file, line: line)
    }

    private func item(in graph: Any?) -> [String: Any]? {
        (graph as? [[String: Any]])?.first { $0["@id"] as? String == "Item/1" }
    }

    func testJSONAndJSONLinesKeepMarkersAndColumnsApart() throws {
        check(item(in: try export("json").json()["@graph"]), "json")
        let tree = try export("json", shape: "tree").json()
        let owner = try XCTUnwrap((tree["@graph"] as? [[String: Any]])?.first)
        XCTAssertEqual(owner["@@type"] as? String, "Item")
        check(item(in: owner["items"]), "json tree")
        let lines = try export("jsonl").standardOutput.split(separator: UInt8(ascii: "\n"))
        check(item(in: try lines.map { try JSONSerialization.jsonObject(with: Data($0)) }), "jsonl")
    }

    func testPropertyListKeepsMarkersAndColumnsApart() throws {
        let plist = try PropertyListSerialization.propertyList(from: try export("plist").standardOutput, format: nil)
        let item = item(in: (plist as? [String: Any])?["@graph"])
        check(item, "plist", hasNull: false)
        XCTAssertEqual(item?["@null"] as? [String], ["@@null"], "@null lists the key the column would have")
    }

    func testYAMLReadByPyYAMLKeepsMarkersAndColumnsApart() throws {
        let program = """
            import sys, json, yaml
            document = yaml.safe_load(sys.stdin.buffer)
            print(json.dumps([o for o in document["@graph"] if o["@id"] == "Item/1"][0]))
            """
        let text = try Python.run(program, input: try export("yaml").standardOutput)
        check(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "yaml")
    }

    func testGraphMLReadByNetworkXKeepsTheEntityKeyAndColumnsApart() throws {
        let program = """
            import sys, json, networkx
            graph = networkx.read_graphml(sys.stdin.buffer)
            print(json.dumps(dict(graph.nodes["Item/1"], **{"@id": "Item/1"})))
            """
        let text = try Python.run(program, input: try export("graphml").standardOutput)
        check(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "graphml", hasNull: false)
    }

    func testXMLNeedsNoEscapeItsMarkersAreInTheirOwnNamespace() throws {
        let text = try export("xml").text
        XCTAssertTrue(text.contains(#"<Item gx:id="Item/1" id="1" _x0040_id="Item/2" _x0040_type="Owner""#), text)
        XCTAssertTrue(text.contains(#"_x0040__x0040_id="@id""#), text)
    }
}
