public import GraphExport

extension FormatDescriptor {
    /// The XML format: an ``XMLGraphWriter`` that honours ``FormatOptions/pretty`` and the
    /// `xml-style` option (`attributes`, the default, or `elements`; see ``XMLOptions/Style``).
    ///
    /// A value of `xml-style` that is not one of those, which the command line never passes, also
    /// gives the default.
    public static let xml = FormatDescriptor(
        name: "xml",
        fileExtension: "xml",
        mediaType: "application/xml",
        summary: "XML 1.0: a gx:export root and one element per object, named after its entity",
        capabilities: [.nesting, .streaming],
        options: [
            FormatOption(
                name: "xml-style",
                values: XMLOptions.Style.allCases.map(\.rawValue),
                summary: "attribute values as XML attributes or as child elements")
        ],
        makeWriter: { sink, options, onWarning in
            let style = options.values["xml-style"].flatMap(XMLOptions.Style.init(rawValue:)) ?? .attributes
            return XMLGraphWriter(
                sink: sink, options: XMLOptions(pretty: options.pretty, style: style), onWarning: onWarning)
        }
    )
}
