import Foundation
import GraphExport
import Prerequisites
import XCTest

@testable import GraphExportCLI

/// What graphexport writes on standard error, end to end: every line begins
/// `graphexport: error: `, `graphexport: warning: ` or `graphexport: note: `, a warning stays
/// under 200 characters with its detail waiting for `--verbose`, and a name the store does not
/// have suggests the near ones and lists what there is.
final class MessageLinesTests: XCTestCase {
    private static let formats = ["json", "xml", "yaml", "jsonl", "plist", "graphml"]
    private static let prefixes = ["graphexport: error: ", "graphexport: warning: ", "graphexport: note: "]

    /// Checks that every line of `text` has a prefix and, unless `verbose`, is under 200
    /// characters; returns the lines.
    @discardableResult
    private func assertLines(
        _ text: String, verbose: Bool = false, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertTrue(text.isEmpty || text.hasSuffix("\n"), "\(context): \(text)", file: file, line: line)
        for printed in lines {
            XCTAssertTrue(
                Self.prefixes.contains(where: printed.hasPrefix), "\(context): no prefix: \(printed)", file: file,
                line: line)
            if !verbose {
                XCTAssertLessThan(printed.count, 200, "\(context): \(printed)", file: file, line: line)
            }
        }
        return lines
    }

    func testEverySharedSampleInEveryFormatWritesOnlyPrefixedShortLines() throws {
        try SharedStores.assertEveryFolderIsListed()
        var runs: [(folder: URL, arguments: [String])] = []
        // Each store as the list opens it, and without its model too (for most, read with their own
        // Z_MODELCACHE; for those that keep none, with a model inferred from their tables, whose
        // warning is the longest); not the four largest, which have a Z_MODELCACHE, to keep the test
        // quick in debug builds.
        let large =
            ["Simplex.sqlite", "CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_2.sqlite"]
            + ["CoreDataMigration_Example_3.sqlite"]
        for (_, folder, store, model, arguments) in try SharedStores.copies(for: self) {
            runs.append((folder, arguments))
            if model != nil && !large.contains(store) { runs.append((folder, [store])) }
        }
        let chinook = try CommandRunner.copyOfChinook(for: self)
        runs.append((chinook.deletingLastPathComponent(), ["Chinook.sqlite"]))
        var warnings = 0
        var cut = 0
        for (folder, arguments) in runs {
            for format in Self.formats {
                let options = ["--format", format, "-o", "out.\(format)"] + arguments
                let result = try CommandRunner.assertSucceeds(options, in: folder)
                let lines = assertLines(result.standardError, "\(options)")
                warnings += lines.count { $0.hasPrefix("graphexport: warning: ") }
                cut += lines.count { $0.hasSuffix("(more with --verbose)") }
            }
            let verbose = try CommandRunner.run(["--verbose", "-o", "out.json"] + arguments, in: folder)
            assertLines(verbose.standardError, verbose: true, "--verbose \(arguments)")
        }
        XCTAssertGreaterThan(warnings, 0, "the samples warn: the check saw warnings")
        XCTAssertGreaterThan(cut, 0, "some warnings leave their detail to --verbose")
    }

    func testTheDetailOfAWarningWaitsForVerbose() throws {
        let folder = try CommandRunner.copyOfSample("texlege-v4", for: self)
        let plain = try CommandRunner.assertSucceeds(["-o", "out.json", "TexLegeSeed.v4.sqlite"], in: folder)
        let lines = assertLines(plain.standardError, "plain")
        let inferred = try XCTUnwrap(lines.first { $0.contains("its model is inferred from its tables") })
        XCTAssertTrue(inferred.hasSuffix(" (more with --verbose)"), inferred)
        XCTAssertFalse(plain.standardError.contains("read as integers"), plain.standardError)

        let verbose = try CommandRunner.run(["--verbose", "-o", "out.json", "TexLegeSeed.v4.sqlite"], in: folder)
        let verboseLines = assertLines(verbose.standardError, verbose: true, "verbose")
        let index = try XCTUnwrap(verboseLines.firstIndex { $0.contains("its model is inferred from its tables") })
        XCTAssertFalse(verboseLines[index].hasSuffix("(more with --verbose)"), verboseLines[index])
        let detail = verboseLines[index + 1]
        XCTAssertTrue(detail.hasPrefix("graphexport: note: names are the columns' lowercased"), detail)
        XCTAssertTrue(detail.contains("; read as integers: ZCOMMITTEEPOSITIONOBJ.ZCOMMITTEEPOSITIONID"), detail)

        let inspect = try CommandRunner.run(["inspect", "TexLegeSeed.v4.sqlite"], in: folder)
        XCTAssertTrue(inspect.text.contains("read as integers: ZCOMMITTEEPOSITIONOBJ"), "inspect shows it whole")
    }

