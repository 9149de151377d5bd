/// The options of `graphexport log`: the store, how to open it, and how to print its history.
struct LogRequest: Equatable {
    /// How `log` prints the transactions.
    enum Format: String, CaseIterable {
        /// One paragraph per transaction, for a reader.
        case text
        /// One JSON document for scripts (`docs/HISTORY.md`).
        case json
    }

    /// The store and the options that say how to open it (`--model`, `--model-version`,
    /// `--busy-timeout`, `--verbose`); the option table says which options `log` takes.
    var source: ExportRequest
    /// `--format`: text unless json is asked for.
    var format: Format = .text

    /// The request for `log` from what the parser read as an export: refuses a format other than
    /// text or json.
    init(_ request: ExportRequest, table: OptionTable) throws(UsageError) {
        if let name = request.format {
            guard let format = Format(rawValue: name.lowercased()) else {
                let values = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown log format '\(name)' (values: \(values))", command: .log)
            }
            self.format = format
        }
        var source = request
        source.format = nil
        source.source = .coredata
        try source.checkSourceRequirements(table)
        self.source = source
    }
}
