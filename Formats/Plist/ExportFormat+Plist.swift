public import GraphExport

extension ExportFormat {
    /// An Apple XML property list, written by a ``PropertyListGraphWriter``; indented when `pretty`.
    public static func plist(pretty: Bool = false) -> ExportFormat {
        ExportFormat(name: "plist") { sink, onWarning in
            PropertyListGraphWriter(sink: sink, options: PropertyListOptions(pretty: pretty), onWarning: onWarning)
        }
    }
}
