import Foundation
import Prerequisites
import XCTest

/// Every command the README and `docs/` show runs, as a new user would type it, in a folder that
/// holds the files they name (the bundled Scrapbook sample, and the shared samples: `Chinook.sqlite`,
/// Apple Notes' `NoteStore.sqlite`, SwiftData's `default.store`), and exits 0; where a transcript
/// shows what a command prints, it prints that (`…` standing for what is left out).
///
/// Commands run file by file, in the order the file shows them, each file in a fresh folder, so a
/// command may use what an earlier one of its file wrote.
final class DocumentedCommandsTests: XCTestCase {
    /// The files whose commands run.
    static let documents = ["README.md"] + documentsFolder()

    /// Commands that are shown but not run here, each with the reason and the test that covers it.
    static let notRun: [(prefix: String, reason: String)] = [
        ("make demo", "the README's first command: CI's clean-clone check runs it"),
        ("make test", "the README's test command: this test runs inside it"),
        ("make deps", "installs system packages: make test runs it first"),
        ("swift build", "the release build: make bench and make install build it"),
        ("cp \"$(swift build", "copies a release build into /usr/local/bin"),
        ("sudo make install", "installs into /usr/local: InstallTests installs into a DESTDIR"),
        ("make install DESTDIR", "InstallTests runs it with the debug build"),
        ("graphexport --progress", "its figures depend on the machine: ProgressLineTests checks the line"),
        ("graphexport -m Scrapbook.xcdatamodeld -o big.json big.sqlite", "a terminal session: ProgressLineTests"),
    ]

    /// The names the documents give files, and where the test takes each from: `nil` for the
    /// bundled sample, else the path in `shared/`.
    private static let sharedFiles: [String: [String]] = [
        "Chinook.sqlite": ["data/chinook/Chinook.sqlite"],
        "NoteStore.sqlite": [
            "coredata-samples/apple-notes-macos12/NoteStore.sqlite",
            "coredata-samples/apple-notes-macos12/NoteStore.sqlite-wal",
            "coredata-samples/apple-notes-macos12/NoteStore.sqlite-shm",
        ],
        "default.store": [
            "coredata-samples/swiftdata-resourcesmanager/default.store",
            "coredata-samples/swiftdata-resourcesmanager/default.store-wal",
            "coredata-samples/swiftdata-resourcesmanager/default.store-shm",
        ],
    ]

    /// Every documented command runs as shown. Without the shared samples, the blocks that name
    /// one are left out and the test then skips, saying how many.
    func testDocumentedCommandsRunAsShown() throws {
        let sharedPresent = Self.sharedFiles.values.joined().allSatisfy { (try? Prerequisite.shared($0)) != nil }
        var failures: [String] = []
        var ran = 0
        var leftOut = 0
        for document in Self.documents {
            let commands = try Self.commands(in: document).filter { command in
                !Self.notRun.contains { command.command.hasPrefix($0.prefix) }
            }
            let blocksNeedingShared = Set(commands.filter(Self.needsShared).map(\.block))
            guard !commands.isEmpty else { continue }
            let folder = try userFolder()
            for command in commands {
                if !sharedPresent && blocksNeedingShared.contains(command.block) {
                    leftOut += 1
                    continue
                }
                ran += 1
                if let failure = try run(command, in: folder) { failures.append(failure) }
            }
        }
        XCTAssertGreaterThan(ran, 0, "no documented command ran")
        XCTAssertTrue(
            failures.isEmpty,
            "\(failures.count) of \(ran) documented commands fail:\n\n" + failures.joined(separator: "\n\n"))
        if leftOut > 0 {
            throw Prerequisite.missing(
                "\(leftOut) documented commands name the shared samples, which are missing beside the repository")
        }
    }

    /// Every reason for not running a command still names a command the documents show.
    func testEveryCommandNotRunIsStillDocumented() throws {
        let commands = try Self.documents.flatMap(Self.commands(in:))
        for entry in Self.notRun {
            XCTAssertTrue(
                commands.contains { $0.command.hasPrefix(entry.prefix) },
                "no documented command begins '\(entry.prefix)': remove it from notRun")
        }
    }

