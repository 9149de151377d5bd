import Foundation
import GraphExport
import GraphExportSchema
import GraphExportTestSupport
import Prerequisites
import XCTest

/// The JSON export of ``AwkwardGraph`` validates against its JSON Schema with Python's
/// `jsonschema` in both shapes, and an export changed in any one way the writer never writes does
/// not.
final class JSONExportSchemaTests: XCTestCase {
    func testExportValidatesInBothShapes() throws {
        for shape in ExportShape.allCases {
            XCTAssertEqual(
                try validate(try jsonExport(of: try AwkwardGraph.graph(), shape), shape: shape), [], "\(shape)")
        }
    }

    /// Each change to the first Box of the export, one the writer never makes, fails.
    func testEveryChangeToAnObjectTheWriterNeverMakesFails() throws {
        let changes: [(ExportShape, String, (inout [String: Any]) -> Void)] = [
            (.tree, "an unknown key", { $0["unexpected"] = 1 }),
            (.flat, "a string in an Integer 16 attribute", { $0["my column"] = "one" }),
            (.flat, "an integer out of the Integer 16 range", { $0["my column"] = 40_000 }),
            (.flat, "a date that is not ISO 8601", { $0["_xA"] = "2024-01-01 10:00:00" }),
            (.flat, "uppercase UUID text", { $0["key"] = "00000000-0000-0000-0000-0000000000AB" }),
            (.flat, "base64 with a character outside its alphabet", { $0["data"] = "AA*=" }),
            (.flat, "an attribute left out", { $0["price"] = nil }),
            (.flat, "null in a non-optional attribute", { $0["flag"] = NSNull() }),
            (
                .flat, "the attribute @id written unescaped",
                { object in
                    object["@id"] = object["@@id"]
                    object["@@id"] = nil
                }
            ),
            (.flat, "a reference with a second key", { $0["friends"] = [["@id": "Item/2", "@type": "Item"]] }),
        ]
        for (shape, change, mutate) in changes {
            try assertFails(shape, change) { document in try Self.mutateFirstObject(&document, mutate) }
        }
    }

    func testObjectWhereOnlyReferencesGoFails() throws {
        try assertFails(.flat, "an object in full in a flat export's relationship") { document in
            var graph = try XCTUnwrap(document["@graph"] as? [[String: Any]])
            let item = try XCTUnwrap(graph.first { $0["@type"] as? String == "Item" })
            let box = try XCTUnwrap(graph.firstIndex { $0["@type"] as? String == "Box" })
            graph[box]["friends"] = [item]
            document["@graph"] = graph
        }
    }

    func testWrongShapeInHeaderFails() throws {
        try assertFails(.tree, "the header naming the other shape") { document in
            var header = try XCTUnwrap(document["@source"] as? [String: Any])
            header["shape"] = "flat"
            document["@source"] = header
        }
    }

