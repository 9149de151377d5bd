import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLKeyTests: XCTestCase {
    /// The attribute keys of `parsed` as `name type`.
    private func attributeKeys(_ parsed: ParsedGraphML) -> [String] {
        parsed.keys.filter { $0.domain == "node" && $0.id != "type" }.map { "\($0.name) \($0.type)" }
    }

    func testEveryAttributeTypeHasItsKeyType() throws {
        let types = AttributeType.allCases
        let model = try GraphModel(entities: [
            EntityInfo(name: "All", attributes: types.map { AttributeInfo(name: $0.rawValue, type: $0) })
        ])
        let parsed = try Fixtures.export(SampleGraphs.graph(model)).parsedGraphML()
        XCTAssertEqual(
            attributeKeys(parsed),
            [
                "Integer 16 int", "Integer 32 int", "Integer 64 long", "Decimal string", "Double double",
                "Float double", "String string", "Boolean boolean", "Date string", "Binary string", "UUID string",
                "URI string", "Transformable string",
            ])
    }

    func testANameSharedByEntitiesGetsTheWiderType() throws {
        let model = try GraphModel(entities: [
            EntityInfo.entity("A", ["count": .integer16, "size": .integer32, "ratio": .double]),
            EntityInfo.entity("B", ["count": .integer64, "size": .string, "ratio": .float]),
        ])
        let parsed = try Fixtures.export(SampleGraphs.graph(model)).parsedGraphML()
        XCTAssertEqual(attributeKeys(parsed), ["count long", "size string", "ratio double"])
    }

    func testAValueThatDoesNotFitWidensItsKeyWithOneWarning() throws {
        let model = try GraphModel(entities: [
            EntityInfo.entity("Row", ["small": .integer32, "number": .integer64, "flag": .boolean, "ratio": .double])
        ])
        let graph = SampleGraphs.graph(model)
        try graph.add(
            "Row", ["small": .integer(1), "number": .integer(2), "flag": .boolean(true), "ratio": .double(1)])
        try graph.add(
            "Row", ["small": .integer(1 << 40), "number": .string("n/a"), "flag": .integer(2), "ratio": .integer(3)])
        try graph.add("Row", ["number": .string("again"), "flag": .integer(5)])
        let export = try Fixtures.export(graph)
        let parsed = try export.parsedGraphML()
        XCTAssertEqual(attributeKeys(parsed), ["small long", "number string", "flag string", "ratio string"])
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Row.small (Row/2): a value does not fit the type the model gives 'small', so its GraphML key declares "
                    + "long instead of int",
                "Row.number (Row/2): a value does not fit the type the model gives 'number', so its GraphML key "
                    + "declares string instead of long",
                "Row.flag (Row/2): a value does not fit the type the model gives 'flag', so its GraphML key declares "
                    + "string instead of boolean",
                "Row.ratio (Row/2): a value does not fit the type the model gives 'ratio', so its GraphML key "
                    + "declares string instead of double",
            ])
        XCTAssertEqual(parsed.nodes.map { parsed.named($0.data)["number"] }, ["2", "n/a", "again"], "text kept as is")
    }

    func testWithoutTheModelKeysAreTypedByAllTheirValues() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Row",
                attributes: ["whole", "mixed", "real", "truth", "text", "never", "late"].map {
                    AttributeInfo(name: $0, type: .string)
                })
        ])
        let graph = SampleGraphs.graph(model)
        try graph.add(
            "Row",
            [
                "whole": .integer(1), "mixed": .integer(1), "real": .double(.nan), "truth": .boolean(false),
                "text": .date(Timestamp(secondsSinceReferenceDate: 0)),
            ])
        try graph.add(
            "Row",
            [
                "whole": .integer(.max), "mixed": .double(1), "real": .double(-0.0), "truth": .boolean(true),
                "text": .uuid(UUIDValue(bytes: Array(repeating: 1, count: 16))!), "late": .integer(3),
            ])
        let export = try Fixtures.export(graph, withModel: false)
        XCTAssertEqual(
            attributeKeys(try export.parsedGraphML()),
            ["whole long", "mixed string", "real double", "truth boolean", "text string", "never string", "late long"])
        XCTAssertEqual(export.warnings, [], "nothing was declared, so nothing was widened")
    }

    func testANameTheModelLacksStillGetsAKey() throws {
        let parsed = try Fixtures.parse(writing: [
            .beginObject(entity: "Loose", id: ObjectID("x")), .attribute(name: "extra", value: .boolean(true)),
            .endObject,
        ])
        XCTAssertEqual(attributeKeys(parsed), ["extra boolean"])
        XCTAssertEqual(parsed.named(parsed.nodes[0].data), ["@type": "Loose", "extra": "true"])
    }
}
