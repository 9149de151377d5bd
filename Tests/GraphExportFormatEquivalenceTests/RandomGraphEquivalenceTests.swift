import GraphExport
import GraphExportTestSupport
import XCTest

/// Random graphs (``RandomGraphGenerator``: every attribute type with its edge values, every kind
/// of relationship, orphans, cycles) read back the same from every format, in both shapes.
final class RandomGraphEquivalenceTests: XCTestCase {
    func testTwentyRandomGraphsReadBackAsTheirSourceFromEveryFormat() throws {
        for seed in UInt64(1)...20 {
            var generator = RandomGraphGenerator(seed: seed)
            try assertFormatsAgree(try generator.makeGraph(), "seed \(seed)")
        }
    }
}
