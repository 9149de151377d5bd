public import GraphExport

extension ExportFormat {
    /// An Apple XML property list, written by a ``PlistGraphWriter``; indented when `pretty`.
    public static func plist(pretty: Bool = false) -> ExportFormat {
        ExportFormat(
            name: "plist",
            summary: "Apple XML property list 1.0: a dict with @source and an @graph array of object dicts",
            capabilities: [.nesting, .binary, .streaming, .pretty],
            settings: FormatSettings(pretty: pretty)
        ) { sink, settings, onWarning in
            PlistGraphWriter(
                sink: sink, options: PlistOptions(pretty: settings.pretty), onWarning: onWarning)
        }
    }
}
