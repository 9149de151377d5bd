import GraphExport

/// How a page of the manual marks up its parts: ``ManPage`` in roff, ``CLIReference`` in Markdown.
/// The sections both pages have, and their order, are ``sections(formats:)``: written once.
protocol ManualMarkup {
    /// A section's heading (`Exit status`).
    func heading(_ title: String) -> String
    /// A term, then its text.
    func item(_ term: String, _ text: String) -> String
    /// A paragraph of prose; `endingList` when it follows a section's items.
    func paragraph(_ text: String, endingList: Bool) -> String
    /// An example: what it does, then the command.
    func example(_ text: String, command: String) -> String
}

extension ManualMarkup {
    /// The sections from the commands to the examples, from the command and option tables and
    /// ``ManualText``.
    func sections(formats: FormatRegistry) -> String {
        let table = OptionTable(formats: formats)
        var page = heading("Commands")
        for entry in CommandTable.all where entry.word != nil {
            page += item(entry.synopsis, ManualText.summary(of: entry, table: table))
        }
        page += heading("Arguments") + item("<store>", ManualText.store)
        page += heading("Options")
        for option in ManualText.options(table) {
            page += item(option.synopsis, ManualText.details(of: option, formats: formats))
        }
        page += heading("Plugins") + paragraph(ManualText.plugins, endingList: false)
        page += heading("Environment") + ManualText.environment.map { item($0.name, $0.text) }.joined()
        page += heading("Exit status") + ManualText.exitStatus.map { item($0.status, $0.text) }.joined()
        page += paragraph(ManualText.messages, endingList: true)
        page += heading("Examples")
        for example in ManualText.examples {
            page += self.example(example.text, command: example.command)
        }
        return page
    }
}
