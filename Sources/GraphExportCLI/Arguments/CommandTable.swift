/// One command of graphexport as help, the man page and the completions describe it.
struct CommandEntry {
    /// Which command.
    let name: CommandName
    /// The word that names it on the command line; `nil` for the export, which has none.
    let word: String?
    /// What follows the options (`<store>`).
    let operands: String
    /// One line for the list of commands.
    let summary: String

    /// Its word and operands (`diff <old> <new>`), as the lists of commands name it.
    var synopsis: String {
        ([word].compactMap { $0 } + [operands].filter { !$0.isEmpty }).joined(separator: " ")
    }
}

/// The commands of graphexport, in the order help lists them. A new command adds its entry here
/// (and a case to ``CommandName``); the parser, help, the man page and the completions follow.
enum CommandTable {
    static let all: [CommandEntry] = [
        CommandEntry(
            name: .export, word: nil, operands: "<store>",
            summary: "Export the store's object graph (the default: no command word)."),
        CommandEntry(
            name: .inspect, word: "inspect", operands: "<store>",
            summary: "Print what graphexport sees in the store instead of exporting it: the model chosen and "
                + "the versions that did not fit, each entity with its object count, the table and column of "
                + "every attribute and relationship, which relationships nest, and the warnings; "
                + "--format text (default) or json."),
        CommandEntry(
            name: .schema, word: "schema", operands: "<store>",
            summary: "Write the shape of the store's export instead of the export, from the model the export "
                + "reads: a JSON Schema 2020-12 of the JSON export (--format json-schema, the default), an XML "
                + "Schema of the XML export (xsd, for the --xml-style given), a Mermaid erDiagram (mermaid), "
                + "a Graphviz digraph (dot) or the tables of -f sqlite and -f sql (sql, for the --sql-dialect "
                + "given); -o's extension can name the format (.json, .xsd, .mmd, .dot, .sql)."),
        CommandEntry(
            name: .log, word: "log", operands: "<store>",
            summary: "List the transactions of a Core Data store's persistent history, oldest first: number, time, "
                + "author, bundle, process and the changes per entity, and the history token of the last one; "
                + "--format text (default) or json."),
        CommandEntry(
            name: .diff, word: "diff", operands: "<old> <new>",
            summary: "Print what differs between two stores or databases of one model or schema (a backup and "
                + "today's store): the objects added, removed and changed, matched by entity and primary key "
                + "(or a unique --key attribute), and for each changed one the properties that differ, old and "
                + "new; --format text (default) or jsonl. Exit status as diff(1): 0 the same, 1 different, 2 "
                + "trouble (also two stores whose models differ)."),
        CommandEntry(
            name: .sync, word: "sync", operands: "<store> <target>",
            summary:
                "Keep a relational copy of the store current in a SQLite file or a PostgreSQL "
                + "server (a postgresql:// URI): the first run loads everything, each later one applies what changed since, in "
                + "one transaction, and says so in one line (--format json: one JSON object). Exit status 0 "
                + "synced, 1 a failure, 2 the target could not be reached or locked; nothing is written then."),
        CommandEntry(
            name: .formats, word: "formats", operands: "",
            summary: "List the output formats, built in and plugins."),
        CommandEntry(
            name: .help, word: "help", operands: "[<command>]",
            summary: "Print help, of a command when one is named (graphexport help inspect)."),
    ]

    /// The entry of `name`.
    static func entry(_ name: CommandName) -> CommandEntry {
        all.first { $0.name == name }!
    }

    /// The command a word names (`inspect`), if any.
    static func command(named word: String) -> CommandName? {
        all.first { $0.word == word }?.name
    }
}