    /// The matcher of shown output: `…` lines and `…` within a line.
    func testShownOutputMatching() {
        XCTAssertTrue(ShownOutput.matches(shown: ["a", "…", "d"], actual: ["a", "b", "c", "d"]))
        XCTAssertTrue(ShownOutput.matches(shown: ["a", "  …", "b"], actual: ["a", "b"]))
        XCTAssertFalse(ShownOutput.matches(shown: ["a", "d"], actual: ["a", "b", "d"]))
        XCTAssertTrue(ShownOutput.matches(shown: ["x … z"], actual: ["x y y z"]))
        XCTAssertFalse(ShownOutput.matches(shown: ["x … z"], actual: ["x y y"]))
        XCTAssertFalse(ShownOutput.matches(shown: ["a"], actual: ["a", "b"]))
    }

    // MARK: - Running

    /// Runs one command in `folder`; a description of what went wrong, or nil.
    private func run(_ command: DocumentedCommand, in folder: URL) throws -> String? {
        let (outcome, lines) = try command.run(in: folder)
        if outcome.status != 0 {
            return "\(command)\n  exit status \(outcome.status):\n" + excerpt(lines)
        }
        if let shown = command.shownOutput, let index = ShownOutput.firstUnmatched(shown: shown, actual: lines) {
            let line = index < shown.count ? "line \(command.line + 1 + index), '\(shown[index])'" : "its end"
            return "\(command)\n  prints what the document does not show, from \(line) on; it prints:\n"
                + excerpt(lines)
        }
        return nil
    }

    private func excerpt(_ lines: [String]) -> String {
        let shown = lines.prefix(40).map { "    " + $0 }.joined(separator: "\n")
        return lines.count > 40 ? shown + "\n    (\(lines.count - 40) more lines)" : shown
    }

    /// Whether a command names a file the test takes from `shared/`.
    private static func needsShared(_ command: DocumentedCommand) -> Bool {
        sharedFiles.keys.contains { command.command.contains($0) }
    }

    /// A fresh folder holding every file the documents name: the bundled samples under their own
    /// paths (`Samples/Scrapbook/…`, `Samples/Notes/…`) and at the top (`Scrapbook.sqlite`, `Store.sqlite`), the
    /// shared samples when they are there, `-odd-name.sqlite` (for `--`), and `app.db`, a plain database with a JSON column.
    private func userFolder() throws -> URL {
        let scratch = try ScratchFolder(for: self)
        let folder = scratch.url
        let samples = CommandRunner.repository.appendingPathComponent("Samples")
        let scrapbook = samples.appendingPathComponent("Scrapbook")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Samples"), withIntermediateDirectories: true)
        // Copied with their modes: the plugins and the recipe are executables.
        for sample in ["Scrapbook", "Plugins", "Notes"] {
            try FileManager.default.copyItem(
                at: samples.appendingPathComponent(sample), to: folder.appendingPathComponent("Samples/" + sample))
        }
        for name in ["Scrapbook.sqlite", ".Scrapbook_SUPPORT", "Scrapbook.xcdatamodeld"] {
            try scratch.copy(scrapbook.appendingPathComponent(name))
        }
        for name in ["Store.sqlite", "-odd-name.sqlite"] {
            try scratch.copy(scrapbook.appendingPathComponent("Scrapbook.sqlite"), as: name)
        }
        for (name, paths) in Self.sharedFiles {
            guard let base = paths.first.map({ URL(fileURLWithPath: $0).lastPathComponent }) else { continue }
            for path in paths {
                guard let source = try? Prerequisite.shared(path) else { continue }
                try scratch.copy(source, as: name + source.lastPathComponent.dropFirst(base.count))
            }
        }
        try ScratchDatabase.create(
            at: folder.appendingPathComponent("app.db"),
            sql: """
                CREATE TABLE settings (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value TEXT);
                INSERT INTO settings VALUES (1, 'theme', '{"dark": true, "accent": [0.2, 0.4, 0.9]}');
                INSERT INTO settings VALUES (2, 'recent', '["a.txt", "b.txt"]');
                """)
        return folder
    }

    // MARK: - Documents

    private static func documentsFolder() -> [String] {
        let docs = CommandRunner.repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    private static func commands(in document: String) throws -> [DocumentedCommand] {
        let text = try String(contentsOf: CommandRunner.repository.appendingPathComponent(document), encoding: .utf8)
        return DocumentedCommand.commands(inMarkdown: text, file: document)
    }
}
