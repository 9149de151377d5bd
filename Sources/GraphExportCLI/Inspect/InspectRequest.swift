import GraphExport

/// The options of `graphexport inspect`: the store, how to open it, and how to print what it holds.
struct InspectRequest: Equatable {
    /// The store and the options that say how an export would read it (`--model`, `--source`,
    /// the plain-SQLite nesting options, `--busy-timeout`, `--verbose`); the option table says
    /// which options `inspect` takes.
    var source: ExportRequest
    /// `--format`: text unless json is asked for.
    var format: ReportFormat = .text

    /// The request for `inspect` from what the parser read as an export (whose options were
    /// checked against the store asked for): refuses a format other than text or json.
    init(_ request: ExportRequest) throws(UsageError) {
        format = try ReportFormat(option: request.format, command: "inspect")
        var source = request
        source.format = nil
        self.source = source
    }
}
