public import GraphExport

extension FormatDescriptor {
    /// The JSON Lines format: a ``JSONLinesGraphWriter``. ``FormatOptions/pretty`` does not apply
    /// (every object is one line) and is ignored.
    public static let jsonl = FormatDescriptor(
        name: "jsonl",
        fileExtension: "jsonl",
        aliases: ["ndjson"],
        mediaType: "application/jsonl",
        summary: "JSON Lines: an @source header line, then one flat JSON object per line, references only",
        capabilities: [.nulls, .streaming],
        makeWriter: { sink, _, onWarning in
            JSONLinesGraphWriter(sink: sink, onWarning: onWarning)
        }
    )
}
