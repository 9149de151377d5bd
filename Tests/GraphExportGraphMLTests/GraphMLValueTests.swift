import Foundation
import GraphExport
import GraphExportGraphML
import GraphExportTestSupport
import XCTest

final class GraphMLValueTests: XCTestCase {
    func testIntegersAreExactDigits() throws {
        let values: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        let parsed = try Fixtures.exportItems(values.map { .integer($0) }, type: .integer64).parsedGraphML()
        XCTAssertEqual(Fixtures.itemValues(parsed), values.map { String($0) })
    }

    func testDoublesReadBackBitForBitAndNonFiniteOnesAreNaNAndINF() throws {
        let values: [Double] = [
            0, -0.0, 0.1, 1e-05, 5e20, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi, .nan, .infinity,
            -.infinity,
        ]
        let export = try Fixtures.exportItems(values.map { .double($0) }, type: .double)
        let texts = Fixtures.itemValues(try export.parsedGraphML())
        XCTAssertEqual(texts[0..<5], ["0.0", "-0.0", "0.1", "1e-05", "5e+20"])
        XCTAssertEqual(texts[8...], ["NaN", "INF", "-INF"])
        for (value, text) in zip(values, texts) where value.isFinite {
            XCTAssertEqual(Double(text ?? "")?.bitPattern, value.bitPattern, text ?? "nil")
        }
        XCTAssertEqual(export.warnings, [])
    }

    func testDecimalsBooleansUUIDsURIsAndBinaryAreText() throws {
        let export = try Fixtures.exportItems([
            .decimal("-12.50"), .decimal("123456789012345678901234567890.1"), .boolean(true), .boolean(false),
            .uuid(UUIDValue(bytes: Array(0..<16))!), .uri("https://example.com/a?b=\"c\"&d=<e>"), .binary([]),
            .binary([0, 1, 2, 255, 254]), .null,
        ])
        XCTAssertEqual(
            Fixtures.itemValues(try export.parsedGraphML()),
            [
                "-12.50", "123456789012345678901234567890.1", "true", "false", "00010203-0405-0607-0809-0a0b0c0d0e0f",
                "https://example.com/a?b=\"c\"&d=<e>", "", "AAEC//4=", nil,
            ])
    }

