import Foundation
import Prerequisites
import XCTest

/// `make install DESTDIR=…`, with the debug build as the binary: where each file goes, that the man
/// page renders, that the completion scripts parse and know every option of the table.
final class InstallTests: XCTestCase {
    /// Runs `tool` (a name on PATH, or a path) from the repository's folder.
    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        let executable = tool.contains("/") ? URL(fileURLWithPath: tool) : try Prerequisite.executable(tool)
        return try CommandRunner.run(executable: executable, arguments, environment: environment)
    }

    /// A fresh DESTDIR with graphexport installed under PREFIX `/usr`.
    private func install() throws -> URL {
        let destination = try CommandRunner.scratchFolder(for: self)
        let binary = try CommandRunner.executable.path
        let result = try run(
            "make",
            [
                "--no-print-directory", "install", "DESTDIR=\(destination.path)", "PREFIX=/usr",
                "GRAPHEXPORT_BIN=\(binary)",
            ])
        XCTAssertEqual(result.status, 0, result.standardError)
        return destination.appendingPathComponent("usr")
    }

    func testInstallPutsEachFileInItsPlace() throws {
        let prefix = try install()
        let binary = prefix.appendingPathComponent("bin/graphexport")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        for path in [
            "share/man/man1/graphexport.1", "share/bash-completion/completions/graphexport",
            "share/zsh/site-functions/_graphexport",
        ] {
            let data = try Data(contentsOf: prefix.appendingPathComponent(path))
            XCTAssertGreaterThan(data.count, 500, path)
        }
        let version = try run(binary.path, ["--version"])
        XCTAssertTrue(version.text.hasPrefix("graphexport "), version.text)
    }

    func testManPageRendersEveryOption() throws {
        let page = try install().appendingPathComponent("share/man/man1/graphexport.1")
        let rendered = try run("man", ["-l", page.path], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        let text = rendered.text.replacingOccurrences(of: "\u{2010}\n", with: "").replacingOccurrences(
            of: "‐", with: "-")
        XCTAssertTrue(text.hasPrefix("GRAPHEXPORT(1)"), String(text.prefix(200)))
        for heading in ["NAME", "SYNOPSIS", "OPTIONS", "PLUGINS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), heading)
        }
        for option in ["--format", "--model-version", "--xml-style", "--quiet", "--strict", "--no-nest", "--version"] {
            XCTAssertTrue(text.contains(option), option)
        }
        XCTAssertTrue(text.contains("GRAPHEXPORT_PLUGIN_PATH"))
        XCTAssertFalse(text.contains("--generate-man"), "hidden options stay out of the page")
        let warnings = try run("groff", ["-man", "-Tutf8", "-ww", "-z", page.path])
        XCTAssertEqual(warnings.status, 0)
        XCTAssertEqual(warnings.standardError, "", "groff warns about the page")
    }

    func testCompletionScriptsParseAndOfferTheOptions() throws {
        let prefix = try install()
        let bash = prefix.appendingPathComponent("share/bash-completion/completions/graphexport")
        let syntax = try run("bash", ["-n", bash.path])
        XCTAssertEqual(syntax.status, 0, syntax.standardError)
        // Completing `graphexport --sh` and `graphexport --shape ` in bash itself.
        let script = """
            source '\(bash.path)'
            COMP_WORDS=(graphexport --sh); COMP_CWORD=1; _graphexport; echo "${COMPREPLY[*]}"
            COMP_WORDS=(graphexport --shape ''); COMP_CWORD=2; _graphexport; echo "${COMPREPLY[*]}"
            COMP_WORDS=(graphexport -f ''); COMP_CWORD=2; _graphexport; echo "${COMPREPLY[*]}"
            """
        let completed = try run("bash", ["-c", script])
        XCTAssertEqual(completed.status, 0, completed.standardError)
        XCTAssertEqual(
            completed.text.split(separator: "\n"),
            ["--shape", "tree flat", "json xml yaml jsonl plist graphml sqlite sql text json-schema xsd mermaid dot"])

        let zsh = try String(
            contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_graphexport"), encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef graphexport\n"))
        for option in ["--format=", "--model-version=", "--xml-style=", "--quiet", "--strict", "*--nest="] {
            XCTAssertTrue(zsh.contains(option), option)
        }
        let zshScript = prefix.appendingPathComponent("share/zsh/site-functions/_graphexport").path
        let zshSyntax = try run("zsh", ["-n", zshScript])
        XCTAssertEqual(zshSyntax.status, 0, zshSyntax.standardError)
    }
}
