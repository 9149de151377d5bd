import Foundation
import XCTest

@testable import GraphExportCLI

/// Help, the man page, the completions and `docs/CLI.md` are made from the option table: each
/// lists every option it should, and `docs/CLI.md` is the page the table makes.
final class GeneratedTextsTests: XCTestCase {
    private let table = OptionTable(formats: builtInFormats)

    /// `sync`'s usage line once left out `[<options>]` though it takes options; `help`'s names the
    /// command it explains instead.
    func testTheUsageOfEveryCommandThatTakesOptionsSaysSo() {
        for entry in CommandTable.all where entry.name != .help {
            let takesOptions = !table.visible(for: entry.name).isEmpty
            XCTAssertEqual(HelpText.usage(entry.name).contains(" [<options>]"), takesOptions, entry.synopsis)
        }
    }

    func testEveryVisibleOptionIsInHelpManPageCompletionsAndReference() throws {
        let help = HelpText(formats: builtInFormats).help(.export)
        let manPage = ManPage(formats: builtInFormats).text
        let bash = Completion(formats: builtInFormats).script(shell: "bash")
        let zsh = Completion(formats: builtInFormats).script(shell: "zsh")
        let reference = try String(contentsOf: Self.referencePath, encoding: .utf8)
        for option in table.options {
            let roff = option.longForm.replacingOccurrences(of: "-", with: "\\-")
            if option.hidden {
                XCTAssertFalse(help.contains(option.longForm), option.name)
                XCTAssertFalse(manPage.contains(roff), option.name)
                XCTAssertFalse(bash.contains(option.longForm), option.name)
                continue
            }
            XCTAssertTrue(help.contains(option.synopsis), option.name)
            XCTAssertTrue(manPage.contains(roff), option.name)
            XCTAssertTrue(bash.contains(option.longForm), option.name)
            XCTAssertTrue(zsh.contains(option.longForm), option.name)
            XCTAssertTrue(reference.contains("`" + option.synopsis), "docs/CLI.md does not document \(option.longForm)")
            if let short = option.short {
                XCTAssertTrue(help.contains("-\(short), \(option.longForm)"), option.name)
                XCTAssertTrue(bash.contains("-\(short)"), option.name)
            }
        }
    }

    /// `docs/CLI.md` is what `graphexport --generate-cli-reference` prints: `make cli-reference`
    /// writes it again after a change of the table.
    func testTheCommandLineReferenceIsTheOneTheTableMakes() throws {
        let reference = try String(contentsOf: Self.referencePath, encoding: .utf8)
        XCTAssertEqual(
            reference, CLIReference(formats: builtInFormats).text,
            "docs/CLI.md is not what the option table makes: run make cli-reference")
    }

    private static let referencePath = CommandRunner.repository.appendingPathComponent("docs/CLI.md")

    func testEachCommandsHelpListsOnlyItsOptions() {
        for command in CommandName.allCases {
            let help = HelpText(formats: builtInFormats).help(command)
            XCTAssertTrue(help.contains("USAGE: " + HelpText.usage(command)), "\(command)")
            for option in table.options where !option.hidden && command != .export {
                XCTAssertEqual(
                    help.contains("  " + option.synopsis), option.commands.contains(command),
                    "\(command) \(option.name)")
            }
        }
    }
}
