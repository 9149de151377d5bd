import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// The change marks of an export of what changed since a history token (`@changed`, `@deleted`),
/// as each writer writes them in its own idiom: the stream ``NestingStreams/changes`` by every
/// writer, its output holding what `docs/FORMATS.md` says it holds.
final class ChangeMarkTests: XCTestCase {
    /// What each writer's output of ``NestingStreams/changes`` holds, as text.
    private let expected: [String: [String]] = [
        "JSON": [#""@changed":["x","@@id","items"]"#, #""@type":"B","@changed":[]"#, #""@deleted":true,"x":3"#],
        "JSON pretty": [#""@changed": ["x","@@id","items"]"#, #""@deleted": true"#],
        "JSON Lines": [
            #""@type":"A","@changed":["x","@@id","items"],"x":null"#, #""@type":"A","@deleted":true,"x":3}"#,
        ],
        "YAML": [#""@changed":"#, #"- "@@id""#, #""@deleted": true"#],
        "YAML flow": [#""@changed": [x, "@@id", items]"#, #""@deleted": true"#],
        "YAML one level": ["\"@changed\":\n  - x\n  - \"@@id\"", #""@changed": []"#, #""@deleted": true"#],
        "XML attributes": [
            #"gx:id="A/1" gx:changed="x _x0040_id items""#, #"gx:changed="""#,
            #"<gx:tombstone gx:type="A" gx:id="A/4" x="3"/>"#,
        ],
        "XML elements": [
            #"gx:id="A/1" gx:changed="x _x0040_id items""#, "<gx:tombstone gx:type=\"A\" gx:id=\"A/4\">\n    <x>3</x>",
        ],
        "property list": [
            "<key>@changed</key><array><string>x</string><string>@@id</string><string>items</string></array>",
            "<key>@changed</key><array/>", "<key>@deleted</key><true/>",
        ],
        "GraphML": [
            #"<key id="changed" for="node" attr.name="@changed" attr.type="string"/>"#,
            #"<key id="deleted" for="node" attr.name="@deleted" attr.type="boolean"/>"#,
            #"<data key="changed">[&quot;x&quot;,&quot;@@id&quot;,&quot;items&quot;]</data>"#,
            #"<data key="deleted">true</data>"#,
        ],
        "plugin event stream": [
            #"{"event":"changed","properties":["x","@id","items"]}"#, #"{"event":"changed","properties":[]}"#,
            #"{"event":"deleted"}"#,
        ],
    ]

    func testEveryWriterWritesTheChangeMarksInItsIdiom() throws {
        XCTAssertEqual(Set(expected.keys), Set(everyWriterIgnoringWarnings.map(\.name)), "every writer is checked")
        for (name, make) in everyWriterIgnoringWarnings {
            let text = String(decoding: try written(NestingStreams.changes, by: make), as: UTF8.self)
            for fragment in expected[name] ?? [] {
                XCTAssertTrue(text.contains(fragment), "\(name) lacks \(fragment):\n\(text)")
            }
        }
    }

    func testARowCarriesItsChangedPropertiesAsTheEventsWould() throws {
        let row = { (values: [RowValue]) in
            ObjectRow(
                entity: 0, entityName: "A", attributeNames: ["x"], id: ObjectID("A/1"), values: values,
                changedProperties: ["x", "@id"])
        }
        for (name, make) in everyWriterIgnoringWarnings {
            let sink = MemorySink()
            let writer = GraphStream(make(sink))
            try writer.begin(WriterChain.document)
            try writer.beginObject(row([.integer(1)]))
            try writer.write(.endObject)
            try writer.finish()
            let byRow = sink.bytes
            let byEvents = try written(
                [
                    .beginObject(entity: "A", id: ObjectID("A/1")), .changedProperties(["x", "@id"]),
                    .attribute(name: "x", value: .integer(1)), .endObject,
                ], by: make)
            XCTAssertEqual(String(decoding: byRow, as: UTF8.self), String(decoding: byEvents, as: UTF8.self), name)
        }
    }

    func testTheJSONOutputParses() throws {
        for (name, make) in everyWriterIgnoringWarnings where name.hasPrefix("JSON") {
            let bytes = try written(NestingStreams.changes, by: make)
            for line in name == "JSON Lines" ? bytes.split(separator: UInt8(ascii: "\n")).map(Array.init) : [bytes] {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line)), name)
            }
        }
    }
}