    func testReferenceToAnEntityWithAnAwkwardNameResolves() throws {
        let schema = JSONExportSchema(model: try AwkwardGraph.model(), shape: .tree, typing: .declared, title: "t").text
        XCTAssertTrue(schema.contains(##""$ref": "#/$defs/entity:Odd:Label""##), schema)
        let model = try GraphModel(entities: [EntityInfo(name: "a/b~c %")])
        let escaped = JSONExportSchema(model: model, shape: .flat, typing: .declared, title: "t").text
        XCTAssertTrue(escaped.contains(##""$ref": "#/$defs/entity:a~1b~0c%20%25""##), escaped)
        let document =
            #"{"@source":{"generator":"g","sourceKind":"k","shape":"flat"},"@graph":[{"@id":"1","@type":"a/b~c %"}]}"#
        XCTAssertEqual(try ScratchFolder(for: self).jsonSchemaErrors(escaped, document.utf8), [])
    }

    func testHeaderMayHoldTheSourcesOwnFieldsAndNoOthers() throws {
        let model = try GraphModel(entities: [EntityInfo(name: "Row")])
        let scratch = try ScratchFolder(for: self)
        let document = #"{"@source":{"generator":"g","sourceKind":"k","storeUUID":"u","shape":"flat"},"@graph":[]}"#
        let schema = {
            JSONExportSchema(model: model, shape: .flat, typing: .declared, title: "t", sourceFields: $0).text
        }
        XCTAssertEqual(try scratch.jsonSchemaErrors(schema(["storeUUID"]), document.utf8), [])
        XCTAssertNotEqual(
            try scratch.jsonSchemaErrors(schema([]), document.utf8), [], "a header field the source does not have")
    }

    func testStorageClassTypingTakesAnyScalar() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Row", attributes: [AttributeInfo(name: "when", type: .date, isOptional: false)])
        ])
        let scratch = try ScratchFolder(for: self)
        let schema = JSONExportSchema(model: model, shape: .flat, typing: .storageClass, title: "t").text
        func document(_ value: String) -> String.UTF8View {
            (#"{"@source":{"generator":"g","sourceKind":"k","shape":"flat"},"@graph":[{"@id":"1","@type":"Row","when":"#
                + value + "}]}").utf8
        }
        for value in [#""2024-01-01 10:00:00""#, "7", "1.5", #""Infinity""#] {
            XCTAssertEqual(try scratch.jsonSchemaErrors(schema, document(value)), [], value)
        }
        XCTAssertNotEqual(try scratch.jsonSchemaErrors(schema, document("null")), [], "null in NOT NULL")
    }

    func testModelWithoutConcreteEntitiesMakesASchemaOfTheEmptyExport() throws {
        let scratch = try ScratchFolder(for: self)
        for shape in ExportShape.allCases {
            let schema = JSONExportSchema(model: try Self.abstractOnly(), shape: shape, typing: .declared, title: "t")
            let export = try jsonExport(of: SampleGraphs.graph(try Self.abstractOnly()), shape)
            XCTAssertEqual(try scratch.jsonSchemaErrors(schema.text, export), [], "\(shape)")
            let object =
                #"{"@source":{"generator":"g","sourceKind":"k","shape":""#
                + shape.rawValue + #""},"@graph":[{"@id":"1","@type":"Base"}]}"#
            XCTAssertNotEqual(
                try scratch.jsonSchemaErrors(schema.text, object.utf8), [], "an object of an abstract entity")
        }
    }

    /// An abstract entity that owns others of its kind, and no concrete one.
    static func abstractOnly() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo(
                name: "Base", isAbstract: true,
                relationships: [
                    RelationshipInfo(name: "children", destination: "Base", isToMany: true, inverse: "parent"),
                    RelationshipInfo(name: "parent", destination: "Base", isToMany: false, inverse: "children"),
                ])
        ])
    }

    // MARK: - Helpers

    private func validate(_ export: [UInt8], shape: ExportShape) throws -> [String] {
        let schema = JSONExportSchema(model: try AwkwardGraph.model(), shape: shape, typing: .declared, title: "t")
        return try ScratchFolder(for: self).jsonSchemaErrors(schema.text, export)
    }

    /// Checks that the export in `shape` validates, and fails to once `mutate` has changed it.
    private func assertFails(
        _ shape: ExportShape, _ change: String, file: StaticString = #filePath, line: UInt = #line,
        _ mutate: (inout [String: Any]) throws -> Void
    ) throws {
        let export = try jsonExport(of: try AwkwardGraph.graph(), shape)
        XCTAssertEqual(try validate(export, shape: shape), [], "before: \(change)", file: file, line: line)
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export)) as? [String: Any])
        try mutate(&document)
        let mutated = try JSONSerialization.data(withJSONObject: document)
        XCTAssertNotEqual(try validate(Array(mutated), shape: shape), [], "\(change) validated", file: file, line: line)
    }

    /// Changes the first Box of the `@graph`.
    private static func mutateFirstObject(_ document: inout [String: Any], _ change: (inout [String: Any]) -> Void)
        throws
    {
        var graph = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        let box = try XCTUnwrap(graph.firstIndex { $0["@type"] as? String == "Box" })
        change(&graph[box])
        document["@graph"] = graph
    }
}
