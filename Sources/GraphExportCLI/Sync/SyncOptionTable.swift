extension OptionTable {
    /// The options of the export that `sync` takes too, by long name: those that choose and shape
    /// the rows, read the values, and say how to wait and what to print (docs/SYNC.md).
    static let sharedWithSync: Set<String> = [
        "format", "model", "model-version", "source", "entity", "exclude-entity", "exact", "exclude-attribute",
        "attributes", "raw-values", "raw-transformable", "no-decode", "infer-relations", "json-columns",
        "busy-timeout", "quiet", "verbose",
    ]

    /// `option`, taken by `sync` too when ``sharedWithSync`` names it; `--format` says what it
    /// means for `sync`.
    static func withSync(_ option: CommandOption) -> CommandOption {
        guard sharedWithSync.contains(option.name) else { return option }
        return CommandOption(
            name: option.name, short: option.short, argument: option.argument,
            valueIsOptional: option.valueIsOptional, repeatable: option.repeatable,
            commands: option.commands.union([.sync]), requirements: option.requirements, action: option.action,
            hidden: option.hidden,
            help: option.help + (option.name == "format" ? " For sync: text (default) or json." : ""))
    }

    /// The options of `sync` alone.
    static let syncOwn: [CommandOption] = [
        CommandOption(
            name: "target-schema", argument: .text("name"), commands: [.sync],
            help: "The PostgreSQL schema the copy's tables go to, made when missing: one server holds the copies "
                + "of many stores side by side, one schema each. Default: the connection's current schema."),
        CommandOption(
            name: "full", commands: [.sync],
            help: "Rebuild the copy's tables and load everything, whatever the target holds."),
        CommandOption(
            name: "repair", commands: [.sync],
            help: "Compare the whole copy with the store and put back every row that differs (rows edited by "
                + "hand), instead of trusting the store's history."),
        CommandOption(
            name: "dry-run", commands: [.sync],
            help: "Say what the sync would do, and write nothing."),
    ]
}
