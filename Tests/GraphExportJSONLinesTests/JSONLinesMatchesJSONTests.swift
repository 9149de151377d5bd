// Compares with the JSON format's writer itself, when the test target can see it: add
// "GraphExportJSON" to the dependencies of GraphExportJSONLinesTests in Package.swift to run it.
#if canImport(GraphExportJSON)
    import GraphExport
    import GraphExportJSON
    import GraphExportJSONLines
    import GraphExportTestSupport
    import XCTest

    final class JSONLinesMatchesJSONTests: XCTestCase {
        /// Every line, in either shape, is byte for byte (after reading both strictly) the object the
        /// JSON writer writes for the same object in the flat shape, where it too nests nothing.
        func testEveryLineIsTheJSONWritersFlatObject() throws {
            var graphs: [InMemoryGraph] = [try SampleGraphs.scrapbook(), try SampleGraphs.albumGraph()]
            for seed in UInt64(100)...130 {
                var generator = RandomGraphGenerator(seed: seed)
                graphs.append(try generator.makeGraph())
            }
            for graph in graphs {
                let sink = MemorySink()
                try GraphTraversal(source: graph, shape: .flat).run(into: JSONGraphWriter(sink: sink))
                let document = try XCTUnwrap(try StrictJSON.parse(sink.bytes).members)
                guard case .array(let objects) = try XCTUnwrap(document.last?.value) else {
                    return XCTFail("no @graph array")
                }
                var expected: [String: String] = [:]
                for object in objects {
                    guard case .string(let id) = try XCTUnwrap(object.members?.first?.value) else {
                        return XCTFail("no @id")
                    }
                    expected[id] = object.canonicalText
                }
                for shape in ExportShape.allCases {
                    let lines = try Fixtures.export(graph, shape: shape).nodes().dropFirst()
                    XCTAssertEqual(lines.count, expected.count)
                    for line in lines {
                        guard case .string(let id) = try XCTUnwrap(line.members?.first?.value) else {
                            return XCTFail("no @id")
                        }
                        XCTAssertEqual(line.canonicalText, expected[id], "\(shape) \(id)")
                    }
                }
            }
        }
    }

    extension StrictJSON.Value {
        /// The value written out again in one fixed way: members in order, numbers as read.
        var canonicalText: String {
            switch self {
            case .object(let members):
                return "{"
                    + members.map { "\($0.key.debugDescription):\($0.value.canonicalText)" }.joined(separator: ",")
                    + "}"
            case .array(let elements): return "[" + elements.map(\.canonicalText).joined(separator: ",") + "]"
            case .string(let text): return text.debugDescription
            case .number(let text): return text
            case .bool(let value): return String(value)
            case .null: return "null"
            }
        }
    }
#endif
