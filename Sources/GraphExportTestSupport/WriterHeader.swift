public import GraphExport

/// A header on a graph of no objects, for the formats' suites that check an export holds each of
/// its fields as it is.
public struct WriterHeader {
    /// The header the graph carries; the export sets its shape.
    public let info: DocumentInfo
    /// A graph of `model` with no objects and header ``info``.
    public let graph: InMemoryGraph

    /// The header `info` on an empty graph of `model`.
    public init(_ info: DocumentInfo, model: GraphModel) {
        self.info = info
        graph = InMemoryGraph(model: model, document: info)
    }

    /// The fields an export in `shape` writes, in order.
    public func fields(in shape: ExportShape) -> [(key: String, value: String)] {
        var written = info
        written.shape = shape
        return written.fields
    }

    /// The fields an export in `shape` writes, by key.
    public func values(in shape: ExportShape) -> [String: String] {
        Dictionary(uniqueKeysWithValues: fields(in: shape).map { ($0.key, $0.value) })
    }
}
