import Foundation
import XCTest

/// What a level of nesting costs: a plain SQLite chain of rows, each owning the next (a cascading
/// self reference), exported in the tree shape at two depths; the growth of peak memory over the
/// extra levels, per level, stays under each format's bound (`docs/FORMATS.md` has the figures).
/// JSON Lines and GraphML keep no nesting: the command line writes them flat, so they have no
/// levels to measure here.
final class DeepChainMemoryTests: XCTestCase {
    func testALevelOfNestingCostsAFewHundredBytesInEveryFormatThatNests() throws {
        let (shallow, deep) = (10_000, 60_000)
        let paths = (
            try ScratchDatabase.chain("Node", length: shallow, for: self),
            try ScratchDatabase.chain("Node", length: deep, for: self)
        )
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
