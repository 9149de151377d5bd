/// The options of `graphexport log`: the store, how to open it, and how to print its history.
struct LogRequest: Equatable {
    /// The store and the options that say how to open it (`--model`, `--model-version`,
    /// `--busy-timeout`, `--verbose`); the option table says which options `log` takes.
    var source: ExportRequest
    /// `--format`: text (one paragraph per transaction) unless json (one document for scripts,
    /// `docs/HISTORY.md`) is asked for.
    var format: ReportFormat

    /// The request for `log` from what the parser read as an export: refuses a format other than
    /// text or json, and reads the store as a Core Data store.
    init(_ request: ExportRequest, table: OptionTable) throws(UsageError) {
        format = try ReportFormat(option: request.format, command: "log")
        var source = request
        source.format = nil
        source.source = .coredata
        try Applicability(command: .log, store: .coreData(because: "graphexport log reads a Core Data store")).check(
            source, table: table)
        self.source = source
    }
}
