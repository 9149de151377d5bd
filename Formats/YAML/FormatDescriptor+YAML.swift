public import GraphExport

extension FormatDescriptor {
    /// The YAML format: a ``YAMLGraphWriter`` with the default ``YAMLOptions``.
    ///
    /// YAML output is always laid out for people, so ``FormatOptions/pretty`` changes nothing.
    public static let yaml = FormatDescriptor(
        name: "yaml",
        fileExtension: "yaml",
        aliases: ["yml"],
        mediaType: "application/yaml",
        summary: "YAML 1.2, also read right by YAML 1.1 loaders: the JSON export's @source and @graph, in block style",
        capabilities: [.nesting, .binary, .nulls, .streaming],
        makeWriter: { sink, _, onWarning in
            YAMLGraphWriter(sink: sink, onWarning: onWarning)
        }
    )
}
