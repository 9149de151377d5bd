import GraphExport
import GraphExportDiff

/// The options of `graphexport diff`: the two stores, how to open them, and how to print what
/// differs.
struct DiffRequest: Equatable {
    /// How `diff` prints what differs.
    enum Format: String, CaseIterable {
        /// Lines for people (``GraphExportDiff/DiffTextWriter``).
        case text
        /// One JSON object per object that differs (``GraphExportDiff/DiffJSONLinesWriter``).
        case jsonl
    }

    /// The old copy and the options that say how each copy is read (`--model`, `--source`, the
    /// value options, `--busy-timeout`, `--verbose`, `--quiet`); the option table says which.
    var old: ExportRequest
    /// The new copy, read with the same options.
    var new: ExportRequest
    /// `--format`: text unless jsonl is asked for.
    var format: Format = .text
    /// `--key`: the attributes that match objects instead of their primary key.
    var keys: [DiffKey] = []

    /// The request the options and the two operands of `parsed` make; refuses a format other than
    /// text or jsonl, and the options that do not apply to the stores.
    init(_ parsed: ParsedArguments, table: OptionTable) throws(UsageError) {
        guard parsed.operands.count == 2 else {
            throw UsageError(
                message: parsed.operands.count < 2
                    ? "diff compares two stores: give the old one, then the new one"
                    : "diff compares two stores, not '\(parsed.operands[2])' too")
        }
        var single = parsed
        single.operands = [parsed.operands[0]]
        var old = try ExportRequest(single, table: table, noun: "old store")
        if let name = old.format {
            guard let format = Format(rawValue: name.lowercased()) else {
                let values = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown diff format '\(TerminalText.echoed(name))' (values: \(values))")
            }
            self.format = format
        }
        old.format = nil
        self.old = old
        new = old
        new.store = parsed.operands[1]
        keys = (parsed.values["key"] ?? []).map(DiffKey.init)
    }
}
