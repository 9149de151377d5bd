public import GraphExport

extension ExportFormat {
    /// JSON, written by a ``JSONGraphWriter``: indented for people when `pretty`, otherwise compact
    /// on one line (see ``JSONOptions/pretty``).
    public static func json(pretty: Bool = false) -> ExportFormat {
        ExportFormat(name: "json") { sink, onWarning in
            JSONGraphWriter(sink: sink, options: JSONOptions(pretty: pretty), onWarning: onWarning)
        }
    }
}
