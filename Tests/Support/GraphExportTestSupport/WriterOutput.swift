public import GraphExport

/// What one writer wrote of a graph into memory: its bytes and the warnings it reported. Each
/// format's suite adds, in an extension, how it reads the bytes back.
public struct WriterOutput {
    /// The output.
    public let bytes: [UInt8]
    /// The warnings, in order.
    public let warnings: [Warning]

    /// The output as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Runs the traversal of `graph` in `shape` into the writer `make` makes on a memory sink and
    /// a warning handler.
    public init(
        _ graph: any GraphSource, shape: ExportShape = .tree,
        writer make: (any ByteSink, @escaping WarningHandler) -> any GraphWriter
    ) throws {
        let sink = MemorySink()
        let log = WarningLog()
        try GraphTraversal(source: graph, shape: shape).run(into: make(sink) { log.warnings.append($0) })
        bytes = sink.bytes
        warnings = log.warnings
    }

    /// The output as libxml2's parser reads an XML document.
    public func parsedXML() throws -> ParsedXML {
        try ParsedXML.parse(bytes)
    }

    /// The output as libxml2's parser reads a GraphML document.
    public func parsedGraphML() throws -> ParsedGraphML {
        try ParsedGraphML.parse(bytes)
    }

    /// The raw text each object's `value` attribute was written as, in a compact JSON or JSON Lines
    /// export of ``SampleGraphs/itemModel(types:)`` objects, where `other` follows `value`.
    public var rawJSONValues: [String] {
        text.components(separatedBy: #""value":"#).dropFirst().map { piece in
            let end = piece.range(of: #","other":"#)!.lowerBound
            return String(piece[..<end])
        }
    }
}

/// An export read back into the header's fields and the event stream, by a suite's reader of its
/// format (with the help of the model, for attribute types and to tell a to-one from a to-many).
public struct DecodedExport {
    /// The header's fields, by key.
    public var fields: [String: String] = [:]
    /// The events, in order.
    public var events: [GraphEvent] = []

    /// An export with no fields and no events yet.
    public init() {}
}
