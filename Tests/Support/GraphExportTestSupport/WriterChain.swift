public import GraphExport

/// A chain of nested objects written straight into one writer, for the formats' nesting suites.
public enum WriterChain {
    /// The header of the chain's document, and of the other streams the nesting suites write.
    public static let document = DocumentInfo(generator: "graphexport", sourceKind: "test")

    /// The output of a chain of `depth` objects (``NestingStreams/writeChain(depth:document:into:)``
    /// with ``document``) written by the writer `make` makes on a new memory sink.
    public static func output(depth: Int, writer make: (any ByteSink) -> any GraphWriter) throws -> MemorySink {
        let sink = MemorySink()
        try NestingStreams.writeChain(depth: depth, document: document, into: make(sink))
        return sink
    }
}
