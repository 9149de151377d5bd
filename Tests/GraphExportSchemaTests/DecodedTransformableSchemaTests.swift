import Foundation
import GraphExport
import GraphExportJSON
import GraphExportSchema
import GraphExportTestSupport
import GraphExportXML
import Prerequisites
import XCTest

/// ``ValueTyping/decoded``: Transformable values that are arrays, maps, scalars or bytes validate
/// against the JSON Schema and both XML Schemas; against ``ValueTyping/declared`` (base64 only),
/// the structured ones do not.
final class DecodedTransformableSchemaTests: XCTestCase {
    private static func model() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Shape",
                attributes: [
                    AttributeInfo(name: "name", type: .string, isOptional: false),
                    AttributeInfo(name: "look", type: .transformable, isOptional: false),
                    AttributeInfo(name: "extra", type: .transformable),
                ])
        ])
    }

    /// Every kind of decoded value, nested, with null, bytes and text XML 1.0 cannot hold.
    private static func graph() throws -> InMemoryGraph {
        let graph = SampleGraphs.graph(try model())
        let color: Value = .map(["red": .double(1), "green": .double(0.5), "blue": .integer(0), "alpha": .double(1)])
        try graph.add(
            "Shape",
            [
                "name": .string("a"), "look": color,
                "extra": .array([.string("x\u{1}y"), .null, .binary([0, 255]), .map(["@id": .array([])])]),
            ])
        try graph.add("Shape", ["name": .string("b"), "look": .string("plain text"), "extra": .null])
        try graph.add(
            "Shape",
            [
                "name": .string("c"), "look": .binary([0xFF, 0xD8]),
                "extra": .date(Timestamp(secondsSinceReferenceDate: 1)),
            ])
        try graph.add("Shape", ["name": .string("d"), "look": SampleGraphs.uuid(2)])
        return graph
    }

    private func exportXML(_ style: XMLOptions.Style, _ shape: ExportShape) throws -> [UInt8] {
        let sink = MemorySink()
        try GraphTraversal(source: try Self.graph(), shape: shape).run(
            into: XMLGraphWriter(sink: sink, options: XMLOptions(style: style)))
        return sink.bytes
    }

    func testDecodedTransformablesValidateInEveryStyleAndShape() throws {
        let scratch = try ScratchFolder(for: self)
        let model = try Self.model()
        for shape in ExportShape.allCases {
            for style in XMLOptions.Style.allCases {
                let export = try scratch.write("e.xml", try exportXML(style, shape))
                let decoded = XMLExportSchema(model: model, shape: shape, style: style, typing: .decoded, title: "t")
                XCTAssertEqual(
                    try SchemaTools.xmlSchemaErrors(schema: try scratch.write("d.xsd", decoded.text), document: export),
                    [], "\(shape), \(style)")
                let raw = XMLExportSchema(model: model, shape: shape, style: style, typing: .declared, title: "t")
                XCTAssertNotEqual(
                    try SchemaTools.xmlSchemaErrors(schema: try scratch.write("r.xsd", raw.text), document: export), [],
                    "\(shape), \(style): a map is no base64")
            }
            let sink = MemorySink()
            try GraphTraversal(source: try Self.graph(), shape: shape).run(into: JSONGraphWriter(sink: sink))
            let export = try scratch.write("e.json", sink.bytes)
            let decoded = JSONExportSchema(model: model, shape: shape, typing: .decoded, title: "t")
            XCTAssertEqual(
                try SchemaTools.jsonSchemaErrors(schema: try scratch.write("d.json", decoded.text), instance: export),
                [], "\(shape)")
            let raw = JSONExportSchema(model: model, shape: shape, typing: .declared, title: "t")
            XCTAssertNotEqual(
                try SchemaTools.jsonSchemaErrors(schema: try scratch.write("r.json", raw.text), instance: export), [],
                "\(shape): a map is no base64")
        }
    }

    func testStructuredChildrenAreCheckedInXML() throws {
        let scratch = try ScratchFolder(for: self)
        let schema = XMLExportSchema(
            model: try Self.model(), shape: .flat, style: .attributes, typing: .decoded, title: "t")
        let text = String(decoding: try exportXML(.attributes, .flat), as: UTF8.self)
        let wrongType = text.replacingOccurrences(of: #"gx:type="map""#, with: #"gx:type="set""#)
        XCTAssertNotEqual(wrongType, text)
        let keyless = text.replacingOccurrences(of: #"<gx:entry key="red">"#, with: "<gx:entry>")
        XCTAssertNotEqual(keyless, text)
        for (name, mutated) in [("gx:type set", wrongType), ("an entry without key", keyless)] {
            XCTAssertNotEqual(
                try SchemaTools.xmlSchemaErrors(
                    schema: try scratch.write("s.xsd", schema.text), document: try scratch.write("m.xml", mutated)),
                [], name)
        }
    }
}
