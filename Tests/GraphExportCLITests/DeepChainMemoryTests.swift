import Foundation
import XCTest

/// What a level of nesting costs: a plain SQLite chain of rows, each owning the next (a cascading
/// self reference), exported in the tree shape at two depths; the growth of peak memory over the
/// extra levels, per level, stays under each format's bound (`docs/FORMATS.md` has the figures).
/// JSON Lines and GraphML keep no nesting: the command line writes them flat, so they have no
/// levels to measure here.
final class DeepChainMemoryTests: XCTestCase {
    /// The path of a database whose table `Node` holds a chain of `depth` rows.
    private func chain(_ depth: Int) throws -> String {
        try ScratchDatabase.make(
            "chain.sqlite",
            sql: """
                CREATE TABLE Node (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES Node(id) ON DELETE CASCADE,
                    label TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(depth))
                INSERT INTO Node SELECT i, nullif(i - 1, 0), 'n' || i FROM n;
                """, for: self
        ).appendingPathComponent("chain.sqlite").path
    }

    func testALevelOfNestingCostsAFewHundredBytesInEveryFormatThatNests() throws {
        let (shallow, deep) = (10_000, 60_000)
        let paths = (try chain(shallow), try chain(deep))
        // Bytes per level at these depths (debug build): json 359, yaml 314, xml 454, plist 487;
        // before the traversal kept its levels in shared arrays: 530, 500, 680, 718.
        let bounds = ["json": 450, "yaml": 410, "xml": 570, "plist": 600]
        for (format, bound) in bounds.sorted(by: { $0.key < $1.key }) {
            let growth =
                try PeakMemory.bytes(["--depth", "0", "--format", format, paths.1])
                - PeakMemory.bytes(["--depth", "0", "--format", format, paths.0])
            let perLevel = growth / (deep - shallow)
            XCTAssertLessThan(perLevel, bound, "\(format): \(perLevel) bytes per level of nesting")
        }
    }
}
