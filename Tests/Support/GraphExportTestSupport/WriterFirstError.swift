public import GraphExport

/// The first error `writer`, behind a ``GraphStream``, throws when it is given `events` between
/// `begin(_:)` (of `document`) and `finish()`, or `nil` when it takes them all.
public func firstWriterError(
    afterBeginning events: [GraphEvent], into writer: any GraphWriter, document: DocumentInfo = WriterChain.document
) -> (any Error)? {
    let writer = GraphStream(writer)
    do {
        try writer.begin(document)
        for event in events { try writer.write(event) }
        try writer.finish()
        return nil
    } catch {
        return error
    }
}
