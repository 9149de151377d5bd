import GraphExport
import GraphExportTestSupport
import GraphExportYAML
import XCTest

/// A flat export's relationships written from keys (``GraphWriter/writeRelationships(_:at:)``)
/// are the bytes their events write, in block and in flow context.
final class YAMLRelationshipsTests: XCTestCase {
    func testRelationshipsFromKeysWriteWhatTheirEventsWrite() throws {
        // A maximum block depth of 0 puts every object's values in flow context.
        for options in [YAMLOptions(), YAMLOptions(indentation: 4), YAMLOptions(maxBlockDepth: 0)] {
            for comparison in try RelationshipsFromKeys.compare({ YAMLGraphWriter(sink: $0, options: options) }) {
                XCTAssertEqual(comparison.direct, comparison.events, "\(comparison.context), \(options)")
            }
        }
    }
}
