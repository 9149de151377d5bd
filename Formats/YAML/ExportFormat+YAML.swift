public import GraphExport

extension ExportFormat {
    /// YAML, written by a ``YAMLGraphWriter`` with `options`: laid out for people in block style
    /// when `pretty` (the default), or with every object in flow style (`{…}` on one line) when not
    /// (``YAMLOptions/maxBlockDepth`` 0).
    public static func yaml(pretty: Bool = true, options: YAMLOptions = YAMLOptions()) -> ExportFormat {
        ExportFormat(YAMLGraphWriter.format, settings: FormatSettings(pretty: pretty)) { sink, settings, onWarning in
            var options = options
            if !settings.pretty { options.maxBlockDepth = 0 }
            return YAMLGraphWriter(sink: sink, options: options, onWarning: onWarning)
        }
    }
}
