import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

final class YAMLNestingTests: XCTestCase {
    private let document = WriterChain.document

    func testHundredThousandLevelsOfNestingTakeLinearSpace() throws {
        let depth = 100_000
        let sink = try WriterChain.output(depth: depth) { YAMLGraphWriter(sink: $0) }

        let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
        // The header, four lines for each of the 32 objects in block style, of which the last
        // ends with the to-one relationship that holds the rest of the chain in flow style on the
        // same line, and the empty string after the final line break.
        XCTAssertEqual(lines.count, 5 + 4 * 32 + 1)
        XCTAssertEqual(lines[5], "- \"@id\": N0")
        XCTAssertTrue(lines[5 + 4 * 31].hasSuffix("  - \"@id\": N31"))
        XCTAssertTrue(lines[5 + 4 * 31].hasPrefix(String(repeating: " ", count: 60) + "  - "))
        let flow = lines[5 + 4 * 32 - 1]
        XCTAssertTrue(
            flow.hasPrefix(
                String(repeating: " ", count: 64)
                    + #"child: {"@id": N32, "@type": Node, level: 32, child: [{"@id": N33, "@type": Node, level: 33,"#),
            String(flow.prefix(200)))
        XCTAssertTrue(flow.contains(#"{"@id": N99999, "@type": Node, level: 99999, child: null}]}}]}}]}"#))
        XCTAssertTrue(flow.hasSuffix("}]}}]}"), String(flow.suffix(40)))
        XCTAssertEqual(lines.last, "")
        XCTAssertLessThan(sink.bytes.count, 6_000_000)

        let (open, deepest, shallowest) = NestingStreams.bracketDepths(flow.utf8)
        XCTAssertEqual(open, 0)
        XCTAssertEqual(shallowest, 0)
        let flowObjects = depth - 32
        XCTAssertEqual(deepest, flowObjects + flowObjects / 2)
    }

    func testDeepChainsReadAsTheJSONExportReads() throws {
        // JSONSerialization stops at 512 levels of nesting; libyaml's parser takes time quadratic in
        // the flow depth, so some hundreds of levels are as deep as stays quick.
        let chain = makeChain(length: 200)
        for options in [YAMLOptions(), YAMLOptions(maxBlockDepth: 0), YAMLOptions(maxBlockDepth: 200)] {
            try Fixtures.assertSameDataAsJSON(chain, options: options)
        }
        let sink = try WriterChain.output(depth: 600) { YAMLGraphWriter(sink: $0) }
        let reader = try ParsedYAML.parse(sink.bytes)
        XCTAssertEqual(reader.maxDepth, 2 + 600 + 300)
    }

    func testObjectsNestInBlockStyleUpToTheLimit() throws {
        for limit in [0, 1, 2, 5] {
            let sink = MemorySink()
            try NestingStreams.writeChain(
                depth: 8, document: document,
                into: YAMLGraphWriter(sink: sink, options: YAMLOptions(maxBlockDepth: limit)))
            let blockObjects = sink.text.split(separator: "\n").filter { $0.hasSuffix("\"@type\": Node") }
            XCTAssertEqual(blockObjects.count, limit)
            XCTAssertEqual(sink.text.components(separatedBy: "{\"@id\": N").count - 1, 8 - limit)
        }
    }

    func testSinkErrorsAreRethrownAsTheyAreAndStopTheDocument() throws {
        let sink = WriterFailingSink(capacity: 50_000)
        let writer = GraphStream(YAMLGraphWriter(sink: sink))
        try writer.begin(document)
        var thrown: (any Error)?
        for index in 0..<10_000 where thrown == nil {
            do {
                try writer.write(.beginObject(entity: "Item", id: ObjectID("Item/\(index)")))
                try writer.write(.endObject)
            } catch {
                thrown = error
            }
        }
        XCTAssertEqual(thrown as? OutputError, .writeFailed(errno: 28, reason: "disk full"))
        // The stream is stopped: every later call throws the sink's error again.
        XCTAssertThrowsError(try writer.write(.endObject)) {
            XCTAssertEqual($0 as? OutputError, .writeFailed(errno: 28, reason: "disk full"))
        }
        XCTAssertThrowsError(try writer.finish()) {
            XCTAssertEqual($0 as? OutputError, .writeFailed(errno: 28, reason: "disk full"))
        }
        XCTAssertGreaterThan(sink.bytes.count, 0)

        let late = WriterFailingSink(capacity: 10)
        let small = GraphStream(YAMLGraphWriter(sink: late))
        try small.begin(document)
        XCTAssertThrowsError(try small.finish()) {
            guard case .writeFailed? = $0 as? OutputError else { return XCTFail("\($0)") }
        }
    }

    func testLibyamlErrorsNameTheCallAndTheProblem() {
        let error = YAMLWriterError.libyaml(call: "yaml_emitter_emit", problem: "expected SCALAR")
        XCTAssertEqual(error.description, "libyaml failed in yaml_emitter_emit: expected SCALAR")
    }
}
