import Foundation
import XCTest

@testable import GraphExportCLI

/// Help, the man page and the completions are made from the option table: each lists every
/// option it should, and the README documents each one.
final class GeneratedTextsTests: XCTestCase {
    private let table = OptionTable(formats: builtInFormats)

    func testEveryVisibleOptionIsInHelpManPageCompletionsAndReadme() throws {
        let help = HelpText(formats: builtInFormats).help(.export)
        let manPage = ManPage(formats: builtInFormats).text
        let bash = Completion(formats: builtInFormats).script(shell: "bash")
        let zsh = Completion(formats: builtInFormats).script(shell: "zsh")
        let readme = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
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
            XCTAssertTrue(readme.contains("`" + option.longForm), "README.md does not document \(option.longForm)")
            if let short = option.short {
                XCTAssertTrue(help.contains("-\(short), \(option.longForm)"), option.name)
                XCTAssertTrue(bash.contains("-\(short)"), option.name)
            }
        }
    }

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
