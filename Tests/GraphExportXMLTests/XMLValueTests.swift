import Foundation
import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLValueTests: XCTestCase {
    /// The `value` of each `Item`, as the parser reads it in either style; `nil` for null.
    private func values(
        _ values: [Value], type: AttributeType, style: XMLOptions.Style = .attributes
    ) throws -> (texts: [String?], export: WriterOutput) {
        let export = try Fixtures.exportItems(values, type: type, options: XMLOptions(style: style))
        let items = try export.parsedXML().items
        var texts: [String?] = []
        switch style {
        case .attributes:
            for item in Fixtures.elements("Item", in: try export.parsedXML()) {
                let nulls = item["gx:null"]?.split(separator: " ") ?? []
                texts.append(nulls.contains("value") ? nil : item["value"])
            }
        case .elements:
            for (index, item) in items.enumerated() {
                guard case .start(let name, let attributes) = item, name.local == "value" else { continue }
                if attributes.contains(where: { $0.name.local == "null" }) {
                    texts.append(nil)
                } else if case .text(let text) = items[index + 1] {
                    texts.append(text)
                } else {
                    texts.append("")
                }
            }
        }
        XCTAssertEqual(texts.count, values.count)
        for style in XMLOptions.Style.allCases {
            let graph = try SampleGraphs.items(values, type: type)
            try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
        }
        return (texts, export)
    }

    func testIntegersAreExactDigits() throws {
        let integers: [Int64] = [0, 1, -1, 42, 9_007_199_254_740_993, .max, .min]
        for style in XMLOptions.Style.allCases {
            let texts = try values(integers.map { .integer($0) }, type: .integer64, style: style).texts
            XCTAssertEqual(texts, integers.map { String($0) })
        }
    }

    func testFiniteDoublesAreShortestTextThatReadsBackBitForBit() throws {
        let doubles: [Double] = [
            0, -0.0, 0.1, 1e-05, 5, -5, 1e-300, 1e300, 5e20, 1e16, 123_456_789.123_456_78,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .pi,
        ]
        let (texts, export) = try values(doubles.map { .double($0) }, type: .double)
        XCTAssertEqual(texts[0..<5], ["0.0", "-0.0", "0.1", "1e-05", "5.0"])
        XCTAssertEqual(texts[8], "5e+20")
        for (value, text) in zip(doubles, texts) {
            XCTAssertNotNil(text?.wholeMatch(of: /[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([Ee][+-]?[0-9]+)?/), "xsd:double")
            XCTAssertEqual(Double(text ?? "")?.bitPattern, value.bitPattern)
        }
        XCTAssertEqual(export.warnings, [])
    }

    func testNonFiniteDoublesAreTheXSDForms() throws {
        for style in XMLOptions.Style.allCases {
            let (texts, export) = try values(
                [.double(.nan), .double(.infinity), .double(-.infinity), .double(-.nan)], type: .double, style: style)
            XCTAssertEqual(texts, ["NaN", "INF", "-INF", "NaN"])
            XCTAssertEqual(export.warnings, [], "xsd:double holds them: nothing to warn about")
        }
    }

    func testDecimalsAreTheirExactText() throws {
        let decimals = ["-12.50", "3", "0.000001", "123456789012345678901234567890.123456789", "+3E2"]
        XCTAssertEqual(try values(decimals.map { .decimal($0) }, type: .decimal).texts, decimals)
    }

    func testBooleans() throws {
        XCTAssertEqual(try values([.boolean(true), .boolean(false)], type: .boolean).texts, ["true", "false"])
    }

    func testDatesAreISO8601() throws {
        let seconds: [Double] = [0, 526_789_438.203_19, -978_307_200, -1.5, 1e14, -0.0]
        let (texts, export) = try values(seconds.map { .date(Timestamp(secondsSinceReferenceDate: $0)) }, type: .date)
        XCTAssertEqual(
            texts[0..<4],
            ["2001-01-01T00:00:00Z", "2017-09-11T02:23:58.20319Z", "1970-01-01T00:00:00Z", "2000-12-31T23:59:58.5Z"])
        XCTAssertEqual(export.warnings, [])
    }

    func testDatesWithoutISO8601FormAreSecondsWithOneWarningPerAttribute() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (.date, .date)))
        for seconds in [1e16, .nan, -.infinity] {
            let date = Value.date(Timestamp(secondsSinceReferenceDate: seconds))
            try graph.add("Item", ["value": date, "other": date])
        }
        for style in XMLOptions.Style.allCases {
            let export = try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: style))
            XCTAssertEqual(export.warnings.count, 2)
            XCTAssertEqual(
                export.warnings.first?.message,
                "Item.value (Item/1): dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z")
            XCTAssertEqual(
                export.warnings.first?.detail,
                "a date has none when it is not finite, or 10^15 seconds or more from 2001; not finite, it is "
                    + "written as NaN/INF/-INF")
            XCTAssertTrue(export.text.contains(#"value="1e+16""#) || export.text.contains("<value>1e+16</value>"))
        }
        let texts = Fixtures.elements("Item", in: try Fixtures.export(graph).parsedXML()).map { $0["other"] }
        XCTAssertEqual(texts, ["1e+16", "NaN", "-INF"])
    }

    func testBinaryIsBase64() throws {
        let blobs: [[UInt8]] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 255, 254], Array(0...255)]
        let texts = try values(blobs.map { .binary($0) }, type: .binary).texts
        XCTAssertEqual(texts[0..<5], ["", "AA==", "AAE=", "AAEC", "AAEC//4="])
        XCTAssertEqual(texts.map { Data(base64Encoded: $0 ?? "-").map { Array($0) } }, blobs)
    }

    func testUUIDsAreCanonicalLowercaseText() throws {
        let uuid = UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let texts = try values([.uuid(try XCTUnwrap(UUIDValue(bytes: bytes)))], type: .uuid).texts
        XCTAssertEqual(texts, [uuid.uuidString.lowercased()])
    }

    func testURIsAndStringsAreTheirText() throws {
        let uri = "https://example.com/a?b=\"c\"&d=<e>#\u{2028}"
        XCTAssertEqual(try values([.uri(uri)], type: .uri).texts, [uri])
        let strings = [
            "text", "", " ", "]]>", "<a href=\"x\">&amp;</a>", "'\"", "日本語 👩‍👩‍👧‍👦 e\u{301}", "\u{7F}\u{85}\u{FEFF}",
        ]
        for style in XMLOptions.Style.allCases {
            XCTAssertEqual(try values(strings.map { .string($0) }, type: .string, style: style).texts, strings)
        }
    }

    func testNullEmptyAndAbsentAreThreeThings() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        try graph.add("Item", ["value": .string("")])
        try graph.add("Item", ["other": .string("")])
        let attributeStyle = try Fixtures.assertRoundTrip(graph)
        XCTAssertTrue(attributeStyle.text.contains(#"<Item gx:id="Item/1" value="" gx:null="other"/>"#))
        XCTAssertTrue(attributeStyle.text.contains(#"<Item gx:id="Item/2" other="" gx:null="value"/>"#))
        let elementStyle = try Fixtures.assertRoundTrip(graph, options: XMLOptions(style: .elements))
        XCTAssertTrue(
            elementStyle.text.contains(#"<Item gx:id="Item/1"><value></value><other gx:null="true"/></Item>"#))
        let items = Fixtures.elements("Item", in: try attributeStyle.parsedXML())
        XCTAssertEqual(items[0]["value"], "")
        XCTAssertNil(items[0]["other"], "a null attribute is not written as an XML attribute")
    }
}
