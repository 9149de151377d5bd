import GraphExport
import GraphExportTestSupport
import XCTest

/// One stream with rejected calls between its events, run against every writer: each call the
/// grammar forbids (or no format can hold) throws, and the document comes out as if it had not
/// come: the same bytes as the stream without them, and the text each format's suite expects.
final class RejectedEventTests: XCTestCase {
    /// The stream: each event with whether every writer rejects it, as the grammar forbids it
    /// or, the identifier and the second `x`, as no format takes them.
    private let steps: [(event: GraphEvent, rejected: Bool)] = [
        (.attribute(name: "x", value: .integer(1)), true),
        (.beginObject(entity: "A", id: ObjectID("A/1")), false),
        (.attribute(name: "x", value: .null), false),
        (.attribute(name: "x", value: .integer(1)), true),
        (.endRelationship, true),
        (.beginRelationship(name: "owner", isToMany: false), false),
        (.reference(ObjectID("B/2")), false),
        (.reference(ObjectID("B/3")), true),
        (.beginObject(entity: "B", id: ObjectID("B/4")), true),
        (.endObject, true),
        (.reference(ObjectID("B/\u{1}")), true),
        (.endRelationship, false),
        (.attribute(name: "y", value: .integer(1)), true),
        (.endObject, false),
        (.beginObject(entity: "B", id: ObjectID("B/2")), false),
        (.endObject, false),
    ]

    /// What the formats' own suites expect of the events taken, by the writer's name.
    private let expectedText = [
        "JSON": #"{"@source":{"generator":"graphexport","sourceKind":"test","shape":"tree"},"@graph":["#
            + #"{"@id":"A/1","@type":"A","x":null,"owner":{"@id":"B/2"}},{"@id":"B/2","@type":"B"}]}"# + "\n",
        "JSON Lines": #"{"@source":{"generator":"graphexport","sourceKind":"test","shape":"tree"}}"# + "\n"
            + #"{"@id":"A/1","@type":"A","x":null,"owner":{"@id":"B/2"}}"# + "\n" + #"{"@id":"B/2","@type":"B"}"#
            + "\n",
        "YAML": """
        "@source":
          generator: graphexport
          sourceKind: test
          shape: tree
        "@graph":
        - "@id": A/1
          "@type": A
          x: null
          owner: {"@id": B/2}
        - "@id": B/2
          "@type": B

        """,
        "XML attributes": #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<gx:export xmlns:gx="urn:graphexport:1" gx:generator="graphexport" gx:sourceKind="test" "#
            + #"gx:shape="tree"><A gx:id="A/1" gx:null="x"><owner><gx:ref gx:id="B/2"/></owner></A><B gx:id="B/2"/>"#
            + "</gx:export>\n",
        "property list": #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
            + "\n" + #"<plist version="1.0"><dict><key>@source</key><dict><key>generator</key><string>graphexport"#
            + "</string><key>sourceKind</key><string>test</string><key>shape</key><string>tree</string></dict>"
            + "<key>@graph</key><array><dict><key>@id</key><string>A/1</string><key>@type</key><string>A</string>"
            + "<key>owner</key><dict><key>@id</key><string>B/2</string></dict><key>@null</key><array><string>x"
            + "</string></array></dict><dict><key>@id</key><string>B/2</string><key>@type</key><string>B</string>"
            + "</dict></array></dict></plist>\n",
    ]

    /// Writes the stream with a new writer `make` makes, asserting that each rejected event
    /// throws, or with the taken events alone; the bytes.
    private func write(withRejected: Bool, _ name: String, _ make: (any ByteSink) -> any GraphWriter) throws
        -> [UInt8]
    {
        let sink = MemorySink()
        let writer = GraphStream(make(sink))
        try writer.begin(WriterChain.document)
        for (event, rejected) in steps {
            if !rejected {
                try writer.write(event)
            } else if withRejected {
                XCTAssertThrowsError(try writer.write(event), "\(name): \(event)")
            }
        }
        try writer.finish()
        return sink.bytes
    }

    func testARejectedEventLeavesTheOutputAsIfItHadNotCome() throws {
        for (name, make) in everyWriterIgnoringWarnings {
            let bytes = try write(withRejected: true, name, make)
            XCTAssertEqual(bytes, try write(withRejected: false, name, make), name)
            if let text = expectedText[name] { XCTAssertEqual(String(decoding: bytes, as: UTF8.self), text, name) }
            switch name {
            case "XML attributes", "XML elements", "property list":
                XCTAssertNoThrow(try ParsedXML.parse(bytes), name)
            case "GraphML":
                let parsed = try ParsedGraphML.parse(bytes)
                XCTAssertEqual(parsed.nodes.map(\.id), ["A/1", "B/2"])
                XCTAssertEqual(parsed.edgeTexts, ["A/1 → B/2 (owner)"])
            default: break
            }
        }
        XCTAssertTrue(Set(expectedText.keys).isSubset(of: everyWriterIgnoringWarnings.map(\.name)))
    }
}
