import GraphExport
import GraphExportJSON
import GraphExportXML
import Prerequisites

/// The JSON export of `graph` in `shape`.
func jsonExport(of graph: any GraphSource, _ shape: ExportShape) throws -> [UInt8] {
    let sink = MemorySink()
    try GraphTraversal(source: graph, shape: shape).run(into: JSONGraphWriter(sink: sink))
    return sink.bytes
}

/// The XML export of `graph` in `shape` and `style`.
func xmlExport(of graph: any GraphSource, _ shape: ExportShape, _ style: XMLOptions.Style) throws -> [UInt8] {
    let sink = MemorySink()
    try GraphTraversal(source: graph, shape: shape).run(
        into: XMLGraphWriter(sink: sink, options: XMLOptions(style: style)))
    return sink.bytes
}

extension ScratchFolder {
    /// What Python's `jsonschema` finds wrong with `instance` against `schema`, both first written
    /// to files in this folder.
    func jsonSchemaErrors(_ schema: String, _ instance: some Collection<UInt8>) throws -> [String] {
        try SchemaTools.jsonSchemaErrors(
            schema: try write("schema.json", schema), instance: try write("i.json", instance))
    }

    /// What `xmllint --schema` finds wrong with `document` against `schema`, both first written to
    /// files in this folder.
    func xmlSchemaErrors(_ schema: String, _ document: some Collection<UInt8>) throws -> [String] {
        try SchemaTools.xmlSchemaErrors(schema: try write("schema.xsd", schema), document: try write("d.xml", document))
    }
}
