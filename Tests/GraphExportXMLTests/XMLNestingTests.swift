import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLNestingTests: XCTestCase {
    func testHundredThousandLevelsOfNestingWriteAndReadBack() throws {
        let depth = 100_000
        let sink = try WriterChain.output(depth: depth) { XMLGraphWriter(sink: $0) }
        let text = sink.text
        XCTAssertTrue(text.contains(#"<Node gx:id="N0" level="0"><child><Node gx:id="N1" level="1"><child>"#))
        XCTAssertTrue(
            text.contains(#"<Node gx:id="N99999" level="99999"><child gx:null="true"/></Node></child></Node></child>"#))
        XCTAssertTrue(text.hasSuffix("</child></Node></gx:export>\n"))

        // libxml2's SAX2 reading: its tree builder would take minutes at this depth.
        let items = try ParsedXML.parseStreaming(sink.bytes).items
        XCTAssertEqual(items.count, 4 * depth + 2)
        guard case .start(let root, _) = items[0],
            root == XMLName(namespace: XMLGraphWriter.namespace, local: "export")
        else { return XCTFail("no root") }
        let gxID = XMLName(namespace: XMLGraphWriter.namespace, local: "id")
        let levelName = XMLName(namespace: nil, local: "level")
        for level in 0..<depth {
            let object = XMLItem.start(
                XMLName(namespace: nil, local: "Node"),
                attributes: [(gxID, "N\(level)"), (levelName, String(level))])
            let isInnermostToOne = level == depth - 1 && level % 2 == 1
            let child = XMLItem.start(
                XMLName(namespace: nil, local: "child"),
                attributes: isInnermostToOne
                    ? [(XMLName(namespace: XMLGraphWriter.namespace, local: "null"), "true")] : [])
            guard items[1 + 2 * level] == object, items[2 + 2 * level] == child else {
                return XCTFail("level \(level): \(items[1 + 2 * level]) \(items[2 + 2 * level])")
            }
        }
        XCTAssertTrue(items[(2 * depth + 1)...].allSatisfy { $0 == .end })
    }

    func testDeepPrettyNestingReadsBackLikeCompact() throws {
        let graph = makeChain(length: 300)
        for style in XMLOptions.Style.allCases {
            let compact = try Fixtures.export(graph, options: XMLOptions(style: style))
            let pretty = try Fixtures.assertRoundTrip(graph, options: XMLOptions(pretty: true, style: style))
            XCTAssertEqual(try compact.parsedXML().items, try pretty.parsedXML().withoutLayout)
            XCTAssertTrue(pretty.text.contains("\n" + String(repeating: "  ", count: 599) + "<Node gx:id=\"Node/300\""))
        }
    }

    /// XML's own errors; the stream's grammar is the contract suite's (`WriterContractTests`).
    func testIdentifiersXMLCannotHoldThrowNamingTheCharacter() {
        let cases: [([GraphEvent], XMLWriterError)] = [
            (
                [.beginObject(entity: "A", id: ObjectID("A/\u{0}"))],
                .unwritableIdentifier(id: "A/\u{0}", character: "\u{0}")
            ),
            (
                [NestingStreams.a, NestingStreams.toMany, .reference(ObjectID("B\u{FFFE}"))],
                .unwritableIdentifier(id: "B\u{FFFE}", character: "\u{FFFE}")
            ),
        ]
        for (events, expected) in cases {
            XCTAssertEqual(
                firstWriterError(afterBeginning: events, into: XMLGraphWriter(sink: MemorySink())) as? XMLWriterError,
                expected, "\(events)")
        }
        let errors = Set(cases.map(\.1) + [.libxml2Failure(call: "xmlTextWriterStartElement")])
        let sentences = Set(errors.map(\.description))
        XCTAssertEqual(sentences.count, errors.count)
        XCTAssertTrue(
            sentences.contains(
                "object identifier 'A/\\0' holds U+0000, which XML 1.0 cannot hold: use another export format"))
    }

    func testTheSinksErrorIsRethrownAsItIs() throws {
        let sink = WriterFailingSink(capacity: 0)
        let writer = GraphStream(XMLGraphWriter(sink: sink))
        var thrown: [any Error] = []
        let graph = makeChain(length: 20_000)
        do {
            try GraphTraversal(source: graph).run(into: writer)
        } catch {
            thrown.append(error)
        }
        XCTAssertEqual(thrown.first as? OutputError, .writeFailed(errno: 28, reason: "disk full"))
        XCTAssertEqual(sink.calls, 1, "no write after the sink failed")
        XCTAssertThrowsError(try writer.write(.endObject)) {
            XCTAssertEqual($0 as? OutputError, .writeFailed(errno: 28, reason: "disk full"))
        }
        XCTAssertEqual(sink.calls, 1)
    }

    func testTheSinkGetsLargeBlocks() throws {
        let sink = WriterFailingSink(capacity: .max)
        try NestingStreams.writeChain(depth: 30_000, document: WriterChain.document, into: XMLGraphWriter(sink: sink))
        XCTAssertGreaterThan(sink.bytes.count, 1_000_000)
        XCTAssertLessThan(sink.calls, sink.bytes.count / 50_000)
    }

    func testAnUnfinishedWriterWritesNothingMoreWhenReleased() throws {
        let sink = MemorySink()
        do {
            let writer = GraphStream(XMLGraphWriter(sink: sink))
            try writer.begin(WriterChain.document)
            try writer.write(.beginObject(entity: "A", id: ObjectID("A/1")))
        }
        XCTAssertEqual(sink.bytes, [])
    }
}
