public import GraphExport

extension ExportFormat {
    /// An Apple XML property list, written by a ``PlistGraphWriter``; indented when `pretty`.
    public static func plist(pretty: Bool = false) -> ExportFormat {
        ExportFormat(PlistGraphWriter.format, settings: FormatSettings(pretty: pretty)) { sink, settings, onWarning in
            PlistGraphWriter(sink: sink, options: PlistOptions(pretty: settings.pretty), onWarning: onWarning)
        }
    }
}
