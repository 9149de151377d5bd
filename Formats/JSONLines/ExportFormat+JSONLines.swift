public import GraphExport

extension ExportFormat {
    /// JSON Lines, an `@source` header line and then one flat object per line, written by a
    /// ``JSONLinesGraphWriter``. Every object is one line, so the format has no pretty layout.
    public static func jsonLines() -> ExportFormat {
        ExportFormat(
            name: "jsonl",
            aliases: ["ndjson"],
            fileExtensions: ["jsonl", "ndjson"],
            summary: "JSON Lines: an @source header line, then one flat JSON object per line, references only",
            capabilities: [.nulls, .streaming]
        ) { sink, _, onWarning in
            JSONLinesGraphWriter(sink: sink, onWarning: onWarning)
        }
    }
}
