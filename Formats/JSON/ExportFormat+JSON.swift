public import GraphExport

extension ExportFormat {
    /// JSON, written by a ``JSONGraphWriter``: indented for people when `pretty`, otherwise compact
    /// on one line (see ``JSONOptions/pretty``).
    public static func json(pretty: Bool = false) -> ExportFormat {
        ExportFormat(JSONGraphWriter.format, settings: FormatSettings(pretty: pretty)) { sink, settings, onWarning in
            JSONGraphWriter(sink: sink, options: JSONOptions(pretty: settings.pretty), onWarning: onWarning)
        }
    }
}
