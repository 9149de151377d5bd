import GraphExport

/// The man page `graphexport.1`, in roff (man macros), made from the command and option tables and
/// ``ManualText`` as `--help` is; `make install` writes it with `graphexport --generate-man`.
struct ManPage: ManualMarkup {
    let formats: FormatRegistry

    /// The whole page.
    var text: String {
        var page = ".TH GRAPHEXPORT 1 \"\" \"graphexport \(GraphExportVersion.current)\" \"User Commands\"\n"
        page += ".SH NAME\ngraphexport \\- export a Core Data store or SQLite database as JSON, XML, YAML and more\n"
        page += ".SH SYNOPSIS\n"
        page += CommandTable.all.map { ".B \(Self.escaped(HelpText.usage($0.name)))\n" }.joined(separator: ".br\n")
        page += ".SH DESCRIPTION\n" + Self.escaped(ManualText.overview(formats)) + "\n"
        page += sections(formats: formats)
        page += ".SH SEE ALSO\nREADME.md, docs/FORMATS.md, docs/PLUGINS.md, docs/INSPECT.md in the source.\n"
        return page
    }

    func heading(_ title: String) -> String {
        ".SH \(title.uppercased())\n"
    }

    /// A tagged paragraph: the term in bold, then the text.
    func item(_ term: String, _ text: String) -> String {
        ".TP\n.B \(Self.escaped(term))\n\(Self.escaped(text))\n"
    }

    /// After a section's items, a new paragraph ends their indentation.
    func paragraph(_ text: String, endingList: Bool) -> String {
        (endingList ? ".PP\n" : "") + Self.escaped(text) + "\n"
    }

    func example(_ text: String, command: String) -> String {
        ".PP\n" + Self.escaped(text) + "\n.PP\n.RS\n.nf\n" + Self.escaped(command) + "\n.fi\n.RE\n"
    }

    /// `text` safe in roff: backslashes and minus signs escaped, no line starting with a dot or quote.
    private static func escaped(_ text: String) -> String {
        let body = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        return body.first == "." || body.first == "'" ? "\\&" + body : body
    }
}
