import GraphExport
import GraphExportSchema

/// The prose of graphexport's help and man page beside the option and command tables, written
/// once: ``HelpText`` renders it as text, ``ManPage`` as roff.
enum ManualText {
    /// What graphexport does, in one paragraph.
    static func overview(_ formats: FormatRegistry) -> String {
        "Export the object graph of an Apple Core Data store, read on any machine without Core Data, or of "
            + "any SQLite database through its foreign keys, as \(formats.names): every object exactly once, "
            + "nested under its owner, every other mention a reference to its id."
    }

    /// The `<store>` operand.
    static let store =
        "The Core Data store or SQLite database to read. It is opened read-only and read in one snapshot; "
        + "its files are never changed."

    /// How plugins are found.
    static let plugins =
        "A format that is not built in is a plugin: --format NAME runs the executable graphexport-format-NAME, "
        + "the first found in the folders of GRAPHEXPORT_PLUGIN_PATH, then of PATH, and feeds it the export "
        + "as a stream of JSON events on its standard input; -o out.EXT picks the plugin whose handshake "
        + "names EXT when no built-in format does. graphexport formats lists the plugins found. The protocol "
        + "is docs/PLUGINS.md."

    /// The environment variables graphexport reads.
    static let environment: [(name: String, text: String)] = [
        ("GRAPHEXPORT_PLUGIN_PATH", "Colon-separated folders searched for format plugins before PATH."),
        (
            "GRAPHEXPORT_PLUGIN_TIMEOUT",
            "Seconds a plugin has to answer its handshake (above 0, at most 86400; default: 5)."
        ),
        (
            "GRAPHEXPORT_PROGRESS_DELAY",
            "Seconds an export runs before its progress line appears (0 to 86400; default: 1)."
        ),
    ]

    /// The exit statuses.
    static let exitStatus: [(status: String, text: String)] = [
        ("0", "The export (or the command) is done; also when the reader of a pipe went away (| head)."),
        (
            "1",
            "A failure, in one line on standard error that names the file, entity or row; with --strict, "
                + "also any warning (the output is then written all the same)."
        ),
        ("64", "A usage error: the command line does not say something graphexport can do."),
    ]

    /// What every line on standard error begins with.
    static let messages =
        "Every line on standard error begins with graphexport: error: (a usage error, a failure), "
        + "graphexport: warning: (a value that does not fit its type, a dangling reference) or graphexport: "
        + "note: (the progress line, the count of references leaving a selection, the usage after a usage "
        + "error, a warning's detail with --verbose, a format plugin's own lines). A warning is one line under "
        + "200 characters; --verbose prints it whole, with its detail. At most 50 warnings are printed, then "
        + "one line counts the rest."

    /// Examples, each a command and what it does.
    static let examples: [(command: String, text: String)] = [
        ("graphexport --model Scrapbook.xcdatamodeld Scrapbook.sqlite", "The store as JSON on standard output."),
        (
            "graphexport -m Model.xcdatamodeld --shape flat -o export.json.gz Store.sqlite",
            "Objects grouped by entity, gzip-compressed."
        ),
        ("graphexport -fyaml --no-nest Genre.tracks Chinook.sqlite", "A plain SQLite database as YAML."),
        (
            "graphexport --format xml --xml-style elements -o out.xml Store.sqlite",
            "XML with values as child elements."
        ),
        ("graphexport inspect --model Scrapbook.xcdatamodeld Scrapbook.sqlite", "What graphexport sees in a store."),
        (
            "graphexport schema --format dot --model Scrapbook.xcdatamodeld Scrapbook.sqlite | dot -Tsvg",
            "The model the export reads, drawn by Graphviz."
        ),
        ("GRAPHEXPORT_PLUGIN_PATH=Samples/Plugins graphexport --format csv Store.sqlite", "A plugin format."),
    ]

    /// The options the whole help and the man page list: the export's, then those only other
    /// commands take (`--key`, which says so).
    static func options(_ table: OptionTable) -> [CommandOption] {
        table.visible(for: .export) + table.options.filter { !$0.hidden && !$0.commands.contains(.export) }
    }

    /// A command's summary, and the options it takes besides --help and --version.
    static func summary(of entry: CommandEntry, table: OptionTable) -> String {
        let options = table.visible(for: entry.name).filter { $0.action == nil }.map(\.longForm)
        return entry.summary + (options.isEmpty ? "" : " Options: " + options.joined(separator: ", ") + ".")
    }

    /// The sentences that follow an option's own help: its values, its default, where it applies.
    static func details(of option: CommandOption, formats: FormatRegistry) -> String {
        var sentences = [option.help]
        switch option.argument {
        case .choice(_, let values, let defaultValue):
            sentences.append(
                "Values: " + values.joined(separator: ", ") + (defaultValue.map { "; default: \($0)." } ?? "."))
        case .format:
            sentences.append("Built in: \(formats.names).")
        case .none, .path, .text:
            break
        }
        if option.repeatable { sentences.append("Repeatable.") }
        if !option.commands.contains(.export) {
            let words = CommandTable.all.filter { option.commands.contains($0.name) }.compactMap(\.word)
            sentences.append("For \(words.joined(separator: " and ")) only.")
        }
        sentences += option.requirements.map { sentence($0, of: option, formats: formats) }
        return sentences.joined(separator: " ")
    }

    /// The sentence that says where `requirement` lets `option` apply.
    private static func sentence(
        _ requirement: CommandOption.Requirement, of option: CommandOption, formats: FormatRegistry
    ) -> String {
        switch requirement {
        case .plainSQLite: return "Plain SQLite databases only."
        case .coreData: return "Core Data stores only."
        case .treeShape: return "Tree shape only."
        case .nestingFormat:
            let names = formats.formats.filter { $0.capabilities.contains(.nesting) }.map(\.name)
            return "Formats " + names.joined(separator: ", ") + " and plugins only."
        case .format(let name):
            let schemas = SchemaFormat.allCases.filter { $0.optionsFormat == name }.map(\.rawValue)
            let forSchema =
                option.commands.contains(.schema) && !schemas.isEmpty
                ? "; for schema, --format " + schemas.joined(separator: " or ") + " only" : ""
            return "The \(name) format only\(forSchema)."
        case .option(let name): return "With --\(name) only."
        case .anyOption(let names): return "With " + names.map { "--" + $0 }.joined(separator: " or ") + " only."
        case .prettyLayout:
            let names = formats.formats.filter { $0.capabilities.contains(.pretty) }.map(\.name)
            return "Formats " + names.joined(separator: ", ") + " only."
        case .whenValue(let value, let inner):
            return value + ": " + sentence(inner, of: option, formats: formats)
        }
    }
}
