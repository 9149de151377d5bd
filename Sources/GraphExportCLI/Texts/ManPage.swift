import GraphExport

/// The man page `graphexport.1`, in roff (man macros), made from the command and option tables and
/// ``ManualText`` as `--help` is; `make install` writes it with `graphexport --generate-man`.
struct ManPage {
    let formats: FormatRegistry

    /// The whole page.
    var text: String {
        let table = OptionTable(formats: formats)
        var page = ".TH GRAPHEXPORT 1 \"\" \"graphexport \(GraphExportVersion.current)\" \"User Commands\"\n"
        page += ".SH NAME\ngraphexport \\- export a Core Data store or SQLite database as JSON, XML, YAML and more\n"
        page += ".SH SYNOPSIS\n"
        page += CommandTable.all.map { ".B \(Self.escaped(HelpText.usage($0.name)))\n" }.joined(separator: ".br\n")
        page += ".SH DESCRIPTION\n" + Self.escaped(ManualText.overview(formats)) + "\n"
        page += ".SH COMMANDS\n"
        for entry in CommandTable.all where entry.word != nil {
            page += Self.item(entry.synopsis, ManualText.summary(of: entry, table: table))
        }
        page += ".SH ARGUMENTS\n" + Self.item("<store>", ManualText.store)
        page += ".SH OPTIONS\n"
        for option in ManualText.options(table) {
            page += Self.item(option.synopsis, ManualText.details(of: option, formats: formats))
        }
        page += ".SH PLUGINS\n" + Self.escaped(ManualText.plugins) + "\n"
        page += ".SH ENVIRONMENT\n" + ManualText.environment.map { Self.item($0.name, $0.text) }.joined()
        page += ".SH EXIT STATUS\n" + ManualText.exitStatus.map { Self.item($0.status, $0.text) }.joined()
        page += ".PP\n" + Self.escaped(ManualText.messages) + "\n"
        page += ".SH EXAMPLES\n"
        for example in ManualText.examples {
            page +=
                ".PP\n" + Self.escaped(example.text) + "\n.PP\n.RS\n.nf\n" + Self.escaped(example.command)
                + "\n.fi\n.RE\n"
        }
        page += ".SH SEE ALSO\nREADME.md, docs/FORMATS.md, docs/PLUGINS.md, docs/INSPECT.md in the source.\n"
        return page
    }

    /// A tagged paragraph: the term in bold, then the text.
    private static func item(_ term: String, _ text: String) -> String {
        ".TP\n.B \(escaped(term))\n\(escaped(text))\n"
    }

    /// `text` safe in roff: backslashes and minus signs escaped, no line starting with a dot or quote.
    private static func escaped(_ text: String) -> String {
        let body = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        return body.first == "." || body.first == "'" ? "\\&" + body : body
    }
}
