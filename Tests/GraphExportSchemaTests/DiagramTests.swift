import Foundation
import GraphExport
import GraphExportSchema
import GraphExportTestSupport
import Prerequisites
import XCTest

/// The Mermaid and DOT diagrams: every entity, attribute, relationship pair and parent link once,
/// cardinalities and ownership as the model and shape say, names any renderer takes; `dot -Tsvg`
/// renders the DOT.
final class DiagramTests: XCTestCase {
    func testMermaidDrawsEachPairOnceWithItsCardinalitiesAndOwnership() throws {
        let tree = MermaidDiagram(model: try SampleGraphs.albumModel(), shape: .tree).text
        XCTAssertEqual(
            MermaidText(tree).relationships,
            [
                #"Album |o--o{ Photo : "photos / album""#, #"Album }o..o| Photo : "cover""#,
                #"Photo }o..o{ Tag : "tags / photos""#, #"Photo |o--o| Details : "details / photo""#,
            ])
        let flat = MermaidDiagram(model: try SampleGraphs.albumModel(), shape: .flat).text
        XCTAssertEqual(MermaidText(flat).relationships.filter { $0.contains("--") }, [], "nothing nests when flat")
    }

    func testMermaidTakesAwkwardNamesAndInheritance() throws {
        let diagram = MermaidText(MermaidDiagram(model: try AwkwardGraph.model(), shape: .tree).text)
        XCTAssertEqual(diagram.lines.first, "erDiagram")
        XCTAssertEqual(diagram.entities, ["Thing", "Box", "Item", "\"Odd:Label\""])
        XCTAssertTrue(diagram.lines.contains(#"        Integer_16 my_column "my column""#), diagram.text)
        XCTAssertTrue(diagram.lines.contains(#"        String __id "@id, optional""#), diagram.text)
        XCTAssertTrue(diagram.lines.contains(#"    Box ||--o| "Odd:Label" : "label / box""#), diagram.text)
        XCTAssertTrue(diagram.lines.contains(#"    Item |o..|| Thing : "is a""#), diagram.text)
        XCTAssertTrue(diagram.lines.contains(#"    Box |o--o{ Thing : "contents / box""#), diagram.text)
        for line in diagram.relationships {
            XCTAssertNotNil(line.wholeMatch(of: MermaidText.relationshipLine), "not a relationship line: \(line)")
        }
        for line in diagram.attributeLines {
            XCTAssertNotNil(line.wholeMatch(of: MermaidText.attributeLine), "not an attribute line: \(line)")
        }
    }

    func testMermaidQuotesAnEntityNameWithWhatItsGrammarCannotHoldAsPictures() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "100% a\\b\nc\rd\u{0B}e\u{08}f", attributes: [AttributeInfo(name: "x", type: .string)]),
            EntityInfo(name: "100% a\\b", attributes: [AttributeInfo(name: "x", type: .string)]),
        ])
        let diagram = MermaidText(MermaidDiagram(model: model, shape: .tree).text)
        XCTAssertEqual(
            diagram.entities,
            ["\"100\u{FF05} a\u{FF3C}b\u{240A}c\u{240D}d\u{240B}e\u{2408}f\"", "\"100\u{FF05} a\u{FF3C}b\""])
        for name in diagram.entities {
            XCTAssertNotNil(name.wholeMatch(of: /"[^"%\r\n\v\x08\\]+"/), "Mermaid cannot read the name \(name)")
        }
    }

    func testDOTRendersAndDrawsEveryEntityAndLine() throws {
        let text = DOTDiagram(model: try AwkwardGraph.model(), shape: .tree, title: "a \"quoted\" title").text
        XCTAssertTrue(text.contains(#"e1 -> e3 [label="label / box", taillabel="1", headlabel="0..1", "#), text)
        XCTAssertTrue(text.contains("e2 -> e0 [arrowhead=empty, style=dashed];"), text)
        XCTAssertTrue(text.contains("<b>Odd:Label</b>"), text)
        XCTAssertTrue(text.contains("<i>Thing</i>"), "abstract in italics: \(text)")
        let scratch = try ScratchFolder(for: self)
        let svg = try SchemaTools.renderSVG(try scratch.write("model.dot", text))
        for name in ["Thing", "Box", "Item", "Odd:Label", "my column: Integer 16", "@id: String?", "contents / box"] {
            XCTAssertTrue(svg.contains(">\(name)<"), "the SVG lacks \(name)")
        }
    }
}

/// The parts of a Mermaid `erDiagram` text the tests look at.
struct MermaidText {
    let text: String
    let lines: [String]

    init(_ text: String) {
        self.text = text
        lines = text.split(separator: "\n").map(String.init)
    }

    /// `<entity> <left><line><right> <entity> : "<label>"`, entity names plain or quoted.
    nonisolated(unsafe) static let relationshipLine =
        /(\w[\w-]*|"[^"]*") (\|o|\|\||\}o|\}\|)(--|\.\.)(o\||\|\||o\{|\|\{) (\w[\w-]*|"[^"]*") : "[^"]*"/

    /// `<type> <name>` with an optional `"comment"`, in words Mermaid takes.
    nonisolated(unsafe) static let attributeLine = /[ ]{8}[A-Za-z][\w-]* [A-Za-z_][\w-]*( "[^"]*")?/

    /// The entities, as written: those with a block and those on a line of their own.
    var entities: [String] {
        lines.compactMap { line in
            guard line.hasPrefix("    "), !line.hasPrefix("        "), line != "    }" else { return nil }
            let body = line.dropFirst(4)
            if body.hasSuffix(" {") { return String(body.dropLast(2)) }
            return body.contains(" : ") ? nil : String(body)
        }
    }

    /// The relationship lines, without their indentation.
    var relationships: [String] {
        lines.filter { $0.hasPrefix("    ") && $0.contains(" : ") && !$0.hasSuffix(": \"is a\"") }
            .map { String($0.dropFirst(4)) }
    }

    /// The attribute lines of the blocks.
    var attributeLines: [String] {
        lines.filter { $0.hasPrefix("        ") }
    }
}
