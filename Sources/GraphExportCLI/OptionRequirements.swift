import GraphExport
import GraphExportSchema

/// The format an export is written in: a built-in one or an external plugin.
enum ChosenFormat {
    case builtIn(ExportFormat)
    case plugin(Plugin)

    /// `the json format`, `the format plugin 'csv'`, for messages.
    var phrase: String {
        switch self {
        case .builtIn(let format): "the \(format.name) format"
        case .plugin(let plugin): "the format plugin '\(plugin.name)'"
        }
    }
}

extension ExportRequest {
    /// The options given, with their declarations, once each.
    private func givenOptions(_ table: OptionTable) -> [CommandOption] {
        var seen: Set<String> = []
        return given.compactMap { name in seen.insert(name).inserted ? table.option(named: name) : nil }
    }

    /// Whether an option given only applies to plain SQLite databases: the store is then read as one.
    func asksForPlainSQLite(_ table: OptionTable) -> Bool {
        givenOptions(table).contains { $0.requirements.contains(.plainSQLite) }
    }

    /// Refuses the options given that do not apply to the kind of store asked for (`--nest` with
    /// `--model`, `--model` with `--source sqlite`) or that lack the option they go with.
    func checkSourceRequirements(_ table: OptionTable) throws(UsageError) {
        for option in givenOptions(table) {
            for requirement in option.requirements {
                switch requirement {
                case .plainSQLite where source == .coredata || model != nil:
                    let why = model != nil ? "--model" : "--source coredata"
                    throw UsageError(
                        message: "'\(option.longForm)' applies to plain SQLite databases, and \(why) reads the "
                            + "store as a Core Data store")
                case .coreData where source == .sqlite:
                    throw UsageError(
                        message: "'\(option.longForm)' applies to Core Data stores, and --source sqlite reads the "
                            + "store as a plain SQLite database")
                case .option(let other) where !given.contains(other):
                    throw UsageError(message: "'\(option.longForm)' goes with --\(other): give --\(other) too")
                default:
                    break
                }
            }
        }
    }

    /// Refuses the options given that do not apply to the export: the store's kind as above, the
    /// shape (`--nest` with `--shape flat`) and the format (`--xml-style` with JSON, `--pretty`
    /// with JSON Lines or a plugin), each with the reason.
    func checkRequirements(format: ChosenFormat, table: OptionTable) throws(UsageError) {
        try checkSourceRequirements(table)
        try checkShapeRequirements(table)
        for option in givenOptions(table) {
            for requirement in option.requirements {
                switch requirement {
                case .prettyLayout:
                    guard case .builtIn(let chosen) = format, chosen.capabilities.contains(.pretty) else {
                        throw UsageError(
                            message: "'\(option.longForm)' does not apply to \(format.phrase), which has one "
                                + "layout only")
                    }
                case .format(let name):
                    guard case .builtIn(let chosen) = format, chosen.name == name else {
                        throw UsageError(
                            message: "'\(option.longForm)' is an option of the \(name) format, not of "
                                + "\(format.phrase)")
                    }
                default:
                    break
                }
            }
        }
    }

    /// Refuses the options given that do not apply to a schema in `schema`: the store's kind and
    /// the shape as for the export, and a format's own option unless the schema follows that
    /// format's options (`--xml-style` is for `--format xsd`).
    func checkSchemaRequirements(_ schema: SchemaFormat, table: OptionTable) throws(UsageError) {
        try checkSourceRequirements(table)
        try checkShapeRequirements(table)
        for option in givenOptions(table) {
            for case .format(let name) in option.requirements where schema.optionsFormat != name {
                let following = SchemaFormat.allCases.filter { $0.optionsFormat == name }.map(\.rawValue)
                throw UsageError(
                    message: "'\(option.longForm)' is for --format \(following.joined(separator: " or ")), "
                        + "not \(schema.rawValue): it is an option of the \(name) format")
            }
        }
    }

    /// Refuses the options given that need the tree shape (`--nest`) when another is asked for.
    private func checkShapeRequirements(_ table: OptionTable) throws(UsageError) {
        for option in givenOptions(table) where option.requirements.contains(.treeShape) && shape != .tree {
            throw UsageError(
                message: "'\(option.longForm)' does not apply with --shape \(shape.rawValue): in that "
                    + "shape no object nests in another")
        }
    }
}
