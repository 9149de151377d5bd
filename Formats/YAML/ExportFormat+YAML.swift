public import GraphExport

extension ExportFormat {
    /// YAML, written by a ``YAMLGraphWriter`` with `options`.
    public static func yaml(_ options: YAMLOptions = YAMLOptions()) -> ExportFormat {
        ExportFormat(name: "yaml") { sink, onWarning in
            YAMLGraphWriter(sink: sink, options: options, onWarning: onWarning)
        }
    }
}
