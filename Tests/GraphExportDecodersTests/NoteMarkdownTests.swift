import XCTest

@testable import GraphExportDecoders

/// What each of Apple Notes' styles becomes in the Markdown and the plain text of a note.
final class NoteMarkdownTests: XCTestCase {
    private func render(
        _ runs: [TestRun], attachment: (AttachmentReference) -> NoteAttachment = { .unknown($0) }
    ) throws -> NoteMarkdown {
        try NoteMarkdown(try NoteDocument.read(noteStore: noteStore(runs)), attachment: attachment)
    }

    func testTitleHeadingsAndBodyParagraphsAreBlocksSeparatedByBlankLines() throws {
        let note = try render([
            TestRun(text: "Trip\n", style: 0), TestRun(text: "\n"), TestRun(text: "Days\n", style: 1),
            TestRun(text: "Monday\n", style: 2), TestRun(text: "Walk.\nSwim.\n"),
        ])
        XCTAssertEqual(note.markdown, "# Trip\n\n## Days\n\n### Monday\n\nWalk.\n\nSwim.\n")
        XCTAssertEqual(note.text, "Trip\n\nDays\nMonday\nWalk.\nSwim.\n")
        XCTAssertTrue(note.runsCoverText)
    }

    func testTheThreeListKindsAndChecklistsWithTheirDoneStateNestByIndent() throws {
        let note = try render([
            TestRun(text: "dot\n", style: 100), TestRun(text: "inner\n", style: 100, indent: 1),
            TestRun(text: "\n"),
            TestRun(text: "dash\n", style: 101),
            TestRun(text: "\n"),
            TestRun(text: "one\n", style: 102), TestRun(text: "one.a\n", style: 102, indent: 1),
            TestRun(text: "one.b\n", style: 102, indent: 1), TestRun(text: "two\n", style: 102),
            TestRun(text: "\n"),
            TestRun(text: "milk\n", style: 103, done: true), TestRun(text: "eggs", style: 103, done: false),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            * dot
                * inner

            - dash

            1. one
                1. one.a
                2. one.b
            2. two

            - [x] milk
            - [ ] eggs

            """)
    }

    func testBoldItalicStrikethroughUnderlineAndLinksWrapTheTextInsideItsSpaces() throws {
        let note = try render([
            TestRun(text: "a "), TestRun(text: "bold ", weight: 1), TestRun(text: "italic", weight: 2),
            TestRun(text: " "), TestRun(text: "both", weight: 3), TestRun(text: " "),
            TestRun(text: "gone", strikethrough: true), TestRun(text: " "), TestRun(text: "under", underlined: true),
            TestRun(text: " "), TestRun(text: "site", link: "https://example.com/a b"),
        ])
        XCTAssertEqual(
            note.markdown,
            "a **bold** *italic* ***both*** ~~gone~~ <u>under</u> [site](<https://example.com/a b>)\n")
    }

    func testRunLengthsCountUTF16CodeUnitsSoScalarsOutsideTheBasicPlaneTakeTwo() throws {
        let note = try render([
            TestRun(text: "😀 é", weight: 1), TestRun(text: " 中文 "), TestRun(text: "𝄞", strikethrough: true),
        ])
        XCTAssertEqual(note.markdown, "**😀 é** 中文 ~~𝄞~~\n")
        XCTAssertTrue(note.runsCoverText)
    }

    func testNeighbouringRunsOfOneStyleShareTheirMarkers() throws {
        let note = try render([TestRun(text: "This is ", weight: 1), TestRun(text: "bold.", weight: 1)])
        XCTAssertEqual(note.markdown, "**This is bold.**\n")
    }

    func testMonospacedLinesAreOneFencedBlockKeptAsTheyAre() throws {
        let note = try render([
            TestRun(text: "Code:\n"), TestRun(text: "let *x* = 1\n", style: 4), TestRun(text: "``` fence\n", style: 4),
            TestRun(text: "after"),
        ])
        XCTAssertEqual(note.markdown, "Code:\n\n````\nlet *x* = 1\n``` fence\n````\n\nafter\n")
    }

    func testTextThatLooksLikeMarkdownIsEscaped() throws {
        let note = try render([
            TestRun(text: "# not a heading *or* _this_ [x] <b> a|b ~~ &amp; 3 & 4\n"), TestRun(text: "- not a list\n"),
            TestRun(text: "1. not numbered\n"), TestRun(text: "2) nor this", style: 100),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            \\# not a heading \\*or\\* \\_this\\_ \\[x\\] \\<b\\> a\\|b \\~\\~ \\&amp; 3 & 4

            \\- not a list

            1\\. not numbered

            * 2\\) nor this

            """)
    }

    func testAttachmentsBecomeTablesHashtagsAndLinksToTheirObjects() throws {
        let runs = [
            TestRun(text: "See "),
            TestRun(text: "\u{FFFC}", attachment: ("T", "com.apple.notes.inlinetextattachment.hashtag")),
            TestRun(text: " and\n"),
            TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")),
            TestRun(text: "\n"),
            TestRun(text: "\u{FFFC}", attachment: ("IMG", "public.jpeg")),
            TestRun(text: "\u{FFFC}", attachment: ("GONE", "com.adobe.pdf")),
        ]
        let note = try render(runs) { reference in
            switch reference.identifier {
            case "T": return .inline("#travel")
            case "TABLE":
                return .table(
                    NoteTable(rows: [["A", "B|C"], ["1", "two\nlines"]]), id: "x-coredata://S/ICAttachment/p2",
                    label: "com.apple.notes.table")
            case "IMG": return .object(id: "x-coredata://S/ICAttachment/p3", label: "Beach [1]", isImage: true)
            default: return .unknown(reference)
            }
        }
        XCTAssertEqual(
            note.markdown,
            """
            See #travel and

            | A | B\\|C |
            | --- | --- |
            | 1 | two<br>lines |

            ![Beach \\[1\\]](<x-coredata://S/ICAttachment/p3>)[com.adobe.pdf](<attachment:GONE>)

            """)
        XCTAssertEqual(note.text, "See #travel and\nA\tB|C\n1\ttwo\nlines\n\u{FFFC}\u{FFFC}")
    }

    func testRunsThatDoNotCoverTheTextAreToldAndTheRestIsBodyText() throws {
        var bytes = ProtobufWriter { store in
            store.message(2) { document in
                document.message(3) { note in
                    note.text(2, "Title\nrest")
                    note.message(5) { run in
                        run.varint(1, 6)
                        run.message(2) { $0.varint(1, 0) }
                    }
                }
            }
        }.bytes
        var note = try NoteMarkdown(try NoteDocument.read(noteStore: bytes)) { .unknown($0) }
        XCTAssertEqual(note.markdown, "# Title\n\nrest\n")
        XCTAssertFalse(note.runsCoverText)
        bytes = noteStore([TestRun(text: "short")])
        var document = try NoteDocument.read(noteStore: bytes)
        document = NoteDocument(text: "sh", runs: document.runs)
        note = try NoteMarkdown(document) { .unknown($0) }
        XCTAssertEqual(note.markdown, "sh\n")
        XCTAssertFalse(note.runsCoverText)
    }

    // MARK: Markdown that a CommonMark reader reads as the note shows (issue 36, item 7)

    func testASoftReturnIsAHardLineBreakAndANewlineInAFence() throws {
        let note = try render([
            TestRun(text: "Title\u{2028}more\n", style: 0),
            TestRun(text: "A paragraph\u{2028}"), TestRun(text: "broken", weight: 1), TestRun(text: "\u{2028}- here\n"),
            TestRun(text: "item\u{2028}goes on\n", style: 101, indent: 1),
            TestRun(text: "const a = 1;\u{2028}const b = 2;\n", style: 4),
            TestRun(text: "end\u{2028}"),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            # Title<br>more

            A paragraph\\
            **broken**\\
            \\- here

            - item\\
              goes on

            ```
            const a = 1;
            const b = 2;
            ```

            end

            """)
        XCTAssertEqual(
            note.text,
            "Title\u{2028}more\nA paragraph\u{2028}broken\u{2028}- here\nitem\u{2028}goes on\n"
                + "const a = 1;\u{2028}const b = 2;\nend\u{2028}")
    }

    func testTableCellsKeepTheirBoldItalicUnderlineAndLineBreaks() throws {
        let cells = [
            [
                try cell([TestRun(text: "Name", weight: 1)]),
                try cell([TestRun(text: "Age", weight: 2), TestRun(text: " (years)")]),
            ],
            [
                try cell([TestRun(text: "Ann", underlined: true)]),
                try cell([TestRun(text: "7\u{2028}", weight: 3), TestRun(text: "or 8\nmaybe")]),
            ],
        ]
        let note = try render([TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table"))]) { _ in
            .table(NoteTable(cells: cells), id: "x-coredata://S/ICAttachment/p2", label: "com.apple.notes.table")
        }
        XCTAssertEqual(
            note.markdown,
            """
            | **Name** | *Age* (years) |
            | --- | --- |
            | <u>Ann</u> | ***7***<br>or 8<br>maybe |

            """)
        XCTAssertEqual(note.text, "Name\tAge (years)\nAnn\t7\u{2028}or 8\nmaybe")
    }

    func testAnEmptyParagraphEndsAListSoAnIndentedListAfterItIsNotNestedInIt() throws {
        let note = try render([
            TestRun(text: "one\n", style: 100), TestRun(text: "\n"),
            TestRun(text: "indented\n", style: 100, indent: 1), TestRun(text: "deeper\n", style: 100, indent: 3),
            TestRun(text: "back\n", style: 100, indent: 2), TestRun(text: "\n"),
            TestRun(text: "first\n", style: 102), TestRun(text: "inner\n", style: 102, indent: 1),
            TestRun(text: "second\n", style: 102),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            * one

            <!-- -->

            * indented
                * deeper
                * back

            1. first
                1. inner
            2. second

            """)
    }

    func testMonospacedParagraphsApartAreTwoFencesAndAQuotedOneKeepsItsMarker() throws {
        let note = try render([
            TestRun(text: "a = 1\n", style: 4), TestRun(text: "\n", style: 4), TestRun(text: "b = 2\n", style: 4),
            TestRun(text: "\n"), TestRun(text: "c = 3\n", style: 4),
            TestRun(text: "\n"), TestRun(text: "said\n", quote: true), TestRun(text: "x = 4\n", style: 4, quote: true),
            TestRun(text: "\n"), TestRun(text: "alone", quote: true),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            ```
            a = 1

            b = 2
            ```

            ```
            c = 3
            ```

            > said
            >
            > ```
            > x = 4
            > ```

            > alone

            """)
    }

    func testALineThatStartsWithATabOrASpaceKeepsItAsACharacterReference() throws {
        let note = try render([
            TestRun(text: "\tIndented *text*\n"), TestRun(text: "  two spaces\u{2028}\tand a tab\n"),
            TestRun(text: "\titem", style: 100),
        ])
        XCTAssertEqual(
            note.markdown,
            """
            &#9;Indented \\*text\\*

            &#32; two spaces\\
            &#9;and a tab

            * &#9;item

            """)
    }

    // MARK: Bounds (issue 36, item 6)

    func testATableTheNoteNamesAgainIsWrittenOnceAndLinkedToElsewhere() throws {
        var looked = 0
        let table = TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table"))
        let note = try render([table, TestRun(text: "\n"), table, table]) { _ in
            looked += 1
            return .table(
                NoteTable(rows: [["A"], ["1"]]), id: "x-coredata://S/ICAttachment/p2", label: "com.apple.notes.table")
        }
        XCTAssertEqual(
            note.markdown,
            """
            | A |
            | --- |
            | 1 |

            [com.apple.notes.table](<x-coredata://S/ICAttachment/p2>)[com.apple.notes.table](<x-coredata://S/ICAttachment/p2>)

            """)
        XCTAssertEqual(note.text, "A\n1\n\u{FFFC}\u{FFFC}")
        XCTAssertEqual(
            note.repeatedTables, [NoteMarkdown.RepeatedTable(id: "x-coredata://S/ICAttachment/p2", count: 3)])
        XCTAssertEqual(looked, 3)
    }

    func testTheRenderingStopsOnceItHoldsMoreThanItsMaximum() throws {
        let document = try NoteDocument.read(
            noteStore: noteStore([
                TestRun(text: String(repeating: "\u{FFFC}", count: 10_000), attachment: ("IMG", "public.jpeg"))
            ]))
        var workspace = NoteMarkdown.Workspace()
        var asked = 0
        func maximum() -> Int {
            asked += 1
            return 50_000
        }
        let image = NoteAttachment.object(
            id: "x-coredata://S/ICAttachment/p3", label: String(repeating: "x", count: 1_000), isImage: true)
        XCTAssertThrowsError(
            try NoteMarkdown(document, workspace: &workspace, maximumSize: maximum, attachment: { _ in image })
        ) { error in
            XCTAssertEqual(error as? NoteMarkdown.TooLarge, NoteMarkdown.TooLarge(maximum: 50_000))
        }
        XCTAssertLessThan(asked, 100, "it stops at the first attachment past the maximum")
        let small = try NoteMarkdown(
            try NoteDocument.read(noteStore: noteStore([TestRun(text: "fits")])), workspace: &workspace,
            maximumSize: { 50_000 }, attachment: { .unknown($0) })
        XCTAssertEqual(small.markdown, "fits\n")
    }

    /// A table cell's document, made of `runs`.
    private func cell(_ runs: [TestRun]) throws -> NoteDocument {
        try NoteDocument.read(noteStore: noteStore(runs))
    }
}

extension NoteTable {
    /// A table of plain cells.
    init(rows: [[String]]) {
        self.init(cells: rows.map { $0.map { NoteDocument(text: $0, runs: [NoteRun(length: $0.utf16.count)]) } })
    }
}
