import GraphExport
import GraphExportPlugin

/// The texts graphexport prints for `--help`, usage errors and `formats`, made from the command
/// and option tables and ``ManualText``.
struct HelpText {
    let formats: FormatRegistry
    private let table: OptionTable

    init(formats: FormatRegistry) {
        self.formats = formats
        table = OptionTable(formats: formats)
    }

    /// The usage line of `command` (`graphexport inspect [<options>] <store>`).
    static func usage(_ command: CommandName) -> String {
        let entry = CommandTable.entry(command)
        let options = command == .help ? [] : ["[<options>]"]
        return (["graphexport"] + [entry.word].compactMap { $0 } + options + [entry.operands].filter { !$0.isEmpty })
            .joined(separator: " ")
    }

    /// The help of `command`: the export's is the whole of it.
    func help(_ command: CommandName) -> String {
        guard command == .export else { return commandHelp(command) }
        var text = "OVERVIEW: " + Self.wrapped(ManualText.overview(formats), indent: 10, first: 10) + "\n"
        text += "USAGE: " + CommandTable.all.map { Self.usage($0.name) }.joined(separator: "\n       ") + "\n\n"
        text += "COMMANDS:\n"
        for entry in CommandTable.all where entry.word != nil {
            text += Self.entry(entry.synopsis, ManualText.summary(of: entry, table: table))
        }
        text += "\nARGUMENTS:\n" + Self.entry("<store>", ManualText.store)
        text += "\nOPTIONS:\n" + optionEntries(ManualText.options(table).filter { !isFormatOwn($0) })
        let own = table.visible(for: .export).filter(isFormatOwn)
        if !own.isEmpty { text += "\nFORMAT OPTIONS:\n" + optionEntries(own) }
        text += "\nPLUGINS:\n" + Self.paragraph(ManualText.plugins)
        text += "\nENVIRONMENT:\n" + ManualText.environment.map { Self.entry($0.name, $0.text) }.joined()
        text += "\nEXIT STATUS:\n" + ManualText.exitStatus.map { Self.entry($0.status, $0.text) }.joined()
        text += Self.paragraph(ManualText.messages)
        text += "\nEXAMPLES:\n" + ManualText.examples.map { "  " + $0.command + "\n" }.joined() + "\n"
        return text
    }

    /// The help of a command other than the export: its usage, what it does, its options.
    private func commandHelp(_ command: CommandName) -> String {
        let entry = CommandTable.entry(command)
        var text = "OVERVIEW: " + Self.wrapped(entry.summary, indent: 10, first: 10) + "\n"
        text += "USAGE: " + Self.usage(command) + "\n"
        if entry.operands == "<store>" { text += "\nARGUMENTS:\n" + Self.entry("<store>", ManualText.store) }
        let options = table.visible(for: command)
        if !options.isEmpty { text += "\nOPTIONS:\n" + optionEntries(options) }
        return text + "\n"
    }

    /// A usage error as printed: the message, the command's usage, where to read more.
    func usageError(_ error: UsageError) -> String {
        let helpCommand = error.command == .export ? "graphexport --help" : "graphexport help \(error.command.rawValue)"
        return MessageKind.error.line(error.message)
            + MessageKind.note.line("usage: \(Self.usage(error.command))")
            + MessageKind.note.line("see '\(helpCommand)' for more information")
    }

    private func isFormatOwn(_ option: CommandOption) -> Bool {
        option.requirements.contains(where: \.isFormat)
    }

    private func optionEntries(_ options: [CommandOption]) -> String {
        options.map { Self.entry($0.synopsis, ManualText.details(of: $0, formats: formats)) }.joined()
    }

    /// The column where an entry's text starts.
    private static let textColumn = 26
    /// The width help is wrapped to.
    private static let width = 80

    /// `  term      text…`, the text wrapped in its column; a long term has the text on the next line.
    private static func entry(_ term: String, _ text: String) -> String {
        let lead = "  " + term
        if lead.count < textColumn - 1 {
            return lead.padding(to: textColumn) + wrapped(text, indent: textColumn, first: textColumn) + "\n"
        }
        return lead + "\n" + String(repeating: " ", count: textColumn)
            + wrapped(text, indent: textColumn, first: textColumn)
            + "\n"
    }

    /// A paragraph indented by two spaces.
    private static func paragraph(_ text: String) -> String {
        "  " + wrapped(text, indent: 2, first: 2) + "\n"
    }

    /// `text` broken into lines of at most ``width`` columns, the first starting at column `first`,
    /// the others indented by `indent` spaces.
    private static func wrapped(_ text: String, indent: Int, first: Int) -> String {
        var lines: [String] = []
        var line = ""
        var column = first
        for word in text.split(separator: " ") {
            if !line.isEmpty && column + 1 + word.count > width {
                lines.append(line)
                line = ""
                column = indent
            }
            if !line.isEmpty {
                line += " "
                column += 1
            }
            line += word
            column += word.count
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// The text of `graphexport formats`: one line per built-in format, format plugin and decoder,
    /// in aligned columns (name, file extension, summary, then where it comes from and what it
    /// can do). A plugin's name and path are a file's and its summary and claims its own words:
    /// every cell is shown as ``TerminalText/escaped(_:)`` shows it.
    static func formatList(
        _ formats: FormatRegistry, plugins: [Plugin], decoders: [DecoderListing] = []
    ) -> String {
        var rows = formats.formats.map { format in
            let capabilities =
                format.capabilities.names.isEmpty ? "" : "; " + format.capabilities.names.joined(separator: ", ")
            var otherNames = format.aliases
            otherNames += format.fileExtensions.dropFirst().filter { !otherNames.contains($0) }
            let aliases = otherNames.isEmpty ? "" : "; also " + otherNames.joined(separator: ", ")
            return (format.name, "." + format.fileExtensions[0], format.summary, "built in" + capabilities + aliases)
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
        for decoder in decoders {
            let origin = decoder.path.map { "decoder plugin: " + $0 } ?? "built-in decoder"
            let claims = decoder.claims.isEmpty ? "" : "; decodes " + decoder.claims.joined(separator: ", ")
            rows.append((decoder.name, "decoder", decoder.summary ?? decoder.error ?? "", origin + claims))
        }
        rows = rows.map { row in
            (
                TerminalText.escaped(row.0), TerminalText.escaped(row.1), TerminalText.escaped(row.2),
                TerminalText.escaped(row.3)
            )
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
