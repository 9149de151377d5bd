public import GraphExport

/// A header on a graph of no objects, for the formats' suites that check an export holds each of
/// its fields as it is.
public struct WriterHeader {
    /// The header the graph carries; the export sets its shape.
    public let info: DocumentInfo
    /// A graph of `model` with no objects and header ``info``.
    public let graph: InMemoryGraph

    /// A Core Data store's header (`source`, the store's UUID and, when given, its framework
    /// version, `model` and `modelVersion`) by `generator`, on an empty graph of `graphModel`.
    public init(
        generator: String = "graphexport " + GraphExportVersion.current, source: String,
        storeUUID: String = "1234-ABCD", frameworkVersion: String? = nil, model: String = "Photos.momd",
        modelVersion: String = "Photos 2", on graphModel: GraphModel
    ) {
        let fields =
            [DocumentField(key: "storeUUID", value: storeUUID)]
            + (frameworkVersion.map { [DocumentField(key: "frameworkVersion", value: $0)] } ?? [])
        info = DocumentInfo(
            generator: generator, sourceKind: "Core Data store", source: source, sourceFields: fields, model: model,
            modelVersion: modelVersion)
        graph = InMemoryGraph(model: graphModel, document: info)
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
