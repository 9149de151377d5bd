public import GraphExport

extension ExportFormat {
    /// XML, written by an ``XMLGraphWriter``: values as XML attributes or, with `style`
    /// `.elements`, as child elements (the `xml-style` option); indented for people when `pretty`.
    ///
    /// An `xml-style` value in ``FormatSettings/values`` that names no style gives the default.
    public static func xml(pretty: Bool = false, style: XMLOptions.Style = .attributes) -> ExportFormat {
        let styleOption = XMLOptions.Style.optionName
        let settings = FormatSettings(pretty: pretty, values: [styleOption: style.rawValue])
        return ExportFormat(XMLGraphWriter.format, settings: settings) { sink, settings, onWarning in
            let style = settings.values[styleOption].flatMap(XMLOptions.Style.init(rawValue:)) ?? .attributes
            return XMLGraphWriter(
                sink: sink, options: XMLOptions(pretty: settings.pretty, style: style), onWarning: onWarning)
        }
    }
}
