import GraphExport

/// `docs/CLI.md`, the full reference of the command line in Markdown, made from the command and
/// option tables and ``ManualText`` as the man page is (``ManPage``), so that it cannot drift from
/// them; `make cli-reference` writes it with `graphexport --generate-cli-reference`, and a test compares it
/// with the file.
struct CLIReference {
    let formats: FormatRegistry

    /// The whole page.
    var text: String {
        let table = OptionTable(formats: formats)
        var page = "# The command line\n\n"
        page += "<!-- Made by `graphexport --generate-cli-reference` (`make cli-reference`) from the option table, "
        page += "Sources/GraphExportCLI/Arguments/OptionTable.swift: edit the table, not this page. -->\n\n"
        page += Self.escaped(ManualText.overview(formats)) + "\n\n"
        page += "```text\n" + CommandTable.all.map { HelpText.usage($0.name) + "\n" }.joined() + "```\n\n"
        page += "## Commands\n\n"
        for entry in CommandTable.all where entry.word != nil {
            page += Self.item(entry.synopsis, ManualText.summary(of: entry, table: table))
        }
        page += "## Arguments\n\n" + Self.item("<store>", ManualText.store)
        page += "## Options\n\n"
        for option in ManualText.options(table) {
            page += Self.item(option.synopsis, ManualText.details(of: option, formats: formats))
        }
        page += "## Plugins\n\n" + Self.escaped(ManualText.plugins) + "\n\n"
        page += "## Environment\n\n" + ManualText.environment.map { Self.item($0.name, $0.text) }.joined()
        page += "## Exit status\n\n" + ManualText.exitStatus.map { Self.item($0.status, $0.text) }.joined()
        page += Self.escaped(ManualText.messages) + "\n\n"
        page += "## Examples\n\n"
        for example in ManualText.examples {
            page += Self.escaped(example.text) + "\n\n```text\n" + example.command + "\n```\n\n"
        }
        return page
    }

    /// A term in code type, then its text as a paragraph of its own.
    private static func item(_ term: String, _ text: String) -> String {
        "- `\(term)`\n\n  " + escaped(text) + "\n\n"
    }

    /// `text` safe in Markdown prose: what would start a tag, an emphasis or a code span is
    /// escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("<", with: "\\<").replacingAll("*", with: "\\*")
            .replacingAll("`", with: "\\`").replacingAll("_", with: "\\_")
    }
}
