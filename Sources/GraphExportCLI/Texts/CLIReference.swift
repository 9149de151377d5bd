import GraphExport

/// `docs/CLI.md`, the full reference of the command line in Markdown, made from the command and
/// option tables and ``ManualText`` as the man page is (``ManPage``), so that it cannot drift from
/// them; `make cli-reference` writes it with `graphexport --generate-cli-reference`, and a test compares it
/// with the file.
struct CLIReference: ManualMarkup {
    let formats: FormatRegistry

    /// The whole page.
    var text: String {
        var page = "# The command line\n\n"
        page += "<!-- Made by `graphexport --generate-cli-reference` (`make cli-reference`) from the option table, "
        page += "Sources/GraphExportCLI/Arguments/OptionTable.swift: edit the table, not this page. -->\n\n"
        page += Self.escaped(ManualText.overview(formats)) + "\n\n"
        page += "```text\n" + CommandTable.all.map { HelpText.usage($0.name) + "\n" }.joined() + "```\n\n"
        return page + sections(formats: formats)
    }

    func heading(_ title: String) -> String {
        "## \(title)\n\n"
    }

    /// A term in code type, then its text as a paragraph of its own.
    func item(_ term: String, _ text: String) -> String {
        "- `\(term)`\n\n  " + Self.escaped(text) + "\n\n"
    }

    func paragraph(_ text: String, endingList: Bool) -> String {
        Self.escaped(text) + "\n\n"
    }

    func example(_ text: String, command: String) -> String {
        Self.escaped(text) + "\n\n```text\n" + command + "\n```\n\n"
    }

    /// `text` safe in Markdown prose: what would start a tag, an emphasis or a code span is
    /// escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("<", with: "\\<").replacingAll("*", with: "\\*")
            .replacingAll("`", with: "\\`").replacingAll("_", with: "\\_")
    }
}
