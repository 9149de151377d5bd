public import GraphExport

extension ExportFormat {
    /// JSON Lines, one object per line, written by a ``JSONLinesGraphWriter``.
    public static func jsonl() -> ExportFormat {
        ExportFormat(name: "jsonl") { sink, onWarning in
            JSONLinesGraphWriter(sink: sink, onWarning: onWarning)
        }
    }
}
