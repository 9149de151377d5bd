import Foundation
import GraphExport
import GraphExportSchema
import GraphExportTestSupport
import GraphExportXML
import Prerequisites
import XCTest

/// The XML export of ``AwkwardGraph`` validates against its XML Schema with `xmllint --schema` in
/// both shapes and both styles, and an export changed in any one way the writer never writes does
/// not.
final class XMLExportSchemaTests: XCTestCase {
    func testExportValidatesInBothShapesAndStyles() throws {
        for shape in ExportShape.allCases {
            for style in XMLOptions.Style.allCases {
                let export = String(decoding: try AwkwardGraph.xml(shape, style), as: UTF8.self)
                XCTAssertEqual(try validate(export, shape, style), [], "\(shape), \(style)")
            }
        }
    }

    func testExportHoldsTheEncodedNamesAndMarksTheSchemaChecks() throws {
        let export = String(decoding: try AwkwardGraph.xml(.tree, .attributes), as: UTF8.self)
        for expected in ["<Odd_x003A_Label ", "my_x0020_column=", "_x0040_id=", "gx:base64=\"name\"", "gx:null="] {
            XCTAssertTrue(export.contains(expected), "export lacks \(expected): \(export)")
        }
    }

    func testUnknownAttributeFails() throws {
        try assertFails(.tree, .attributes, "an unknown attribute") {
            $0.replacingFirst("<Box gx:id=", with: "<Box bogus=\"1\" gx:id=")
        }
    }

    func testWrongValueFails() throws {
        try assertFails(.flat, .attributes, "text in an Integer 16 attribute") {
            $0.replacingFirst("my_x0020_column=\"1\"", with: "my_x0020_column=\"one\"")
        }
        try assertFails(.flat, .attributes, "a boolean written 1") {
            $0.replacingFirst("flag=\"true\"", with: "flag=\"1\"")
        }
        try assertFails(.flat, .elements, "a date that is not ISO 8601") {
            $0.replacingFirst("<_x005F_xA>", with: "<_x005F_xA>1 ")
        }
    }

    func testNullListNamingAnAttributeThatCannotBeNullFails() throws {
        try assertFails(.flat, .attributes, "gx:null naming a required attribute") {
            $0.replacingFirst("<Box gx:id=\"Box/1\"", with: "<Box gx:null=\"flag\" gx:id=\"Box/1\"")
        }
    }

    func testUnknownElementAndObjectInReferenceOnlyRelationshipFail() throws {
        try assertFails(.tree, .attributes, "an unknown child element") {
            $0.replacingFirst("<label>", with: "<unexpected/><label>")
        }
        try assertFails(.tree, .attributes, "an object in full where only references go") {
            $0.replacingFirst("<friends>", with: "<friends><Item gx:id=\"Item/9\" my_x0020_column=\"1\" name=\"x\"/>")
        }
    }

    func testDanglingReferenceAndDuplicateIDFail() throws {
        try assertFails(.flat, .attributes, "a reference to no object") {
            $0.replacingFirst("<gx:ref gx:id=\"Item/2\"/>", with: "<gx:ref gx:id=\"Item/99\"/>")
        }
        try assertFails(.tree, .elements, "two objects with one id") {
            $0.replacingFirst("<Item gx:id=\"Item/4\"", with: "<Item gx:id=\"Item/2\"")
        }
    }

    func testMissingRelationshipFails() throws {
        try assertFails(.flat, .elements, "a relationship left out") {
            $0.replacingFirst("<favourite gx:null=\"true\"/>", with: "")
        }
    }

