/// The options of `graphexport inspect`: the store, how to open it, and how to print what it holds.
struct InspectRequest: Equatable {
    /// How `inspect` prints the description.
    enum Format: String, CaseIterable {
        /// Aligned text for a reader.
        case text
        /// One JSON object for scripts (`docs/INSPECT.md`).
        case json
    }

    /// The store and the options that say how an export would read it (`--model`, `--source`,
    /// the plain-SQLite nesting options, `--busy-timeout`, `--verbose`); the option table says
    /// which options `inspect` takes.
    var source: ExportRequest
    /// `--format`: text unless json is asked for.
    var format: Format = .text

    /// The request for `inspect` from what the parser read as an export (whose options were
    /// checked against the store asked for): refuses a format other than text or json.
    init(_ request: ExportRequest) throws(UsageError) {
        if let name = request.format {
            guard let format = Format(rawValue: name.lowercased()) else {
                let values = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown inspect format '\(name)' (values: \(values))")
            }
            self.format = format
        }
        var source = request
        source.format = nil
        self.source = source
    }
}
