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
    /// the plain-SQLite nesting options, `--busy-timeout`, `--verbose`).
    var source: ExportRequest
    /// `--format`: text unless json is asked for.
    var format: Format = .text

    /// The options `inspect` takes; the others only shape an export's output.
    static let options: Set<String> = [
        "--", "-f", "--format", "-m", "--model", "--source", "--nest", "--no-nest", "--include-views",
        "--infer-relations", "--busy-timeout", "--verbose",
    ]

    /// The request for `inspect` from what the parser read as an export: refuses options that
    /// `inspect` does not take (`given` lists the options given) and a format other than text or json.
    init(_ request: ExportRequest, given: [String]) throws(UsageError) {
        if let option = given.first(where: { !Self.options.contains($0) }) {
            throw UsageError(message: "'\(option)' is not an option of 'graphexport inspect'")
        }
        if let name = request.format {
            guard let format = Format(rawValue: name) else {
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
