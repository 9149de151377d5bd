public import GraphExport

extension ExportFormat {
    /// A new SQLite database (docs/RELATIONAL.md), written by a ``SQLiteGraphWriter`` that records
    /// `selectionText` (``GraphExport/FormatSettings/selectionText``) as the selection.
    public static func sqlite(selectionText: String = "") -> ExportFormat {
        ExportFormat(SQLiteGraphWriter.format, settings: FormatSettings(selectionText: selectionText)) {
            sink, settings, onWarning in
            SQLiteGraphWriter(sink: sink, selectionText: settings.selectionText, onWarning: onWarning)
        }
    }
}