    func testStorageClassTypingTakesAnyText() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Row", attributes: [AttributeInfo(name: "when", type: .date, isOptional: false)])
        ])
        let schema = XMLExportSchema(model: model, shape: .flat, style: .attributes, typing: .storageClass, title: "t")
        let scratch = try ScratchFolder(for: self)
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="g" gx:sourceKind="k" gx:shape="flat">\
            <Row gx:id="Row/1" when="2024-01-01 10:00:00"/></gx:export>
            """
        XCTAssertEqual(
            try SchemaTools.xmlSchemaErrors(
                schema: try scratch.write("s.xsd", schema.text), document: try scratch.write("d.xml", document)), [])
    }

    func testRootMayHoldTheSourcesOwnFieldsAndNoOthers() throws {
        let model = try GraphModel(entities: [EntityInfo(name: "Row")])
        let scratch = try ScratchFolder(for: self)
        let document = try scratch.write(
            "d.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="g" gx:sourceKind="k" gx:storeUUID="u" \
            gx:shape="flat"/>
            """)
        let named = XMLExportSchema(
            model: model, shape: .flat, style: .attributes, typing: .declared, title: "t", sourceFields: ["storeUUID"])
        XCTAssertEqual(
            try SchemaTools.xmlSchemaErrors(schema: try scratch.write("s.xsd", named.text), document: document), [])
        let unnamed = XMLExportSchema(model: model, shape: .flat, style: .attributes, typing: .declared, title: "t")
        XCTAssertNotEqual(
            try SchemaTools.xmlSchemaErrors(schema: try scratch.write("s.xsd", unnamed.text), document: document), [],
            "a root attribute the source does not have")
    }

    func testTitleWithCharactersXMLCannotHoldStillMakesASchema() throws {
        let scratch = try ScratchFolder(for: self)
        let schema = XMLExportSchema(
            model: try AwkwardGraph.model(), shape: .tree, style: .attributes, typing: .declared,
            title: "odd\u{1}name <&> \u{FFFF}.sqlite")
        let export = try scratch.write("e.xml", try AwkwardGraph.xml(.tree, .attributes))
        XCTAssertEqual(
            try SchemaTools.xmlSchemaErrors(schema: try scratch.write("s.xsd", schema.text), document: export), [])
    }

    func testModelWithoutConcreteEntitiesMakesASchemaOfTheEmptyExport() throws {
        let scratch = try ScratchFolder(for: self)
        for shape in ExportShape.allCases {
            for style in XMLOptions.Style.allCases {
                let model = try JSONExportSchemaTests.abstractOnly()
                let schema = XMLExportSchema(model: model, shape: shape, style: style, typing: .declared, title: "t")
                let sink = MemorySink()
                try GraphTraversal(source: SampleGraphs.graph(model), shape: shape).run(
                    into: XMLGraphWriter(sink: sink, options: XMLOptions(style: style)))
                XCTAssertEqual(
                    try SchemaTools.xmlSchemaErrors(
                        schema: try scratch.write("s.xsd", schema.text),
                        document: try scratch.write("e.xml", sink.bytes)),
                    [], "\(shape), \(style)")
            }
        }
    }

    // MARK: - Helpers

    private func validate(_ export: String, _ shape: ExportShape, _ style: XMLOptions.Style) throws -> [String] {
        let scratch = try ScratchFolder(for: self)
        let schema = XMLExportSchema(
            model: try AwkwardGraph.model(), shape: shape, style: style, typing: .declared, title: "t")
        return try SchemaTools.xmlSchemaErrors(
            schema: try scratch.write("schema.xsd", schema.text), document: try scratch.write("export.xml", export))
    }

    /// Checks that the export validates, and fails to once `mutate` has changed its text.
    private func assertFails(
        _ shape: ExportShape, _ style: XMLOptions.Style, _ change: String, file: StaticString = #filePath,
        line: UInt = #line, _ mutate: (String) throws -> String
    ) throws {
        let export = String(decoding: try AwkwardGraph.xml(shape, style), as: UTF8.self)
        XCTAssertEqual(try validate(export, shape, style), [], "before: \(change)", file: file, line: line)
        let mutated = try mutate(export)
        XCTAssertNotEqual(mutated, export, "\(change): the text to change was not found", file: file, line: line)
        XCTAssertNotEqual(try validate(mutated, shape, style), [], "\(change) validated", file: file, line: line)
    }
}

extension String {
    /// The string with its first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
