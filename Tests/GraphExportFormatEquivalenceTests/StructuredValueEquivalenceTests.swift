import GraphExport
import GraphExportTestSupport
import XCTest

/// Arrays and maps, nested, with hostile keys and elements, read back the same from every format
/// (``NeutralValue/structured(_:)``: shape, keys and null exactly, every other element as its text).
final class StructuredValueEquivalenceTests: XCTestCase {
    func testArraysAndMapsReadBackAsTheirSourceFromEveryFormat() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel(types: (.transformable, .transformable)))
        let values: [[String: Value]] = [
            [
                "value": .array([
                    .string("a"), .integer(-2), .double(0.1), .null, .boolean(false), .array([]), .map([:]),
                    .decimal("12.50"), .binary([0, 1, 255]), .date(Timestamp(secondsSinceReferenceDate: 0)),
                ]),
                "other": .map([
                    "@id": .string("not a marker"), "@@x": .integer(1), "": .string(""),
                    "line\nbreak": .string("tab\t"),
                    "nested": .map(["deeper": .array([.array([.string("<&>\"'")])])]), "null": .null,
                ]),
            ],
            ["value": .array([.string("only")]), "other": .binary([1, 2, 3])],
            ["value": .null, "other": .map(["é": .string("e\u{301}")])],
        ]
        for value in values { _ = try graph.add("Item", value) }
        try assertFormatsAgree(graph, "arrays and maps in memory")
    }
}
