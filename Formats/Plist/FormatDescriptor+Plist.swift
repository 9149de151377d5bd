public import GraphExport

extension FormatDescriptor {
    /// The property list format: a ``PropertyListGraphWriter`` that honours ``FormatOptions/pretty``.
    public static let plist = FormatDescriptor(
        name: "plist",
        fileExtension: "plist",
        mediaType: "application/x-plist",
        summary: "Apple XML property list 1.0: a dict with @source and an @graph array of object dicts",
        capabilities: [.nesting, .binary, .streaming],
        makeWriter: { sink, options, onWarning in
            PropertyListGraphWriter(
                sink: sink, options: PropertyListOptions(pretty: options.pretty), onWarning: onWarning)
        }
    )
}
