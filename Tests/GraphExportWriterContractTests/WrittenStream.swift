import GraphExport
import GraphExportTestSupport

/// The bytes a new writer that `make` makes on a memory sink writes of `events`, given between
/// `begin(_:)` of ``WriterChain/document`` and `finish()`; the writer's first error, if it throws.
func written(_ events: [GraphEvent], by make: (any ByteSink) -> any GraphWriter) throws -> [UInt8] {
    let sink = MemorySink()
    if let error = firstWriterError(afterBeginning: events, into: make(sink)) { throw error }
    return sink.bytes
}
