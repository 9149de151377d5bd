import GraphExport

/// The texts graphexport prints for `--help`, usage errors and `formats`, built from the registry.
enum HelpText {
    static let usage = "graphexport [--format <format>] [--model <path>] [--shape <shape>] [-o <path>] <store>"

    static func help(formats: FormatRegistry) -> String {
        """
        OVERVIEW: Export the object graph of an Apple Core Data store, read on any machine without \
        Core Data, or of any SQLite database through its foreign keys, as \(formats.names).

        USAGE: \(usage)
               graphexport inspect [--format text|json] [--model <path>] <store>
               graphexport schema [--format json-schema|xsd|mermaid|dot] [--shape <shape>] [-o <path>] <store>
               graphexport formats

        COMMANDS:
          inspect <store>         Print what graphexport sees in the store instead of exporting it:
                                  the model chosen and the versions that did not fit, each entity
                                  with its object count, the table and column of every attribute
                                  and relationship, which relationships nest, and the warnings.
                                  Takes --model, --source, --busy-timeout, --verbose and the plain
                                  SQLite options; --format text (default) or json.
          schema <store>          Write the shape of the store's export instead of the export: a
                                  JSON Schema 2020-12 of the JSON export (default), an XML Schema of
                                  the XML export (with --xml-style), a Mermaid erDiagram or a
                                  Graphviz digraph. Takes --shape, -o and the options inspect takes.
          formats                 List the output formats, built in and plugins.

        ARGUMENTS:
          <store>                 The Core Data store or SQLite database to read. It is opened
                                  read-only and read in one snapshot; its files are never changed.

        OPTIONS:
          -f, --format <format>   The output format (values: \(formats.names); default: the
                                  format -o's extension names, else json).
          -m, --model <path>      The app's model: an .xcdatamodeld bundle (the version that fits
                                  the store is chosen) or one .xcdatamodel folder.
          --source <kind>         auto: a Core Data store when the file has Core Data's tables,
                                  else a plain SQLite database; coredata; sqlite (values: auto,
                                  coredata, sqlite; default: auto).
          --shape <shape>         tree: each object nests under its owner, every other mention is
                                  a reference; flat: objects grouped by entity, relationships as
                                  references (values: tree, flat; default: tree).
          -o, --output <path>     Write to this file instead of standard output. The file appears
                                  only when the export is complete.
          --nest <Table.rel>      Plain SQLite: nest this relationship's destinations (repeatable).
          --no-nest <Table.rel>   Plain SQLite: never nest this relationship (repeatable).
          --include-views         Plain SQLite: export views too.
          --infer-relations       Plain SQLite: take <table>_id / <Table>Id columns as foreign keys,
                                  reporting every guess.
          --busy-timeout <seconds>
                                  How long to wait while another process holds a lock on the
                                  store before failing (default: 5; 0: fail at once).
          --pretty, --compact     Indented or compact output (default: pretty on a terminal,
                                  compact otherwise).
          --verbose               On a SQLite error, also show the SQL statement that failed.
          --version               Show the version.
          -h, --help              Show help information.

        \(formatOptionsHelp(formats))EXAMPLES:
          graphexport --model Scrapbook.xcdatamodeld Scrapbook.sqlite
          graphexport --model Model.xcdatamodeld --shape flat -o export.json Store.sqlite
          graphexport --format yaml --no-nest Genre.tracks Chinook.sqlite
          graphexport inspect --model Scrapbook.xcdatamodeld Scrapbook.sqlite
          graphexport schema --format dot --model Scrapbook.xcdatamodeld Scrapbook.sqlite | dot -Tsvg

        """
    }

    /// A FORMAT OPTIONS section listing each format's own options, or nothing when there are none.
    private static func formatOptionsHelp(_ formats: FormatRegistry) -> String {
        let lines = formats.formats.flatMap { format in
            format.options.map { option in
                "  --\(option.name) <value>".padding(to: 26) + "\(format.name): \(option.summary) (values: "
                    + option.values.joined(separator: ", ") + "; default: \(option.defaultValue)).\n"
            }
        }
        return lines.isEmpty ? "" : "FORMAT OPTIONS:\n" + lines.joined() + "\n"
    }

    static func usageError(_ message: String) -> String {
        """
        Error: \(message)
        Usage: \(usage)
          See 'graphexport --help' for more information.

        """
    }

    static func formatList(_ formats: FormatRegistry, plugins: [Plugin]) -> String {
        var rows = formats.formats.map { format in
            let capabilities =
                format.capabilities.names.isEmpty ? "" : "; " + format.capabilities.names.joined(separator: ", ")
            let aliases = format.aliases.isEmpty ? "" : "; also " + format.aliases.joined(separator: ", ")
            return (format.name, "." + format.fileExtension, format.summary, "built in" + capabilities + aliases)
        }
        for plugin in plugins {
            do {
                let description = try plugin.describe()
                rows.append(
                    (plugin.name, "." + description.fileExtension, description.summary, "plugin: \(plugin.path)"))
            } catch {
                rows.append((plugin.name, "?", "\(error)", "plugin: \(plugin.path)"))
            }
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let extensionWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, fileExtension, summary, origin in
            name.padding(to: nameWidth + 2) + fileExtension.padding(to: extensionWidth + 2) + summary
                + "  (\(origin))\n"
        }.joined()
    }
}

extension String {
    /// The string with spaces added up to `width` characters, and one space at least.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
