import GraphExport
import GraphExportCoreData
import GraphExportSchema
import GraphExportStore

/// What is known, at one point of a run, of where the options given take effect, and the one
/// check of every option given against its declaration in the ``OptionTable``: the command takes
/// it, and each of its ``CommandOption/Requirement``s holds. A fact not known yet (the kind of
/// store before it is opened, the format before it is chosen) leaves the requirements on it to a
/// later check, so the command checks at each point where it learns more: when the command line
/// is parsed, when the format is chosen, when the store is open.
struct Applicability {
    /// The kind of store the options meet, and the words that say why.
    enum Store {
        /// A Core Data store: `because` is `--model reads the store as a Core Data store`.
        case coreData(because: String)
        /// A plain SQLite database: `because` is `Chinook.sqlite is a plain SQLite database`.
        case plainSQLite(because: String)
    }

    /// What the checks know of the output format.
    struct Format {
        /// `the jsonl format`, `the format plugin 'csv'`, `the schema format mermaid`.
        let phrase: String
        /// What it carries: ``FormatCapabilities/nesting`` and ``FormatCapabilities/pretty`` count.
        let capabilities: FormatCapabilities
        /// The built-in format whose own options (``CommandOption/Requirement/format(_:)``) it
        /// follows: its own name, `xml` for the XML Schema; `nil` for none.
        let ownOptions: String?
    }

    /// The command run.
    var command: CommandName
    /// The kind of store, once known (asked for, or found on opening it).
    var store: Store?
    /// The format written, once known; `nil` for `inspect`, which writes none of them.
    var format: Format?
    /// The shape written, once known; `nil` for `inspect`, which writes none.
    var shape: ExportShape?
    /// Whether `--shape` says the shape, rather than the format's default.
    var shapeGiven = false

    /// Refuses the first option of `request` that does not apply here, with the reason.
    func check(_ request: ExportRequest, table: OptionTable) throws(UsageError) {
        try check(given: request.given, values: request.givenValues, table: table)
    }

    /// Refuses the first of the options `given` (by long name, with the `values` that count)
    /// that does not apply here, with the reason.
    func check(given: [String], values: [String: String], table: OptionTable) throws(UsageError) {
        var seen: Set<String> = []
        for name in given where seen.insert(name).inserted {
            guard let option = table.option(named: name) else { continue }
            guard option.commands.contains(command) else {
                let word = CommandTable.entry(command).word.map { "graphexport " + $0 } ?? "an export"
                throw UsageError(message: "'\(option.longForm)' is not an option of '\(word)'")
            }
            for requirement in option.requirements {
                if let reason = problem(requirement, option.longForm, value: values[name], given: given) {
                    throw UsageError(message: reason)
                }
            }
        }
    }

    /// Why `requirement` of the option `named` (given `value`) does not hold; `nil` when it does
    /// or when what it depends on is not known yet.
    private func problem(_ requirement: CommandOption.Requirement, _ named: String, value: String?, given: [String])
        -> String?
    {
        switch requirement {
        case .plainSQLite:
            guard case .coreData(let because) = store else { return nil }
            return "'\(named)' applies to plain SQLite databases, and \(because)"
        case .coreData:
            guard case .plainSQLite(let because) = store else { return nil }
            return "'\(named)' applies to Core Data stores, and \(because)"
        case .treeShape:
            guard let shape, shape != .tree else { return nil }
            guard shapeGiven || format == nil else { return keepsNoNesting(named) }
            return "'\(named)' does not apply with --shape \(shape.rawValue): in that shape no object nests in another"
        case .nestingFormat:
            guard let format, !format.capabilities.contains(.nesting) else { return nil }
            return keepsNoNesting(named)
        case .prettyLayout:
            guard let format, !format.capabilities.contains(.pretty) else { return nil }
            return "'\(named)' does not apply to \(format.phrase), which has one layout only"
        case .format(let name):
            guard let format, format.ownOptions != name else { return nil }
            guard command == .schema else {
                return "'\(named)' is an option of the \(name) format, not of \(format.phrase)"
            }
            let following = SchemaFormat.allCases.filter { $0.optionsFormat == name }.map(\.rawValue)
            return "'\(named)' is for --format \(following.joined(separator: " or ")), not "
                + "\(format.phrase): it is an option of the \(name) format"
        case .option(let other):
            guard !given.contains(other) else { return nil }
            return "'\(named)' goes with --\(other): give --\(other) too"
        case .anyOption(let others):
            guard !others.contains(where: given.contains) else { return nil }
            return "'\(named)' goes with " + others.map { "--" + $0 }.joined(separator: " or ")
                + ": give one of them too"
        case .whenValue(let expected, let inner):
            guard value == expected else { return nil }
            return problem(inner, "\(named) \(expected)", value: nil, given: given)
        }
    }

    /// `'--depth' does not apply to the jsonl format, which keeps no nesting: …`.
    private func keepsNoNesting(_ named: String) -> String {
        "'\(named)' does not apply to \(format?.phrase ?? "the format"), which keeps no nesting: it is written in "
            + "the flat shape"
    }
}

extension ExportRequest {
    /// Whether an option given only applies to plain SQLite databases: the store is then read as one.
    func asksForPlainSQLite(_ table: OptionTable) -> Bool {
        given.contains { table.option(named: $0)?.requirements.contains(.plainSQLite) ?? false }
    }

    /// The kind of store the options ask for (`--model`, `--source`), `nil` for `--source auto`.
    var storeAskedFor: Applicability.Store? {
        switch source {
        case .sqlite: .plainSQLite(because: "--source sqlite reads the store as a plain SQLite database")
        case .coredata where model == nil: .coreData(because: "--source coredata reads the store as a Core Data store")
        case .coredata, .auto: model == nil ? nil : .coreData(because: "--model reads the store as a Core Data store")
        }
    }

    /// The kind `source` turned out to be, when opened.
    func storeFound(_ opened: Store) -> Applicability.Store {
        switch opened.kind {
        case .coreData: .coreData(because: "\(store) is a Core Data store")
        case .plainSQLite: .plainSQLite(because: "\(store) is a plain SQLite database")
        }
    }

    /// The request for an export in `format`: without `--shape`, a format that keeps no nesting
    /// (JSON Lines, GraphML) is written in the flat shape.
    func adopting(_ format: Applicability.Format) -> ExportRequest {
        var request = self
        if !given.contains("shape") && !format.capabilities.contains(.nesting) { request.shape = .flat }
        return request
    }
}
