import GraphExport

/// How a command that describes something prints it (`inspect`, `log`, `sync`, `formats`):
/// `--format text`, the default, or `json`.
enum ReportFormat: String, CaseIterable, Equatable {
    /// Aligned text for a reader.
    case text
    /// One JSON object for scripts (`docs/INSPECT.md`, `docs/HISTORY.md`, `docs/SYNC.md`,
    /// ``FormatListJSON``).
    case json

    /// The format `--format`'s value `name` names for the command `word` (`inspect`, `log`):
    /// text without one; any other value is a usage error.
    init(option name: String?, command word: String) throws(UsageError) {
        guard let name else {
            self = .text
            return
        }
        guard let format = Self(rawValue: name.lowercased()) else {
            let values = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "unknown \(word) format '\(TerminalText.echoed(name))' (values: \(values))")
        }
        self = format
    }
}
