public import GraphExport

extension ExportFormat {
    /// GraphML, objects as nodes and links as edges, written by a ``GraphMLGraphWriter``;
    /// indented when `pretty`.
    public static func graphml(pretty: Bool = false) -> ExportFormat {
        ExportFormat(GraphMLGraphWriter.format, settings: FormatSettings(pretty: pretty)) { sink, settings, onWarning in
            GraphMLGraphWriter(sink: sink, options: GraphMLOptions(pretty: settings.pretty), onWarning: onWarning)
        }
    }
}
