import Foundation
import GraphExport
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

    func testDecodedTransformablesValidateInEveryStyleAndShape() throws {
        let scratch = try ScratchFolder(for: self)
        let model = try Self.model()
        for shape in ExportShape.allCases {
            for style in XMLOptions.Style.allCases {
                let export = try xmlExport(of: try Self.graph(), shape, style)
                let schema = { XMLExportSchema(model: model, shape: shape, style: style, typing: $0, title: "t").text }
                XCTAssertEqual(try scratch.xmlSchemaErrors(schema(.decoded), export), [], "\(shape), \(style)")
                XCTAssertNotEqual(
                    try scratch.xmlSchemaErrors(schema(.declared), export), [], "\(shape), \(style): a map is no base64"
                )
            }
            let export = try jsonExport(of: try Self.graph(), shape)
            let schema = { JSONExportSchema(model: model, shape: shape, typing: $0, title: "t").text }
            XCTAssertEqual(try scratch.jsonSchemaErrors(schema(.decoded), export), [], "\(shape)")
            XCTAssertNotEqual(
                try scratch.jsonSchemaErrors(schema(.declared), export), [], "\(shape): a map is no base64")
        }
    }

    func testStructuredChildrenAreCheckedInXML() throws {
        let scratch = try ScratchFolder(for: self)
        let schema = XMLExportSchema(
            model: try Self.model(), shape: .flat, style: .attributes, typing: .decoded, title: "t")
        let text = String(decoding: try xmlExport(of: try Self.graph(), .flat, .attributes), as: UTF8.self)
        let wrongType = text.replacingOccurrences(of: #"gx:type="map""#, with: #"gx:type="set""#)
        XCTAssertNotEqual(wrongType, text)
        let keyless = text.replacingOccurrences(of: #"<gx:entry key="red">"#, with: "<gx:entry>")
        XCTAssertNotEqual(keyless, text)
        for (name, mutated) in [("gx:type set", wrongType), ("an entry without key", keyless)] {
            XCTAssertNotEqual(try scratch.xmlSchemaErrors(schema.text, mutated.utf8), [], name)
        }
    }
}
