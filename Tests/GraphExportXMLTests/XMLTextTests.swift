import Foundation
import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLTextTests: XCTestCase {
    /// Every character the XML 1.0 `Char` production leaves out that a Swift string can hold.
    private let nonCharacters: [Unicode.Scalar] =
        (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { Unicode.Scalar(UInt8($0)) }
        + ["\u{FFFE}", "\u{FFFF}"]

    func testEveryNonCharacterTakesTheBase64RouteAndReadsBack() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (.string, .uri)))
        for scalar in nonCharacters {
            let text = "a" + String(scalar) + "b"
            try graph.add("Item", ["value": .string(String(scalar)), "other": .uri(text)])
        }
        for style in XMLOptions.Style.allCases {
            let export = try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
            XCTAssertEqual(export.warnings.count, 2, "one warning per Entity.attribute")
            XCTAssertTrue(export.warnings[0].message.hasPrefix("Item.value (Item/1): U+0000 cannot be written"))
            XCTAssertTrue(export.warnings[1].message.hasPrefix("Item.other (Item/1): U+0000 cannot be written"))
            XCTAssertFalse(export.bytes.contains(0), "no NUL reaches the output, and none cut a value short")
            switch style {
            case .attributes:
                let items = Fixtures.elements("Item", in: try export.parsedXML())
                XCTAssertEqual(
                    items.map { $0["gx:base64"] }, Array(repeating: "value other", count: nonCharacters.count))
                XCTAssertEqual(items[0]["value"], "AA==")
                XCTAssertEqual(items.last?["other"], Base64.encode(Array("a\u{FFFF}b".utf8)))
            case .elements:
                XCTAssertEqual(
                    export.text.components(separatedBy: #"gx:encoding="base64""#).count - 1, 2 * nonCharacters.count)
                XCTAssertTrue(export.text.contains(#"<value gx:encoding="base64">AA==</value>"#))
            }
        }
    }

    func testTextXMLCanHoldIsNotEncoded() throws {
        let scalars: [UInt32] = [0x09, 0x7F, 0x80, 0x9F, 0xD7FF, 0xE000, 0xFDD0, 0xFFFD, 0x1FFFE, 0x10FFFF]
        let texts = scalars.map { String(Unicode.Scalar($0)!) }
        let export = try Fixtures.exportItems(texts.map { .string($0) })
        XCTAssertEqual(export.warnings, [])
        XCTAssertFalse(export.text.contains("gx:base64"))
        XCTAssertEqual(Fixtures.elements("Item", in: try export.parsedXML()).map { $0["value"] }, texts)
    }

    func testTabLineFeedAndCarriageReturnSurviveParsingExactly() throws {
        let texts = [
            "\t", "\n", "\r", "\r\n", "\n\r", "a\tb\rc\nd", " \t\r\n ", "  two  spaces  ", "\r\r\n\n", "end\r",
        ]
        for style in XMLOptions.Style.allCases {
            let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
            for text in texts { try graph.add("Item", ["value": .string(text), "other": .string("x" + text)]) }
            for pretty in [false, true] {
                let export = try Fixtures.assertRoundTrip(graph, options: XMLOptions(pretty: pretty, style: style))
                XCTAssertEqual(export.warnings, [])
            }
        }
        let attributes = try Fixtures.exportItems([.string("a\tb\rc\nd")]).text
        XCTAssertTrue(attributes.contains(#"value="a&#9;b&#13;c&#10;d""#), "character references in attributes")
        let elements = try Fixtures.exportItems([.string("a\tb\rc\nd")], options: XMLOptions(style: .elements)).text
        XCTAssertTrue(elements.contains("<value>a\tb&#13;c\nd</value>"), "a carriage return is a reference in text")
    }

    func testMarkupCharactersAreEscaped() throws {
        let text = "<a b=\"c\" d='e'>&amp; ]]> &#1;</a>"
        for style in XMLOptions.Style.allCases {
            let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
            try graph.add("Item", ["value": .string(text)])
            let export = try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
            XCTAssertFalse(export.text.contains("<a "))
            XCTAssertFalse(export.text.contains("]]>"))
        }
    }

    func testRandomTextReadsBackExactly() throws {
        let pool: [Unicode.Scalar] =
            (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + [
                " ", "a", "_", "<", ">", "&", "\"", "'", "\u{7F}", "\u{85}", "é", "\u{301}", "\u{2028}", "\u{D7FF}",
                "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
            ]
        var random = SystemRandomNumberGenerator()
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        for _ in 0..<300 {
            let length = Int.random(in: 0...12, using: &random)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in pool.randomElement(using: &random)! }))
            try graph.add(
                "Item",
                [
                    "value": .string(text),
                    "other": .string(String(String.UnicodeScalarView(text.unicodeScalars.reversed()))),
                ])
        }
        for style in XMLOptions.Style.allCases {
            try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
        }
    }

    func testHeaderTextXMLCannotHoldIsBase64ListedOnTheRoot() throws {
        let info = DocumentInfo(
            generator: "graphexport", sourceKind: "SQLite database", source: "odd\u{1}name\r.sqlite")
        let graph = InMemoryGraph(model: try SampleGraphs.itemModel(), document: info)
        let export = try Fixtures.assertRoundTrip(graph)
        XCTAssertTrue(export.text.contains(#" gx:shape="tree" gx:base64="gx:source"/>"#))
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "the header's source holds U+0001, which XML 1.0 cannot hold: written as base64 of its UTF-8 bytes "
                    + "and listed in the root's gx:base64"
            ])
    }
}
