public import GraphExport

extension FormatDescriptor {
    /// The GraphML format: a ``GraphMLGraphWriter`` that honours ``FormatOptions/pretty``.
    public static let graphml = FormatDescriptor(
        name: "graphml",
        fileExtension: "graphml",
        mediaType: "application/graphml+xml",
        summary: "GraphML for Gephi, yEd and NetworkX: one node per object, one edge per link",
        makeWriter: { sink, options, onWarning in
            GraphMLGraphWriter(sink: sink, options: GraphMLOptions(pretty: options.pretty), onWarning: onWarning)
        }
    )
}
