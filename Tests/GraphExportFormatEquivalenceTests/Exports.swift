import GraphExport
import GraphExportJSON
import GraphExportJSONLines
import GraphExportTestSupport
import GraphExportXML
import GraphExportYAML

/// The exports a test reads back, each with the reader for it.
enum ReadableFormat: String, CaseIterable {
    case json
    case xml
    case xmlElements = "xml (element style)"
    case yaml
    case jsonLines = "jsonl"

    func writer(_ sink: any ByteSink, _ onWarning: @escaping WarningHandler) -> any GraphWriter {
        switch self {
        case .json: return JSONGraphWriter(sink: sink, onWarning: onWarning)
        case .xml: return XMLGraphWriter(sink: sink, onWarning: onWarning)
        case .xmlElements:
            return XMLGraphWriter(sink: sink, options: XMLOptions(style: .elements), onWarning: onWarning)
        case .yaml: return YAMLGraphWriter(sink: sink, onWarning: onWarning)
        case .jsonLines: return JSONLinesGraphWriter(sink: sink, onWarning: onWarning)
        }
    }

    /// Reads an export of this format back with the model.
    func read(_ bytes: [UInt8], model: GraphModel) throws -> NeutralDocument {
        switch self {
        case .json:
            return try DataTreeReader(model: model, format: .json).document(try DataNode(try StrictJSON.parse(bytes)))
        case .xml, .xmlElements:
            let reader = XMLExportReader(
                model: model, style: self == .xml ? .attributes : .elements, readsMisfitsAsStrings: true)
            return NeutralDocument(try reader.read(try ParsedXML.parseStreaming(bytes)))
        case .yaml:
            return try DataTreeReader(model: model, format: .yaml).document(try ParsedYAML.parse(bytes).root)
        case .jsonLines:
            guard bytes.last == UInt8(ascii: "\n") else {
                throw DataTreeReader.ReadError(description: "no final newline")
            }
            let lines = try bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .map { try DataNode(try StrictJSON.parse($0)) }
            return try DataTreeReader(model: model, format: .json).lines(lines)
        }
    }
}

/// One export in memory.
struct Export {
    let bytes: [UInt8]
    let warnings: [Warning]

    /// Exports `source` in `shape` through a writer `makeWriter` makes.
    init(
        _ source: any GraphSource, shape: ExportShape,
        writer makeWriter: (any ByteSink, @escaping WarningHandler) -> any GraphWriter
    ) throws {
        let sink = MemorySink()
        var warnings: [Warning] = []
        try GraphTraversal(source: source, shape: shape) { warnings.append($0) }
            .run(into: makeWriter(sink) { warnings.append($0) })
        self.bytes = sink.bytes
        self.warnings = warnings
    }

    init(_ source: any GraphSource, shape: ExportShape, format: ReadableFormat) throws {
        try self.init(source, shape: shape, writer: format.writer)
    }
}

/// A source with another header: the objects of `base`, the header `document`. Used to give an
/// export made from a copy in a temporary folder the header an export made in the repository
/// would have.
final class RenamedSource: WrappingSource {
    let base: any GraphSource
    let document: DocumentInfo

    init(_ base: any GraphSource, document: DocumentInfo) {
        self.base = base
        self.document = document
    }

    var model: GraphModel { base.model }

    func scan(_ entity: Int) throws -> any ObjectCursor { try base.scan(entity) }

    func record(_ key: ObjectKey) throws -> ObjectRecord? { try base.record(key) }

    func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }

    func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        try base.destinationRecords(of: key, through: relationship)
    }

    func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        try base.scan(entity, withoutDestinationsIn: relationships)
    }

    func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        try base.destinationsInScanOrder(of: entity, through: relationship)
    }
}
