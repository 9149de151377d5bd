public import GraphExport

/// The comparison every writer with its own ``GraphWriter/writeRelationships(_:at:)`` passes: the
/// flat exports of ``SampleGraphs/albumGraph(note:tag:)``, its objects numbered and its photos
/// identified by text (``TextIdentifiedSource``), whole and with Album/1 and Photo/2 chosen (four
/// of whose references are to objects left out), each written by the writer directly and behind
/// ``RelationshipsAsEvents``. Photo/6 has an empty to-one (album) and an empty to-many (tags).
public enum RelationshipsFromKeys {
    /// One export written both ways.
    public struct Comparison {
        /// Which source and selection it is, for a failure's message.
        public let context: String
        /// The text the writer wrote from keys.
        public let direct: String
        /// The text the writer wrote from the events.
        public let events: String
        /// How many references the traversal counted outside the selection.
        public let referencesOutsideSelection: Int
        /// How many there are.
        public let expectedOutsideSelection: Int
    }

    /// Each export written by the writers `makeWriter` makes, one per output.
    public static func compare(_ makeWriter: (MemorySink) -> any GraphWriter) throws -> [Comparison] {
        let graph = try SampleGraphs.albumGraph()
        let sources: [(String, any GraphSource)] = [
            ("numbered", graph), ("photos by text", TextIdentifiedSource(graph, textEntities: ["Photo"])),
        ]
        let some = Selection(objects: [ObjectKey(entity: 0, row: 1), ObjectKey(entity: 1, row: 2)])
        var comparisons: [Comparison] = []
        for (name, source) in sources {
            for (selectionName, selection, outside) in [("all", Selection.everything, 0), ("some", some, 4)] {
                let direct = MemorySink()
                let traversal = GraphTraversal(source: source, shape: .flat, selection: selection)
                try traversal.run(into: makeWriter(direct))
                let events = MemorySink()
                try GraphTraversal(source: source, shape: .flat, selection: selection)
                    .run(into: RelationshipsAsEvents(makeWriter(events)))
                comparisons.append(
                    Comparison(
                        context: "\(name), \(selectionName)", direct: String(decoding: direct.bytes, as: UTF8.self),
                        events: String(decoding: events.bytes, as: UTF8.self),
                        referencesOutsideSelection: traversal.referencesOutsideSelection,
                        expectedOutsideSelection: outside))
            }
        }
        return comparisons
    }
}
