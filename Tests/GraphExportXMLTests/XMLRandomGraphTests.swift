import GraphExport
import GraphExportTestSupport
import GraphExportXML
import XCTest

final class XMLRandomGraphTests: XCTestCase {
    /// Random models and graphs (every attribute type, every kind of relationship, ownership
    /// cycles, values with their edge cases, text with NUL and other characters XML cannot hold)
    /// in both shapes and both styles: the output is well-formed and namespace-well-formed, and it
    /// reads back into exactly the events the traversal produced.
    func testRandomGraphsAreWellFormedAndReadBackExactly() throws {
        for seed in UInt64(1)...40 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            for shape in ExportShape.allCases {
                for style in XMLOptions.Style.allCases {
                    let options = XMLOptions(pretty: seed % 2 == 0, style: style)
                    try Fixtures.assertRoundTrip(graph, shape: shape, options: options)
                }
            }
        }
    }
}