    func testDatesAreISO8601AndOthersSecondsWithOneWarningPerAttribute() throws {
        let seconds: [Double] = [0, 526_789_438.203_19, -978_307_200, -1.5, 1e16, .nan, -.infinity]
        let export = try Fixtures.exportItems(
            seconds.map { .date(Timestamp(secondsSinceReferenceDate: $0)) }, type: .date)
        XCTAssertEqual(
            Fixtures.itemValues(try export.parsedGraphML()),
            [
                "2001-01-01T00:00:00Z", "2017-09-11T02:23:58.20319Z", "1970-01-01T00:00:00Z",
                "2000-12-31T23:59:58.5Z", "1e+16", "NaN", "-INF",
            ])
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].message.hasPrefix("Item.value (Item/5): dates with no ISO 8601 form"))
    }

    func testTabLineFeedAndCarriageReturnSurviveInTextAndIdentifiers() throws {
        let text = "tab\there\r\nline\rend\n  <&>\"'  "
        let id = "odd id\t\"<&>\r\n"
        let parsed = try Fixtures.parse(writing: [
            .beginObject(entity: try SampleGraphs.itemModel().entities[0].name, id: ObjectID(id)),
            .attribute(name: "value", value: .string(text)), .beginRelationship(name: "self", isToMany: false),
            .reference(ObjectID(id)), .endRelationship, .endObject,
        ])
        XCTAssertEqual(parsed.nodes.map(\.id), [id])
        XCTAssertEqual(parsed.named(parsed.nodes[0].data)["value"], text)
        XCTAssertEqual(parsed.edges.map(\.source), [id])
        XCTAssertEqual(parsed.edges.map(\.target), [id])
        XCTAssertFalse(parsed.nodes[0].data.contains { $0.isBase64 })
    }

    func testTextXMLCannotHoldIsBase64MarkedWithOneWarningPerAttribute() throws {
        let texts = ["nul\u{0}inside", "\u{1}\u{1F}", "\u{FFFE}\u{FFFF}", "fine \u{FFFD} 😀"]
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        for text in texts {
            try graph.add("Item", ["value": .string(text), "other": .uri(text)])
        }
        let export = try Fixtures.export(graph)
        let parsed = try export.parsedGraphML()
        XCTAssertEqual(Fixtures.itemValues(parsed), texts, "decoded, every value is back")
        XCTAssertEqual(
            parsed.nodes.map { $0.data.filter(\.isBase64).count }, [2, 2, 2, 0], "both attributes marked")
        XCTAssertEqual(
            parsed.nodes[0].data.first { $0.key == "a0" }?.text, Data("nul\u{0}inside".utf8).base64EncodedString())
        XCTAssertEqual(
            export.warnings.map(\.message),
            [
                "Item.value (Item/1): U+0000 cannot be written in XML 1.0, so text of this attribute holding such "
                    + #"characters is written as base64 of its UTF-8 bytes, marked gx:encoding="base64""#,
                "Item.other (Item/1): U+0000 cannot be written in XML 1.0, so text of this attribute holding such "
                    + #"characters is written as base64 of its UTF-8 bytes, marked gx:encoding="base64""#,
            ])
    }

    func testNamesAndHeaderFieldsXMLCannotHoldAreBase64Too() throws {
        // Such an entity name would be in the in-memory graph's identifiers too: the events are
        // written by hand.
        let log = WarningLog()
        let parsed = try Fixtures.parse(
            writing: [
                .beginObject(entity: "Odd\u{1}Entity", id: ObjectID("odd/1")),
                .attribute(name: "a\u{2}b", value: .integer(5)),
                .beginRelationship(name: "r\u{3}", isToMany: false), .reference(ObjectID("odd/1")), .endRelationship,
                .endObject,
            ],
            document: DocumentInfo(generator: "graphexport", sourceKind: "test", source: "file\u{4}.sqlite"), log: log)

        XCTAssertEqual(parsed.header["source"], "file\u{4}.sqlite")
        XCTAssertTrue(try XCTUnwrap(parsed.graphData.first { $0.key == "g.source" }).isBase64)
        let key = try XCTUnwrap(parsed.keys.first { $0.name == "a\u{2}b" })
        XCTAssertTrue(key.isBase64)
        XCTAssertEqual(key.type, "long", "without the model, typed by the value")
        XCTAssertEqual(parsed.named(parsed.nodes[0].data), ["@type": "Odd\u{1}Entity", "a\u{2}b": "5"])
        XCTAssertTrue(parsed.nodes[0].data[0].isBase64)
        XCTAssertEqual(parsed.named(parsed.edges[0].data), ["label": "r\u{3}"])
        XCTAssertEqual(
            log.messages.map { String($0.prefix(24)) },
            [
                "entity name \"Odd\\u{01}En", "the GraphML writer was n", "relationship name \"r\\u{0",
                "attribute name \"a\\u{02}b", "the header's source hold",
            ])
    }

    func testIdentifiersXMLCannotHoldAreErrors() throws {
        for events: [GraphEvent] in [
            [.beginObject(entity: "A", id: ObjectID("A/\u{1}"))],
            [
                .beginObject(entity: "A", id: ObjectID("A/1")), .beginRelationship(name: "r", isToMany: true),
                .reference(ObjectID("B\u{FFFF}")),
            ],
        ] {
            let thrown = firstWriterError(
                afterBeginning: events, into: GraphMLGraphWriter(sink: MemorySink()), document: SampleGraphs.document)
            let error = try XCTUnwrap(thrown as? GraphMLWriterError)
            guard case .unwritableIdentifier(_, let character) = error else { return XCTFail("\(error)") }
            XCTAssertTrue([Unicode.Scalar(1), Unicode.Scalar(0xFFFF)].contains(character))
            XCTAssertTrue(error.description.contains("which XML 1.0 cannot hold: use another export format"))
        }
    }
}
