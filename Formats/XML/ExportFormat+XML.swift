public import GraphExport

extension ExportFormat {
    /// The name of XML's own option, whose values are those of ``XMLOptions/Style``.
    static let xmlStyleOption = "xml-style"

    /// XML, written by an ``XMLGraphWriter``: values as XML attributes or, with `style`
    /// `.elements`, as child elements (the `xml-style` option); indented for people when `pretty`.
    ///
    /// An `xml-style` value in ``FormatSettings/values`` that names no style gives the default.
    public static func xml(pretty: Bool = false, style: XMLOptions.Style = .attributes) -> ExportFormat {
        ExportFormat(
            name: "xml",
            summary: "XML 1.0: a gx:export root and one element per object, named after its entity",
            capabilities: [.nesting, .streaming, .pretty],
            options: [
                FormatOption(
                    name: xmlStyleOption,
                    values: XMLOptions.Style.allCases.map(\.rawValue),
                    summary: "attribute values as XML attributes or as child elements")
            ],
            settings: FormatSettings(pretty: pretty, values: [xmlStyleOption: style.rawValue])
        ) { sink, settings, onWarning in
            let style = settings.values[xmlStyleOption].flatMap(XMLOptions.Style.init(rawValue:)) ?? .attributes
            return XMLGraphWriter(
                sink: sink, options: XMLOptions(pretty: settings.pretty, style: style), onWarning: onWarning)
        }
    }
}
