public import GraphExport

extension FormatDescriptor {
    /// The JSON format: a ``JSONGraphWriter`` that honours ``FormatOptions/pretty``.
    public static let json = FormatDescriptor(
        name: "json",
        fileExtension: "json",
        mediaType: "application/json",
        summary: "JSON (RFC 8259): an @source header and an @graph array of objects, JSON-LD style",
        capabilities: [.nesting, .nulls, .streaming],
        makeWriter: { sink, options, onWarning in
            JSONGraphWriter(sink: sink, options: JSONOptions(pretty: options.pretty), onWarning: onWarning)
        }
    )
}
