import GraphExport
import GraphExportRelational
import GraphExportSQL
import GraphExportSchema
import GraphExportXML

/// The options of `graphexport schema`: the store, how to open it, and what to write about its
/// export.
struct SchemaRequest: Equatable {
    /// The store and the options that say how an export would read it (`--model`, `--source`, the
    /// plain-SQLite nesting options, `--busy-timeout`, `--verbose`), and `--shape` and `-o`; the
    /// option table says which options `schema` takes.
    var source: ExportRequest
    /// `--format`, else the one `-o`'s extension names (before a `.gz`), else JSON Schema.
    var format: SchemaFormat
    /// `--xml-style`, for the XML Schema.
    var xmlStyle: XMLOptions.Style = .attributes
    /// `--sql-dialect`, for the SQL.
    var sqlDialect: SQLDialect = .postgresql

    /// The request for `schema` from what the parser read as an export: refuses an unknown
    /// format, and the options that do not apply to the schema format (`--xml-style` with a
    /// format other than xsd).
    init(_ request: ExportRequest, table: OptionTable) throws(UsageError) {
        if let name = request.format {
            guard let format = SchemaFormat(named: name) else {
                let values = SchemaFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    message:
                        "unknown schema format '\(TerminalText.echoed(name))' (values: \(values); json is json-schema)")
            }
            self.format = format
        } else {
            self.format =
                request.output.map(OutputDestination.withoutGzipSuffix).flatMap(SchemaFormat.init(forPath:))
                ?? .jsonSchema
        }
        // A schema describes the export in the shape asked for, nested or not.
        let facts = Applicability.Format(
            phrase: format.rawValue, capabilities: [.nesting], ownOptions: format.optionsFormat)
        try Applicability(
            command: .schema, store: request.storeAskedFor, format: facts, shape: request.shape,
            shapeGiven: request.given.contains("shape")
        ).check(request, table: table)
        if let style = request.formatOptions["xml-style"] {
            xmlStyle = XMLOptions.Style(rawValue: style) ?? .attributes
        }
        if let dialect = request.formatOptions[SQLGraphWriter.dialectOptionName] {
            sqlDialect = SQLDialect(rawValue: dialect) ?? .postgresql
        }
        var source = request
        source.format = nil
        source.formatOptions = [:]
        self.source = source
    }
}
