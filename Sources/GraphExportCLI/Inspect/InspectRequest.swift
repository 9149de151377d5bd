import GraphExport

/// The options of `graphexport inspect`: the store, how to open it, and how to print what it holds.
struct InspectRequest: Equatable {
    /// How `inspect` (and `log`) prints what it describes.
    enum Format: String, CaseIterable {
        /// Aligned text for a reader.
        case text
        /// One JSON object for scripts (`docs/INSPECT.md`, `docs/HISTORY.md`).
        case json

        /// The format `--format`'s value `name` names for the command `word` (`inspect`, `log`):
        /// text without one; any other value is a usage error.
        init(option name: String?, command word: String) throws(UsageError) {
            guard let name else {
                self = .text
                return
            }
            guard let format = Format(rawValue: name.lowercased()) else {
                let values = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown \(word) format '\(TerminalText.echoed(name))' (values: \(values))")
            }
            self = format
        }
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
        format = try Format(option: request.format, command: "inspect")
        var source = request
        source.format = nil
        self.source = source
    }
}
