import Foundation
import GraphExport
import GraphExportJSON
import GraphExportTestSupport
import XCTest

final class JSONNestingTests: XCTestCase {
    func testHundredThousandLevelsOfNesting() throws {
        let depth = 100_000
        let sink = try WriterChain.output(depth: depth) { JSONGraphWriter(sink: $0) }

        let prefix = Array(
            #"{"@source":{"generator":"graphexport","sourceKind":"test","shape":"tree"},"@graph":["#.utf8)
        var expectedCount = prefix.count + Array("]}\n".utf8).count
        for level in 0..<depth {
            expectedCount += #"{"@id":"N","@type":"Node","level":,"child":}"#.utf8.count + 2 * String(level).utf8.count
            expectedCount += level % 2 == 0 ? 2 : 0  // the brackets of a to-many relationship
        }
        expectedCount += (depth - 1) % 2 == 0 ? 0 : 4  // the innermost relationship: [] or null
        XCTAssertEqual(sink.bytes.count, expectedCount)
        XCTAssertEqual(Array(sink.bytes.prefix(prefix.count)), prefix)
        let text = sink.text
        XCTAssertTrue(
            text.hasPrefix(
                String(decoding: prefix, as: UTF8.self) + #"{"@id":"N0","@type":"Node","level":0,"child":[{"@id":"N1""#)
        )
        XCTAssertTrue(text.hasSuffix(#"]}}]}]}"# + "\n"))
        XCTAssertTrue(text.contains(#"{"@id":"N99999","@type":"Node","level":99999,"child":null}]}}]}"#))

        let (open, deepest, shallowest) = NestingStreams.bracketDepths(sink.bytes)
        XCTAssertEqual(open, 0)
        XCTAssertEqual(shallowest, 0)
        XCTAssertEqual(deepest, 2 + depth + depth / 2)
    }

    func testDeepPrettyNestingMatchesCompact() throws {
        let compact = try WriterChain.output(depth: 100) { JSONGraphWriter(sink: $0) }
        let pretty = try WriterChain.output(depth: 100) {
            JSONGraphWriter(sink: $0, options: JSONOptions(pretty: true))
        }
        let compactDocument = try JSONSerialization.jsonObject(with: Data(compact.bytes)) as? NSDictionary
        let prettyDocument = try JSONSerialization.jsonObject(with: Data(pretty.bytes)) as? NSDictionary
        XCTAssertNotNil(compactDocument)
        XCTAssertEqual(compactDocument, prettyDocument)
        XCTAssertTrue(pretty.text.hasSuffix("\n  ]\n}\n"))
    }

}