    func testAWarningTooLongForItsLineIsCutAtAWordAndSaysSo() {
        let long = Warning(String(repeating: "word ", count: 60) + "end")
        let shortened = WarningPrinter.shortened(long)
        XCTAssertLessThan(MessageKind.warning.prefix.count + shortened.count, 200)
        XCTAssertTrue(shortened.hasSuffix("word… (more with --verbose)"), shortened)
        XCTAssertEqual(WarningPrinter.shortened(Warning("short")), "short")
        XCTAssertEqual(
            WarningPrinter.shortened(Warning("short", detail: "the rest")), "short (more with --verbose)")
        let fits = String(repeating: "x", count: 177)
        XCTAssertEqual(
            WarningPrinter.shortened(Warning(fits, detail: "the rest")), fits, "a message that fits is never cut")
        XCTAssertEqual(WarningPrinter.shortened(Warning("two\nlines")), #"two\u{A}lines"#)
    }

    /// Before: text from the store, a plugin or the command line reached the terminal raw (an
    /// escape sequence cleared the screen, a newline forged a line of graphexport's own) and a
    /// 100 KB token was echoed whole.
    func testWhatATerminalWouldActOnIsShownAsItsCodeAndAnEchoedValueIsCut() throws {
        let photos = try CommandRunner.copyOfSample("apple-photos-10.15.7", for: self)
        let forged = try CommandRunner.run(
            ["--since", "AB\u{1B}[31mred\ngraphexport: note: forged", "Photos.sqlite"], in: photos)
        XCTAssertEqual(forged.status, 64)
        let lines = assertLines(forged.standardError, verbose: true, "a forged line")
        XCTAssertEqual(lines.count, 3, forged.standardError)
        XCTAssertTrue(
            lines[0].hasPrefix(#"graphexport: error: invalid value 'AB\u{1B}[31mred\u{A}graphexport: note: forged'"#),
            lines[0])

        let token = String(repeating: "A", count: 100_000) + ":5"
        let long = try CommandRunner.run(["--since", token, "Photos.sqlite"], in: photos)
        XCTAssertEqual(long.status, 64, long.standardError)
        let line = try XCTUnwrap(long.standardError.split(separator: "\n").first)
        XCTAssertTrue(
            line.contains(
                "invalid value '" + String(repeating: "A", count: 100) + "… (99902 more characters)' for '--since'"),
            String(line.prefix(300)))
        XCTAssertLessThan(line.count, 300)

        let chinook = try CommandRunner.copyOfChinook(for: self)
        let expression = "\u{1B}]0;title\u{7} " + String(repeating: "1", count: 5_000)
        let refused = try CommandRunner.run(["--root", "Artist", "--where", expression, chinook.path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(
            refused.standardError.hasPrefix(
                #"graphexport: error: --where: the expression '\u{1B}]0;title\u{7} 111"#
                    + String(repeating: "1", count: 86) + "… (4911 more characters)' is not a valid condition"),
            String(refused.standardError.prefix(300)))
        XCTAssertLessThan(refused.standardError.count, 600)
    }

    /// Before: a plugin's lines and its answers were printed as they came.
    func testAPluginsLinesAndAnswersAreShownAsTheirCodeToo() throws {
        let plugin = try PluginFixture(
            name: "loud",
            script: #"""
                #!/bin/sh
                if [ "$1" = --graphexport-handshake ]; then
                    printf '%s\n' '{"protocol":"graphexport-decoder","version":1,"summary":"loud","claims":[{"entity":"Note","attribute":"body"}],"outputs":[{"name":"n","type":"Integer 64"}]}'
                    exit 0
                fi
                printf '\033[2Jcleared\n' >&2
                while read -r line; do printf '%s\n' '{"warning":"is \u001b[31mred\ngraphexport: error: forged"}'; done
                """#, kind: "decoder", for: self)
        let result = try plugin.export(rows: 1, ["-f", "jsonl"], for: self)
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = assertLines(result.standardError, "a plugin's lines")
        XCTAssertEqual(
            Set(lines),
            [
                #"graphexport: note: decoder plugin 'loud': \u{1B}[2Jcleared"#,
                #"graphexport: warning: Note Note/1 body: decoder 'loud': the value is \u{1B}[31mred\u{A}graphexport: "#
                    + "error: forged; its bytes are kept and n is null",
            ])
    }

    func testTheClosingCountOfReferencesLeavingASelectionIsANote() throws {
        let chinook = try CommandRunner.copyOfChinook(for: self)
        let arguments = [
            "--root", "Artist", "--where", "Name = 'AC/DC'", "--exclude-attribute", "Track.Composer", "Chinook.sqlite",
        ]
        let folder = chinook.deletingLastPathComponent()
        let result = try CommandRunner.assertSucceeds(arguments, in: folder)
        XCTAssertEqual(
            result.standardError,
            "graphexport: note: 89 references to objects outside the selection are kept as references\n")
        XCTAssertEqual(try CommandRunner.run(["-q"] + arguments, in: folder).standardError, "")
        try CommandRunner.assertSucceeds(["--strict"] + arguments, in: folder)  // a note is no warning
    }

    func testAUsageErrorIsAnErrorLineAndTwoNotes() throws {
        for (arguments, error, usage, help) in [
            (
                ["--frobnicate", "s"], "unknown option '--frobnicate'", "graphexport [<options>] <store>",
                "graphexport --help"
            ),
            (
                ["inspect", "--shape", "flat", "s"], "'--shape' is not an option of 'graphexport inspect'",
                "graphexport inspect [<options>] <store>", "graphexport help inspect"
            ),
        ] {
            let result = try CommandRunner.assertUsageError(arguments, error)
            let lines = assertLines(result.standardError, "\(arguments)")
            XCTAssertEqual(lines.count, 3, result.standardError)
            XCTAssertEqual(
                Array(lines.dropFirst()),
                ["graphexport: note: usage: \(usage)", "graphexport: note: see '\(help)' for more information"])
        }
    }

    func testUnknownNamesSuggestTheNearOnesOfTheStore() throws {
        let notes = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let entities =
            "(entities: ICCloudState, ICCloudSyncingObject, ICAccountData, ICAttachment, ICAttachmentPreviewImage, "
            + "ICDeviceMigrationState, ICHashtag, ICInlineAttachment, ICLegacyTombstone, ICMedia, ICNote, "
            + "ICNoteContainer, and 6 more)"
        let noteAttributes =
            "(attributes and relationships: attachmentViewType, creationDate, folderModificationDate, hasChecklist, "
            + "hasChecklistInProgress, isPinned, isSystemPaper, lastActivityRecentUpdatesViewedDate, "
            + "lastActivitySummaryViewedDate, lastAttributionsViewedDate, lastNotifiedDate, lastNotifiedTimestampData, "
            + "and 48 more)"
        let cases: [([String], String)] = [
            (["--entity", "icnote"], "no entity 'icnote'; did you mean 'ICNote'? " + entities),
            (["--exclude-entity", "ICNot"], "no entity 'ICNot'; did you mean 'ICNote'? " + entities),
            (["--root", "icfolder"], "no entity 'icfolder'; did you mean 'ICFolder'? " + entities),
            (
                ["--nest", "ICFolder.note"],
                "entity 'ICFolder' has no relationship 'note'; did you mean 'notes'? (relationships: account, "
                    + "children, notes, parent, cloudState, owner)"
            ),
            (["--no-nest", "ICFoldr.notes"], "no entity 'ICFoldr'; did you mean 'ICFolder'? " + entities),
            (
                ["--exclude-attribute", "ICNote.titel"],
                "entity 'ICNote' has no attribute or relationship 'titel'; did you mean 'title'? " + noteAttributes
            ),
            (
                ["--exclude-attribute", "ICNote.qqqqqq"],
                "entity 'ICNote' has no attribute or relationship 'qqqqqq' " + noteAttributes
            ),
        ]
        for (options, message) in cases {
            try CommandRunner.assertUsageError(options + ["NoteStore.sqlite"], message, in: notes)
        }

        let chinook = try CommandRunner.copyOfChinook(for: self)
        let tables = "Album, Artist, Customer, Employee, Genre, Invoice, InvoiceLine, MediaType, Playlist, Track"
        let plain: [([String], String)] = [
            (["--entity", "artist"], "no entity 'artist'; did you mean 'Artist'? (entities: \(tables))"),
            (
                ["--nest", "Album.track"],
                "Chinook.sqlite: 'Album.track': table 'Album' has no relationship 'track'; did you mean 'tracks'? "
                    + "(relationships: artist, tracks)"
            ),
            (
                ["--no-nest", "Albun.tracks"],
                "Chinook.sqlite: 'Albun.tracks': no table 'Albun' in the export; did you mean 'Album'? (tables: "
                    + "\(tables))"
            ),
            (
                ["--exclude-attribute", "Track.composer"],
                "entity 'Track' has no attribute or relationship 'composer'; did you mean 'Composer'? (attributes "
                    + "and relationships: TrackId, Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, Bytes, "
                    + "UnitPrice, album, mediaType, genre, and 2 more)"
            ),
        ]
        for (options, message) in plain {
            try CommandRunner.assertUsageError(
                options + ["Chinook.sqlite"], message, in: chinook.deletingLastPathComponent())
        }
    }
}
