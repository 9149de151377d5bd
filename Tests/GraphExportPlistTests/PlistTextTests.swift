import Foundation
import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistTextTests: XCTestCase {
    /// Every character XML 1.0 leaves out: U+0000–U+001F but tab, line feed and carriage return,
    /// and U+FFFE and U+FFFF.
    private let nonCharacters: [Unicode.Scalar] = {
        let controls = (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { Unicode.Scalar(UInt8($0)) }
        return controls + ["\u{FFFE}", "\u{FFFF}"]
    }()

    func testTextXMLCannotHoldIsUTF8DataListedInAtUTF8Data() throws {
        let texts =
            nonCharacters.map { "a\(Character($0))b" } + ["nul\u{0}inside", "\u{1}\u{2}\u{1F}", "\u{FFFE}\u{FFFF}"]
        let export = try Fixtures.exportItems(texts.map { .string($0) })
        XCTAssertEqual(
            Fixtures.rawValues(in: export), texts.map { "<data>\(Data($0.utf8).base64EncodedString())</data>" })
        XCTAssertEqual(
            export.text.components(separatedBy: "<key>@utf8Data</key><array><string>value</string></array>").count,
            texts.count + 1)
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Item.value (Item/1): U+0000 cannot be written in XML 1.0, so text of this attribute holding such "
                    + "characters is written as <data> of its UTF-8 bytes, listed in the object's @utf8Data"
            ])
        XCTAssertNil(libxml2Problem(export.bytes))
        try PythonPlistlib.require()
        let values = try export.itemValues()
        XCTAssertEqual(values.count, texts.count)
        for (value, text) in zip(values, texts) {
            guard case .string(let read) = value else { return XCTFail("\(value) for \(text.debugDescription)") }
            XCTAssertTrue(read.utf8.elementsEqual(text.utf8), text.debugDescription)
        }
    }

    func testTextXMLCanHoldIsAStringThatReadsBackByteForByte() throws {
        let texts = [
            "tab\there", "line\nbreak", "cr\r\nlf", "lone\rcr", "\r", " ", "  leading and trailing  ", "]]>",
            "<a href=\"x\">&amp;</a>", "'single' \"double\"", "\u{7F}\u{85}\u{2028}\u{2029}", "\u{FEFF}bom", "\u{FFFD}",
            "\u{10FFFF}", "é", "e\u{301}", "日本語テキスト", "👩‍👩‍👧‍👦", "\u{202E}reversed", "",
            String(repeating: "ab日\t", count: 40_000),
        ]
        let export = try Fixtures.exportItems(texts.map { .string($0) })
        XCTAssertEqual(export.warnings, [])
        XCTAssertFalse(export.text.contains("@utf8Data"))
        XCTAssertEqual(
            Fixtures.rawValues(in: export)[2..<5],
            ["<string>cr&#13;\nlf</string>", "<string>lone&#13;cr</string>", "<string>&#13;</string>"])
        XCTAssertNil(libxml2Problem(export.bytes))
        try PythonPlistlib.require()
        let values = try export.graph().map { object -> String? in
            guard case .string(let text)? = object.members?.first(where: { $0.key == "value" })?.value else {
                return nil
            }
            return text
        }
        XCTAssertEqual(values.count, texts.count)
        for (value, text) in zip(values, texts) {
            XCTAssertTrue(value?.utf8.elementsEqual(text.utf8) ?? false, text.debugDescription.prefix(80) + "")
        }
    }

    func testDecimalsAndURIsXMLCannotHoldAreDataToo() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (.decimal, .uri)))
        try graph.add("Item", ["value": .decimal("1\u{0}"), "other": .uri("x:\u{1}")])
        let export = try Fixtures.export(graph)
        XCTAssertTrue(
            export.text.contains(
                "<key>value</key><data>MQA=</data><key>other</key><data>eDoB</data>"
                    + "<key>@utf8Data</key><array><string>value</string><string>other</string></array>"))
        XCTAssertEqual(export.warnings.count, 2)
        try PythonPlistlib.require()
        let decoded = try PlistGraphReader(model: graph.model).read(try export.load())
        XCTAssertEqual(
            decoded.events.filter { if case .attribute = $0 { return true } else { return false } },
            [.attribute(name: "value", value: .decimal("1\u{0}")), .attribute(name: "other", value: .uri("x:\u{1}"))])
    }

    func testIdentifiersAndEntityNamesXMLCannotHoldAreDataToo() throws {
        let events: [GraphEvent] = [
            .beginObject(entity: "Odd\u{1}", id: ObjectID("Odd/\u{0}1")),
            .beginRelationship(name: "link", isToMany: false), .reference(ObjectID("Odd/\u{FFFF}2")),
            .endRelationship, .endObject,
        ]
        let sink = MemorySink()
        let log = WarningLog()
        XCTAssertNil(
            firstWriterError(afterBeginning: events, into: PlistGraphWriter(sink: sink) { log.warnings.append($0) }))
        XCTAssertTrue(
            sink.text.contains(
                "<dict><key>@id</key><data>T2RkLwAx</data><key>@type</key><data>T2RkAQ==</data>"
                    + "<key>link</key><dict><key>@id</key><data>T2RkL++/vzI=</data>"
                    + "<key>@utf8Data</key><array><string>@id</string></array></dict>"
                    + "<key>@utf8Data</key><array><string>@id</string><string>@type</string></array></dict>"))
        XCTAssertEqual(log.warnings.count, 2, "one for identifiers, one for the entity")
        XCTAssertNil(libxml2Problem(sink.bytes))
        try PythonPlistlib.require()
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Odd\u{1}",
                relationships: [RelationshipInfo(name: "link", destination: "Odd\u{1}", isToMany: false)])
        ])
        XCTAssertEqual(try PlistGraphReader(model: model).read(try PythonPlistlib.load(sink.bytes)).events, events)
    }

    func testNamesXMLCannotHoldAreErrorsThatWriteNothing() throws {
        let sink = MemorySink()
        let writer = GraphStream(PlistGraphWriter(sink: sink))
        try writer.begin(WriterChain.document)
        try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        XCTAssertThrowsError(try writer.write(.attribute(name: "bad\u{1}", value: .integer(1)))) {
            XCTAssertEqual(
                $0 as? PlistWriterError, .unwritableName(name: "bad\u{1}", character: "\u{1}", id: "A/1"))
        }
        XCTAssertThrowsError(try writer.write(.attribute(name: "null\u{0}", value: .null)))
        XCTAssertThrowsError(try writer.write(.beginRelationship(name: "rel\u{FFFE}", isToMany: true)))
        try writer.write(.attribute(name: "good", value: .integer(1)))
        try writer.write(.endObject)
        try writer.finish()
        XCTAssertTrue(
            sink.text.contains("<key>@type</key><string>A</string><key>good</key><integer>1</integer></dict>"))
        XCTAssertNil(libxml2Problem(sink.bytes))
        XCTAssertEqual(
            PlistWriterError.unwritableName(name: "bad\u{1}", character: "\u{1}", id: "A/1").description,
            #"A/1: the name "bad\u{01}" holds U+0001, which XML 1.0 cannot hold, so it cannot be a property list key: "#
                + "rename it or export another format")
    }
}
