import Foundation
import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportPlugin
import GraphExportTestSupport
import GraphExportXML
import GraphExportYAML
import Prerequisites
import XCTest

/// Arrays and maps (``Value/array(_:)``, ``Value/map(_:)``) written by every writer and read back
/// with each format's standard parser (Python's json, PyYAML, plistlib, ElementTree, NetworkX).
final class StructuredValueTests: XCTestCase {
    /// One object whose attributes `tags` and `size` hold an array and a map, nested.
    private let events: [GraphEvent] = [
        .beginObject(entity: "Item", id: ObjectID("Item/1")),
        .attribute(name: "name", value: .string("first")),
        .attribute(name: "tags", value: .array([.string("a"), .integer(2), .null, .array([.boolean(true)])])),
        .attribute(name: "size", value: .map(["w": .double(0.5), "@id": .string("x"), "empty": .array([])])),
        .attribute(name: "note", value: .string("after")),
        .endObject,
    ]

    /// The two values as JSON, as the JSON-like formats give them back: `@id` escaped as `@@id`.
    private let expectedJSON = #"[["a", 2, null, [true]], {"w": 0.5, "@@id": "x", "empty": []}]"#

    /// Python that finds the first mapping holding `tags` in the parsed document `document` and
    /// prints its `tags` and `size` as JSON.
    private static let printTagsAndSize = """
        import json, sys
        def find(x):
            if isinstance(x, dict):
                if 'tags' in x: return x
                x = list(x.values())
            if isinstance(x, list):
                for y in x:
                    r = find(y)
                    if r is not None: return r
            return None
        o = find(document)
        print(json.dumps([o['tags'], o['size']]))
        """

    private func bytes(_ make: (any ByteSink) -> any GraphWriter) throws -> Data {
        Data(try written(events, by: make))
    }

    private func python(_ program: String, _ input: Data) throws -> String {
        let run: ProgramRun
        do {
            run = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program], input: input)
        } catch { throw Prerequisite.missing("python3 is not available: \(error)") }
        XCTAssertEqual(run.status, 0, "python3 failed on:\n\(String(decoding: input, as: UTF8.self))")
        return run.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testJSONWritesArraysAndObjects() throws {
        for options in [JSONOptions(), JSONOptions(pretty: true)] {
            let output = try bytes { JSONGraphWriter(sink: $0, options: options) }
            let read = try python("import json, sys\ndocument = json.load(sys.stdin)\n" + Self.printTagsAndSize, output)
            XCTAssertEqual(read, expectedJSON)
        }
    }

    func testJSONLinesWritesArraysAndObjects() throws {
        let output = try bytes { JSONLinesGraphWriter(sink: $0) }
        let read = try python(
            "import json, sys\ndocument = [json.loads(l) for l in sys.stdin]\n" + Self.printTagsAndSize, output)
        XCTAssertEqual(read, expectedJSON)
    }

    func testYAMLWritesSequencesAndMappingsInBothStyles() throws {
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0)] {
            let output = try bytes { YAMLGraphWriter(sink: $0, options: options) }
            let read = try python(
                "import yaml, sys\ndocument = yaml.safe_load(sys.stdin)\n" + Self.printTagsAndSize, output)
            XCTAssertEqual(read, expectedJSON)
        }
    }

    func testPropertyListWritesArraysAndDictionariesWithANullMarker() throws {
        let output = try bytes { PlistGraphWriter(sink: $0) }
        let read = try python(
            "import plistlib, sys\ndocument = plistlib.loads(sys.stdin.buffer.read())\n" + Self.printTagsAndSize, output
        )
        XCTAssertEqual(read, #"[["a", 2, {"@null": true}, [true]], {"w": 0.5, "@@id": "x", "empty": []}]"#)
    }

    func testGraphMLWritesJSONTextInTheDataElement() throws {
        let output = try bytes { GraphMLGraphWriter(sink: $0) }
        let program = """
            import json, sys, networkx
            graph = networkx.read_graphml(sys.stdin.buffer)
            node = graph.nodes['Item/1']
            print(json.dumps([json.loads(node['tags']), json.loads(node['size'])]))
            """
        XCTAssertEqual(try python(program, output), expectedJSON)
    }

    func testPluginEventStreamWritesJSONValuesWithTheirKind() throws {
        let output = try bytes { PluginEventStreamWriter(sink: $0, format: "csv") }
        let program = """
            import json, sys
            events = [json.loads(l) for l in sys.stdin]
            values = {e['name']: (e['type'], e['value']) for e in events if e.get('event') == 'attribute'}
            print(json.dumps([values['tags'], values['size']]))
            """
        XCTAssertEqual(
            try python(program, output),
            #"[["array", ["a", 2, null, [true]]], ["map", {"w": 0.5, "@id": "x", "empty": []}]]"#)
    }

    func testTheSamplePluginWritesArraysAndMapsAsTheirJSONText() throws {
        let stream = try bytes { PluginEventStreamWriter(sink: $0, format: "csv") }
        let plugin = Prerequisite.repository.appendingPathComponent("Samples/Plugins/graphexport-format-csv")
        let program =
            "import runpy, sys\nsys.argv = ['graphexport-format-csv']\nrunpy.run_path(\(plugin.path.debugDescription), run_name='__main__')"
        let csv = try python(program, stream)
        XCTAssertTrue(csv.contains(#"Item/1,Item,tags,array,"[""a"",2,null,[true]]""#), csv)
        XCTAssertTrue(csv.contains(#"Item/1,Item,size,map,"{""w"":0.5,""@id"":""x"",""empty"":[]}""#), csv)
    }

    func testXMLWritesItemsAndEntriesInBothStyles() throws {
        let program = """
            import sys, xml.etree.ElementTree as ET
            gx = '{urn:graphexport:1}'
            def read(e):
                kind = e.get(gx + 'type')
                if kind == 'array': return [read(c) for c in e]
                if kind == 'map': return {c.get('key'): read(c) for c in e}
                if e.get(gx + 'null') == 'true': return None
                return e.text or ''
            item = ET.parse(sys.stdin).getroot()[0]
            print(repr([item.get('name'), item.get('note'), read(item.find('tags')), read(item.find('size'))]))
            """
        for style in [XMLOptions.Style.attributes, .elements] {
            let output = try bytes {
                XMLGraphWriter(sink: $0, options: XMLOptions(pretty: style == .elements, style: style))
            }
            let read = try python(program, output)
            let scalars = style == .attributes ? "'first', 'after'" : "None, None"
            XCTAssertEqual(read, "[\(scalars), ['a', '2', None, ['true']], {'w': '0.5', '@id': 'x', 'empty': []}]")
        }
    }

    func testAValueNestedDeeperThanTheLimitIsRejectedByEveryValidatingWriter() throws {
        var deep = Value.integer(1)
        for _ in 0...Value.maximumNestingDepth { deep = .array([deep]) }
        let sink = MemorySink()
        let writer = GraphStream(JSONGraphWriter(sink: sink))
        try writer.begin(WriterChain.document)
        try writer.write(.beginObject(entity: "Item", id: ObjectID("Item/1")))
        XCTAssertThrowsError(try writer.write(.attribute(name: "deep", value: deep))) { error in
            XCTAssertEqual(error as? GraphStreamError, .valueNestedTooDeeply(name: "deep", id: "Item/1"))
        }
        var limit = Value.integer(1)
        for _ in 1...Value.maximumNestingDepth { limit = .array([limit]) }
        XCTAssertFalse(limit.isNestedTooDeeply)
        XCTAssertTrue(deep.isNestedTooDeeply)
    }
}
