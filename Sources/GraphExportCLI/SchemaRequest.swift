import GraphExport
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

    /// The request for `schema` from what the parser read as an export: refuses an unknown
    /// format, and the options that do not apply to the store, the shape or the schema format
    /// (`--xml-style` with a format other than xsd).
    init(_ request: ExportRequest, table: OptionTable) throws(UsageError) {
        if let name = request.format {
            guard let format = SchemaFormat(rawValue: name.lowercased()) else {
                let values = SchemaFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown schema format '\(name)' (values: \(values))")
            }
            self.format = format
        } else {
            self.format =
                request.output.map(Command.withoutGzipSuffix).flatMap(SchemaFormat.init(forPath:))
                ?? .jsonSchema
        }
        try request.checkSchemaRequirements(format, table: table)
        if let style = request.formatOptions["xml-style"] {
            xmlStyle = XMLOptions.Style(rawValue: style) ?? .attributes
        }
        var source = request
        source.format = nil
        source.formatOptions = [:]
        self.source = source
    }
}
