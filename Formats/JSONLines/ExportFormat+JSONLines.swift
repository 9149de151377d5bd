public import GraphExport

extension ExportFormat {
    /// JSON Lines, an `@source` header line and then one flat object per line, written by a
    /// ``JSONLinesGraphWriter``.
    public static func jsonLines() -> ExportFormat {
        ExportFormat(JSONLinesGraphWriter.format) { sink, _, onWarning in
            JSONLinesGraphWriter(sink: sink, onWarning: onWarning)
        }
    }
}
