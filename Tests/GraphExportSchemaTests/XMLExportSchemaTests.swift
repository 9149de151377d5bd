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
                XCTAssertEqual(try validate(try awkwardXML(shape, style), shape, style), [], "\(shape), \(style)")
            }
        }
    }

    func testExportHoldsTheEncodedNamesAndMarksTheSchemaChecks() throws {
        let export = try awkwardXML(.tree, .attributes)
        for expected in ["<Odd_x003A_Label ", "my_x0020_column=", "_x0040_id=", "gx:base64=\"name\"", "gx:null="] {
            XCTAssertTrue(export.contains(expected), "export lacks \(expected): \(export)")
        }
    }

    /// Each change, made to the export of one shape and style, is one the writer never makes, and
    /// the schema refuses it.
    func testEveryChangeTheWriterNeverMakesFails() throws {
        let changes: [(ExportShape, XMLOptions.Style, String, String, String)] = [
            (.tree, .attributes, "an unknown attribute", "<Box gx:id=", "<Box bogus=\"1\" gx:id="),
            (
                .flat, .attributes, "text in an Integer 16 attribute", "my_x0020_column=\"1\"",
                "my_x0020_column=\"one\""
            ),
            (.flat, .attributes, "a boolean written 1", "flag=\"true\"", "flag=\"1\""),
            (.flat, .elements, "a date that is not ISO 8601", "<_x005F_xA>", "<_x005F_xA>1 "),
            (
                .flat, .attributes, "gx:null naming a required attribute", "<Box gx:id=\"Box/1\"",
                "<Box gx:null=\"flag\" gx:id=\"Box/1\""
            ),
            (.tree, .attributes, "an unknown child element", "<label>", "<unexpected/><label>"),
            (
                .tree, .attributes, "an object in full where only references go", "<friends>",
                "<friends><Item gx:id=\"Item/9\" my_x0020_column=\"1\" name=\"x\"/>"
            ),
            (
                .flat, .attributes, "a reference to no object", "<gx:ref gx:id=\"Item/2\"/>",
                "<gx:ref gx:id=\"Item/99\"/>"
            ),
            (.tree, .elements, "two objects with one id", "<Item gx:id=\"Item/4\"", "<Item gx:id=\"Item/2\""),
            (.flat, .elements, "a relationship left out", "<favourite gx:null=\"true\"/>", ""),
        ]
        for (shape, style, change, target, replacement) in changes {
            let export = try awkwardXML(shape, style)
            XCTAssertEqual(try validate(export, shape, style), [], "before: \(change)")
            let range = try XCTUnwrap(export.range(of: target), "\(change): the text to change was not found")
            let mutated = export.replacingCharacters(in: range, with: replacement)
            XCTAssertNotEqual(try validate(mutated, shape, style), [], "\(change) validated")
        }
    }

    func testStorageClassTypingTakesAnyText() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "Row", attributes: [AttributeInfo(name: "when", type: .date, isOptional: false)])
        ])
        let schema = XMLExportSchema(model: model, shape: .flat, style: .attributes, typing: .storageClass, title: "t")
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="g" gx:sourceKind="k" gx:shape="flat">\
            <Row gx:id="Row/1" when="2024-01-01 10:00:00"/></gx:export>
            """
        XCTAssertEqual(try ScratchFolder(for: self).xmlSchemaErrors(schema.text, document.utf8), [])
    }

    func testRootMayHoldTheSourcesOwnFieldsAndNoOthers() throws {
        let model = try GraphModel(entities: [EntityInfo(name: "Row")])
        let scratch = try ScratchFolder(for: self)
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gx:export xmlns:gx="urn:graphexport:1" gx:generator="g" gx:sourceKind="k" gx:storeUUID="u" \
            gx:shape="flat"/>
            """.utf8
        let schema = {
            XMLExportSchema(
                model: model, shape: .flat, style: .attributes, typing: .declared, title: "t", sourceFields: $0
            ).text
        }
        XCTAssertEqual(try scratch.xmlSchemaErrors(schema(["storeUUID"]), document), [])
        XCTAssertNotEqual(
            try scratch.xmlSchemaErrors(schema([]), document), [], "a root attribute the source does not have")
    }

    func testTitleWithCharactersXMLCannotHoldStillMakesASchema() throws {
        let scratch = try ScratchFolder(for: self)
        let schema = XMLExportSchema(
            model: try AwkwardGraph.model(), shape: .tree, style: .attributes, typing: .declared,
            title: "odd\u{1}name <&> \u{FFFF}.sqlite")
        XCTAssertEqual(
            try scratch.xmlSchemaErrors(schema.text, try xmlExport(of: try AwkwardGraph.graph(), .tree, .attributes)),
            [])
    }

    func testModelWithoutConcreteEntitiesMakesASchemaOfTheEmptyExport() throws {
        let scratch = try ScratchFolder(for: self)
        for shape in ExportShape.allCases {
            for style in XMLOptions.Style.allCases {
                let model = try JSONExportSchemaTests.abstractOnly()
                let schema = XMLExportSchema(model: model, shape: shape, style: style, typing: .declared, title: "t")
                let export = try xmlExport(of: SampleGraphs.graph(model), shape, style)
                XCTAssertEqual(try scratch.xmlSchemaErrors(schema.text, export), [], "\(shape), \(style)")
            }
        }
    }

    // MARK: - Helpers

    private func validate(_ export: String, _ shape: ExportShape, _ style: XMLOptions.Style) throws -> [String] {
        let schema = XMLExportSchema(
            model: try AwkwardGraph.model(), shape: shape, style: style, typing: .declared, title: "t")
        return try ScratchFolder(for: self).xmlSchemaErrors(schema.text, export.utf8)
    }

    /// The XML export of ``AwkwardGraph`` in `shape` and `style`, as text.
    private func awkwardXML(_ shape: ExportShape, _ style: XMLOptions.Style) throws -> String {
        String(decoding: try xmlExport(of: try AwkwardGraph.graph(), shape, style), as: UTF8.self)
    }
}
