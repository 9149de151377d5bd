import XCTest

@testable import GraphExportDecoders

/// What each of Apple Notes' styles becomes in the Markdown and the plain text of a note.
final class NoteMarkdownTests: XCTestCase {
    private func render(
        _ runs: [TestRun], attachment: (AttachmentReference) -> NoteAttachment = { .unknown($0) }
    ) throws -> NoteMarkdown {
        NoteMarkdown(try NoteDocument.read(noteStore: noteStore(runs)), attachment: attachment)
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
            case "TABLE": return .table([["A", "B|C"], ["1", "two\nlines"]])
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
        var note = NoteMarkdown(try NoteDocument.read(noteStore: bytes)) { .unknown($0) }
        XCTAssertEqual(note.markdown, "# Title\n\nrest\n")
        XCTAssertFalse(note.runsCoverText)
        bytes = noteStore([TestRun(text: "short")])
        var document = try NoteDocument.read(noteStore: bytes)
        document = NoteDocument(text: "sh", runs: document.runs)
        note = NoteMarkdown(document) { .unknown($0) }
        XCTAssertEqual(note.markdown, "sh\n")
        XCTAssertFalse(note.runsCoverText)
    }
}
