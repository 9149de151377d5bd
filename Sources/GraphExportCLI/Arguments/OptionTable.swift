import GraphExport
import GraphExportSchema

/// Every option of graphexport, each declared once: the parser (``ParsedArguments``), the checks
/// of what applies (``Applicability``), help (``HelpText``), the man
/// page (``ManPage``) and the completions (``Completion``) are all made from this table.
struct OptionTable {
    /// The options, in the order help lists them: the fixed ones, then each format's own.
    let options: [CommandOption]

    /// The table for a build whose formats are `formats`: their own options (`--xml-style`) come
    /// from their descriptions, and `schema` takes those a schema format follows (`--format xsd`).
    init(formats: FormatRegistry) {
        options =
            (Self.fixed + Self.syncOwn).map(Self.withSync)
            + formats.formats.flatMap { format in
                let schemaFollows = SchemaFormat.allCases.contains { $0.optionsFormat == format.name }
                return format.options.map { option in
                    CommandOption(
                        name: option.name,
                        argument: .choice("value", values: option.values, defaultValue: option.defaultValue),
                        commands: schemaFollows ? [.export, .schema] : [.export],
                        requirements: [.format(format.name)], help: Self.sentence(option.summary))
                }
            }
    }

    /// The option whose long name is `name`.
    func option(named name: String) -> CommandOption? {
        options.first { $0.name == name }
    }

    /// The option whose one-letter name is `letter`.
    func option(short letter: Character) -> CommandOption? {
        options.first { $0.short == letter }
    }

    /// The options `command` takes, hidden ones left out.
    func visible(for command: CommandName) -> [CommandOption] {
        options.filter { !$0.hidden && $0.commands.contains(command) }
    }

    /// `summary` with a capital and a full stop.
    private static func sentence(_ summary: String) -> String {
        summary.prefix(1).uppercased() + summary.dropFirst() + (summary.hasSuffix(".") ? "" : ".")
    }

    /// The commands that read a store as an export would.
    private static let store: Set<CommandName> = [.export, .inspect, .schema]
    /// Those and `diff`, which reads two stores so: the options that say how values are read.
    private static let stores: Set<CommandName> = store.union([.diff])
    /// The commands that write something an export's shape decides.
    private static let output: Set<CommandName> = [.export, .schema]
    /// The commands that open a store, `log` included.
    private static let opening: Set<CommandName> = store.union([.log])

