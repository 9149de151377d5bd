import GraphExport
import GraphExportSchema
import GraphExportXML

/// The options of `graphexport schema`: the store, how to open it, and what to write about its
/// export.
struct SchemaRequest: Equatable {
    /// The store and the options that say how an export would read it (`--model`, `--source`, the
    /// plain-SQLite nesting options, `--busy-timeout`, `--verbose`), and `--shape` and `-o`.
    var source: ExportRequest
    /// `--format`, else the one `-o`'s extension names, else JSON Schema.
    var format: SchemaFormat
    /// `--xml-style`, for the XML Schema.
    var xmlStyle: XMLOptions.Style = .attributes

    /// The options `schema` takes: those of `inspect` (how the store is read, and `--format`), and
    /// those that decide the export's shape and where the schema goes; the others only shape an
    /// export's text.
    static let options = InspectRequest.options.union(["--shape", "--xml-style", "-o", "--output"])

    /// The request for `schema` from what the parser read as an export: refuses options that
    /// `schema` does not take (`given` lists the options given), an unknown format, and
    /// `--xml-style` with a format other than xsd.
    init(_ request: ExportRequest, given: [String]) throws(UsageError) {
        if let option = given.first(where: { !Self.options.contains($0) }) {
            throw UsageError(message: "'\(option)' is not an option of 'graphexport schema'")
        }
        if let name = request.format {
            guard let format = SchemaFormat(rawValue: name) else {
                let values = SchemaFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown schema format '\(name)' (values: \(values))")
            }
            self.format = format
        } else {
            self.format = request.output.flatMap(SchemaFormat.init(forPath:)) ?? .jsonSchema
        }
        if let style = request.formatOptions["xml-style"] {
            guard format == .xsd else {
                throw UsageError(message: "--xml-style is for --format xsd, not \(format.rawValue)")
            }
            xmlStyle = XMLOptions.Style(rawValue: style) ?? .attributes
        }
        var source = request
        source.format = nil
        source.formatOptions = [:]
        self.source = source
    }
}
