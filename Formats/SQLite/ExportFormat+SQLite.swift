public import GraphExport

extension ExportFormat {
    /// A new SQLite database (docs/RELATIONAL.md), written by a ``SQLiteGraphWriter``.
    public static func sqlite() -> ExportFormat {
        ExportFormat(SQLiteGraphWriter.format) { sink, _, onWarning in
            SQLiteGraphWriter(sink: sink, onWarning: onWarning)
        }
    }
}