    /// The options every build has.
    private static let fixed: [CommandOption] = [
        CommandOption(
            name: "format", short: "f", argument: .format, commands: opening.union([.formats, .diff]),
            help: "The output format: a built-in one or a plugin (graphexport formats lists them), in any case. "
                + "Default: the one -o's extension names, else json. For inspect: text (default) or json. "
                + "For schema: json-schema (or json), xsd, mermaid, dot or sql; default: the one -o's extension names, "
                + "else json-schema. For log and formats: text (default) or json. For diff: text (default) or "
                + "jsonl."),
        CommandOption(
            name: "output", short: "o", argument: .path("path"), commands: output,
            help: "Write to this file instead of standard output (- is standard output). The file appears only "
                + "when the export is complete. A name ending in .gz is written gzip-compressed, in the format "
                + "the name before .gz names (out.json.gz). An extension that names another format than --format "
                + "is a warning."),
        CommandOption(
            name: "model", short: "m", argument: .path("path"), commands: opening.union([.diff]),
            requirements: [.coreData],
            help: "The app's model: an .xcdatamodeld bundle or a compiled .momd (the version that fits the "
                + "store is chosen), or one version by itself (.xcdatamodel, contents, .mom)."),
        CommandOption(
            name: "model-version", argument: .text("name"), commands: opening.union([.diff]),
            requirements: [.coreData, .option("model")],
            help: "Read the store with this version of the --model bundle (EasyLife 1.3.0) instead of the one "
                + "that fits; a store it does not fit is an error."),
        CommandOption(
            name: "source", argument: .choice("kind", values: ["auto", "coredata", "sqlite"], defaultValue: "auto"),
            commands: stores,
            help: "auto: a Core Data store when the file has Core Data's tables, else a plain SQLite database; "
                + "coredata; sqlite."),
        CommandOption(
            name: "shape", argument: .choice("shape", values: ["tree", "flat"], defaultValue: "tree"),
            commands: output, requirements: [.whenValue("tree", .nestingFormat)],
            help: "tree: each object nests under its owner, every other mention is a reference; flat: objects "
                + "grouped by entity, relationships as references. A format that keeps no nesting (jsonl, "
                + "graphml) is written flat."),
        CommandOption(
            name: "nest", argument: .text("Entity.rel"), repeatable: true, commands: store,
            requirements: [.treeShape],
            help: "Nest this relationship's destinations; either side of the pair may be named (a foreign key's "
                + "column side, Track.album, or its table side, Album.tracks). For inspect: the nesting shown."),
        CommandOption(
            name: "no-nest", argument: .text("Entity.rel"), repeatable: true, commands: store,
            requirements: [.treeShape],
            help: "Never nest this relationship: its destinations are references (a lookup entity such as a "
                + "recipe's type)."),
        CommandOption(
            name: "entity", argument: .text("name"), repeatable: true,
            help: "Write only the objects of this entity (or table) and of the entities that inherit from it; "
                + "relationships to the others stay references."),
        CommandOption(
            name: "exclude-entity", argument: .text("name"), repeatable: true,
            help: "Leave out the objects of this entity and of the entities that inherit from it."),
        CommandOption(
            name: "exact", requirements: [.anyOption(["entity", "exclude-entity"])],
            help: "--entity and --exclude-entity name that entity alone, not the entities that inherit from it."),
        CommandOption(
            name: "root", argument: .text("name"),
            help: "Write only the objects of this entity (all, or those --where chooses) and everything they own; "
                + "references to other objects stay references, counted on standard error at the end."),
        CommandOption(
            name: "where", argument: .text("expression"), requirements: [.option("root")],
            help: "An SQL condition on the rows of --root's table, in its column names (Name LIKE 'A%'); Core Data: "
                + "also in the root entity's attribute and to-one names (title = 'Home', the column wins a tie). It may "
                + "only read: anything else is refused; choosing nothing is a warning."),
        CommandOption(
            name: "closure", requirements: [.option("root")],
            help: "Also every object reachable from the chosen ones through any relationship."),
        CommandOption(
            name: "limit", argument: .text("count"),
            help: "A sample: at most this many objects of each entity, at every level (flat shape: the first by "
                + "primary key; tree shape: the first at the top level and, first, the children of the chosen "
                + "owners); with --root, the first chosen objects and at most this many of each entity below. "
                + "References that leave the sample are counted on standard error at the end."),
        CommandOption(
            name: "depth", argument: .text("levels"), requirements: [.treeShape],
            help: "Nest at most this many levels; deeper objects are references where they would nest and are "
                + "written at the top level. Default: \(Selection.defaultDepthLimit), with a warning when it "
                + "applies; 0: no limit."),
        CommandOption(
            name: "include-history", requirements: [.coreData],
            help: "Also export Core Data's persistent history (tables ATRANSACTION, ACHANGE, ATRANSACTIONSTRING) as "
                + "the entities TRANSACTION, CHANGE and TRANSACTIONSTRING."),
        CommandOption(
            name: "blobs", argument: .path("folder"), commands: output,
            help: "Write each binary value to a file of its own in this folder (made when missing), named by object "
                + "and attribute (Photo-p8-thumbnail.png), and put the file's path in the export instead of the "
                + "base64: relative to -o's folder, else to the current folder. Never replaces a file; a failed "
                + "or interrupted export removes the files it wrote. For schema: describe such an export (the "
                + "folder is not touched)."),
        CommandOption(
            name: "since", argument: .text("token"),
            help: "Write only what changed after this point of the store's persistent history: the historyToken of "
                + "an earlier export's header, or a transaction number (graphexport log lists them). Objects "
                + "inserted or updated since then are written in their current state, updated ones with "
                + "@changed; deleted ones as tombstones (@deleted). Exit status 3 when only a full export can "
                + "say what changed (a token of another store, history pruned, damaged or not kept)."),
        CommandOption(
            name: "exclude-attribute", argument: .text("Entity.attr"), repeatable: true, commands: store,
            help: "Leave this attribute or relationship (or column) out of every object of the entity, named on "
                + "the entity that declares it; a Core Data store does not look for where it is stored."),
        CommandOption(
            name: "attributes", argument: .text("Entity.a,b"), repeatable: true, commands: store,
            help: "Keep only these of the attributes and relationships the entity (or table) has; an inherited "
                + "one is kept on the entity that declares it, which keeps only those named of its own."),
        CommandOption(
            name: "raw-values", commands: stores,
            help: "Write every value as the store keeps it. Plain SQLite: by its storage class, BOOLEAN and DATETIME "
                + "columns included (they are typed by default). Core Data: Transformable attributes as their "
                + "stored bytes, in base64, instead of decoding keyed archives and property lists."),
        CommandOption(
            name: "raw-transformable", commands: stores, hidden: true,
            help: "The old name of --raw-values, which it means, with a warning."),
        CommandOption(
            name: "no-decode", argument: .text("name"), repeatable: true, commands: store,
            help: "Do not use this value decoder (graphexport formats lists them; notes: Apple Notes' text and "
                + "Markdown): the attributes it would add are left out, and the stored bytes stay as they are."),
        CommandOption(
            name: "include-views", commands: store, requirements: [.plainSQLite],
            help: "Export views too."),
        CommandOption(
            name: "infer-relations", commands: stores, requirements: [.plainSQLite],
            help: "Take <table>_id and <Table>Id columns as foreign keys, reporting every guess."),
        CommandOption(
            name: "json-columns", argument: .text("Table.column"), valueIsOptional: true, repeatable: true,
            commands: stores, requirements: [.plainSQLite],
            help: "Read this column's text that is a JSON array or object as an array or map; other text stays "
                + "text, with one warning per column for text that is not JSON. Without a column (the next "
                + "argument is an option, or the store): every column not typed otherwise, with one warning "
                + "for all the columns whose text is not JSON."),
        CommandOption(
            name: "pretty", requirements: [.prettyLayout],
            help: "Lay the output out for people. Default: pretty on a terminal, else as the format writes by "
                + "default (compact; YAML in block style)."),
        CommandOption(
            name: "compact", requirements: [.prettyLayout],
            help: "Write the output compactly, for programs (YAML: every object in flow style)."),
        CommandOption(
            name: "busy-timeout", argument: .text("seconds"), commands: opening.union([.diff]),
            help: "How long to wait while another process holds a lock on the store before failing "
                + "(default: 5; 0: fail at once)."),
        CommandOption(
            name: "key", argument: .text("Entity.attr"), repeatable: true, commands: [.diff],
            help: "Match the objects of this entity (and of those that inherit from it) by this unique attribute "
                + "instead of their primary key, for stores whose keys were renumbered; references to them are "
                + "compared by it too."),
        CommandOption(
            name: "quiet", short: "q", commands: store.union([.diff]),
            help: "Print no warnings and no notes (errors are still printed). inspect lists its warnings in what it "
                + "prints all the same."),
        CommandOption(
            name: "progress",
            help: "Show the progress line (objects written of the total, rate, time left) even when standard "
                + "error is not a terminal, as a line a second, and even with --quiet. Default: shown on a "
                + "terminal once an export runs over a second, unless --quiet or the output goes to the terminal."),
        CommandOption(
            name: "strict",
            help: "Exit with status 1 when there was any warning; the output is still written."),
        CommandOption(
            name: "verbose", commands: opening.union([.diff]),
            help: "Print each warning whole, with its detail (the full list, the SQL statement) in a note below it; "
                + "on an SQLite error, also show the SQL statement that failed."),
        CommandOption(
            name: "version", commands: Set(CommandName.allCases), action: .version,
            help: "Show the version of graphexport and of the SQLite, libxml2 and libyaml it runs on."),
        CommandOption(
            name: "help", short: "h", commands: Set(CommandName.allCases), action: .help,
            help: "Show help information."),
        CommandOption(
            name: "generate-man", action: .manPage, hidden: true,
            help: "Print the man page graphexport.1 (roff)."),
        CommandOption(
            name: "generate-cli-reference", action: .cliReference, hidden: true,
            help: "Print the reference of the command line, docs/CLI.md (Markdown)."),
        CommandOption(
            name: "generate-completion", argument: .choice("shell", values: ["bash", "zsh"], defaultValue: nil),
            action: .completion, hidden: true,
            help: "Print the completion script for bash or zsh."),
    ]
}
