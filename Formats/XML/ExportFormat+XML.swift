public import GraphExport

extension ExportFormat {
    /// XML, written by an ``XMLGraphWriter``: values as XML attributes or, with `style`
    /// `.elements`, as child elements; indented for people when `pretty`.
    public static func xml(pretty: Bool = false, style: XMLOptions.Style = .attributes) -> ExportFormat {
        ExportFormat(name: "xml") { sink, onWarning in
            XMLGraphWriter(sink: sink, options: XMLOptions(pretty: pretty, style: style), onWarning: onWarning)
        }
    }
}
