import GraphExport
import GraphExportTestSupport
import XCTest

/// When each writer's output reaches its sink: nothing at `begin`, then the objects as they come
/// (strings longer than a block too), all but the last block before `finish()`, except GraphML's, which keeps its nodes in a
/// temporary file until it has seen every key and writes everything at `finish()`.
final class SinkStreamingTests: XCTestCase {
    /// The writers that write nothing before `finish()`.
    private static let holdUntilFinish: Set<String> = ["GraphML"]

    /// At most what a streaming writer holds back before `finish()`: its last block.
    private static let lastBlock = 65_536

    func testOutputReachesTheSinkAsTheObjectsCome() throws {
        let count = 5000
        let short = Value.string(String(repeating: "x", count: 100))
        let long = Value.string(String(repeating: "x", count: 100_000))
        for (name, make) in everyWriterIgnoringWarnings {
            let sink = WriterFailingSink(capacity: .max)
            let writer = GraphStream(make(sink))
            try writer.begin(WriterChain.document)
            XCTAssertEqual(sink.bytes.count, 0, "\(name): nothing is written until there is a block")
            for index in 0..<count {
                try writer.write(.beginObject(entity: "Item", id: ObjectID("Item/\(index)")))
                try writer.write(.attribute(name: "text", value: index < 3 ? long : short))
                try writer.write(.endObject)
            }
            let beforeFinish = sink.bytes.count
            try writer.finish()
            if Self.holdUntilFinish.contains(name) {
                XCTAssertEqual(beforeFinish, 0, "\(name): the nodes wait in the temporary file")
            } else {
                XCTAssertGreaterThan(beforeFinish, sink.bytes.count - Self.lastBlock, "\(name) holds back its output")
            }
            let output = String(decoding: sink.bytes, as: UTF8.self)
            XCTAssertEqual(output.components(separatedBy: "Item/").count - 1, count, "\(name): every object once")
            switch name {
            case "JSON Lines":
                XCTAssertEqual(output.split(separator: "\n").count, 1 + count)
            case "XML attributes", "XML elements":
                XCTAssertNoThrow(try ParsedXML.parse(sink.bytes), name)
            case "property list":
                XCTAssertNoThrow(try ParsedXML.parse(sink.bytes), name)
                XCTAssertTrue(output.hasSuffix("</dict></array></dict></plist>\n"))
            case "GraphML":
                let parsed = try ParsedGraphML.parse(sink.bytes)
                XCTAssertEqual(parsed.nodes.map(\.id), (0..<count).map { "Item/\($0)" })
            default: break
            }
        }
    }
}
