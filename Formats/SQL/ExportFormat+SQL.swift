public import GraphExport
public import GraphExportRelational

extension ExportFormat {
    /// An SQL script in `dialect` (docs/RELATIONAL.md), written by an ``SQLGraphWriter`` that
    /// records `selectionText` (``GraphExport/FormatSettings/selectionText``) as the selection. An
    /// `sql-dialect` value in ``FormatSettings/values`` chooses the dialect instead; one that names
    /// none gives PostgreSQL.
    public static func sql(dialect: SQLDialect = .postgresql, selectionText: String = "") -> ExportFormat {
        ExportFormat(
            SQLGraphWriter.format,
            settings: FormatSettings(
                values: [SQLGraphWriter.dialectOptionName: dialect.rawValue], selectionText: selectionText)
        ) { sink, settings, onWarning in
            let chosen =
                settings.values[SQLGraphWriter.dialectOptionName].flatMap(SQLDialect.init(rawValue:)) ?? .postgresql
            return SQLGraphWriter(
                sink: sink, dialect: chosen, selectionText: settings.selectionText, onWarning: onWarning)
        }
    }
}
