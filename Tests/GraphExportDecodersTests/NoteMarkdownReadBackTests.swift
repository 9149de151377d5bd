import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportInflate
import GraphExportTestSupport
import Prerequisites
import XCTest

@testable import GraphExportDecoders

/// The Notes decoder's Markdown read back by a CommonMark reader, `cmark` (issue 36, item 7): its
/// blocks and their styled text are what the note's runs say (``NoteReading``), on every note of
/// the shared Notes stores and on built notes that have every style the decoder writes.
final class NoteMarkdownReadBackTests: XCTestCase {
    func testEveryNoteOfTheSharedNotesStoresReadsBackAsItsRuns() throws {
        let cmark = try Prerequisite.executable("cmark")
        let stores = try Self.sharedNotesStores(for: self)
        XCTAssertFalse(stores.isEmpty, "the shared samples have a Notes store")
        for path in stores {
            let store = try CoreDataStore(path: path)
            let decoded = try DecodingSource(store, decoders: BuiltInDecoders.make()) { _ in }
            let lookup = SourceLookup(store)
            var notes = 0
            var checked = 0
            for (key, object) in try decoded.objects(of: "ICNoteData") {
                guard case .binary(let data)? = object.values["data"], data.starts(with: [0x1F, 0x8B]) else { continue }
                notes += 1
                guard case .string(let markdown)? = object.values["markdown"] else {
                    XCTFail("\(path) ICNoteData \(key): no Markdown")
                    continue
                }
                let document = try NoteDocument.read(
                    noteStore: try Inflate.decompress(data, framing: .gzip, source: "the test"))
                var failure: (any Error)?
                let expected = NoteReading(document) { reference in
                    do {
                        return try NotesDecoder.attachment(reference, lookup: lookup).attachment
                    } catch {
                        failure = error
                        return .unknown(reference)
                    }
                }
                if let failure { throw failure }
                try assertReadsBack(markdown, as: expected, cmark: cmark, "\(path) ICNoteData \(key)")
                checked += 1
            }
            XCTAssertEqual(checked, notes, path)
            XCTAssertGreaterThan(checked, 0, path)
        }
    }

    /// Notes built with every paragraph style, run style and attachment the decoder writes, and
    /// the cases issue 36 found read differently: soft returns, styled table cells, a list after
    /// an empty paragraph, monospaced blocks apart and quoted, lines that start with a tab.
    func testBuiltNotesReadBackAsTheirRuns() throws {
        let cmark = try Prerequisite.executable("cmark")
        let styledTable = NoteTable(cells: [
            [
                try document([TestRun(text: "Name", weight: 1)]),
                try document([TestRun(text: "Age", weight: 2), TestRun(text: " (years)")]),
            ],
            [
                try document([TestRun(text: "Ann", underlined: true)]),
                try document([TestRun(text: "7\u{2028}", weight: 3), TestRun(text: "or 8\nmaybe | so")]),
            ],
        ])
        let attachments: (AttachmentReference) -> NoteAttachment = { reference in
            switch reference.identifier {
            case "TAG": return .inline("#travel")
            case "TABLE":
                return .table(styledTable, id: "x-coredata://S/ICAttachment/p2", label: "com.apple.notes.table")
            case "IMG": return .object(id: "x-coredata://S/ICAttachment/p3", label: "Beach [1]", isImage: true)
            case "PDF": return .object(id: "x-coredata://S/ICAttachment/p4", label: "Plan.pdf", isImage: false)
            default: return .unknown(reference)
            }
        }
        let notes: [[TestRun]] = [
            [
                TestRun(text: "Trip\u{2028}2025\n", style: 0), TestRun(text: "\n"), TestRun(text: "Days\n", style: 1),
                TestRun(text: "Monday\n", style: 2), TestRun(text: "A paragraph\u{2028}"),
                TestRun(text: "broken", weight: 1), TestRun(text: "\u{2028}- here\n"),
                TestRun(text: "const a = 1;\u{2028}const b = 2;\n", style: 4), TestRun(text: "\n"),
                TestRun(text: "\tIndented *text* & more\n"), TestRun(text: "    four spaces\n"),
                TestRun(text: "1. not a list\u{2028}# nor a heading\n"), TestRun(text: "a\rb\r\n- c\n"),
                TestRun(text: "\u{2028}lead\n"), TestRun(text: "===\n"), TestRun(text: "***\n"),
                TestRun(text: "tail  \u{2028}next"),
            ],
            [
                TestRun(text: "one\n", style: 100), TestRun(text: "\n"),
                TestRun(text: "indented\n", style: 100, indent: 1), TestRun(text: "deeper\n", style: 100, indent: 3),
                TestRun(text: "back\n", style: 100, indent: 2), TestRun(text: "\n"),
                TestRun(text: "first\n", style: 102), TestRun(text: "inner\u{2028}goes on\n", style: 102, indent: 1),
                TestRun(text: "second\n", style: 102), TestRun(text: "dash\n", style: 101),
                TestRun(text: "milk\n", style: 103, done: true), TestRun(text: "eggs\n", style: 103, indent: 1),
                TestRun(text: "\n"), TestRun(text: "\tindented item\n", style: 101),
                TestRun(text: "\u{2028}x\n", style: 101, indent: 1), TestRun(text: "\n"),
                TestRun(text: "x\n", style: 100, indent: 5), TestRun(text: "y\n", style: 100, indent: 2),
                TestRun(text: "z\n", style: 100),
            ],
            (1...12).map { TestRun(text: "n\($0)\n", style: 102) } + [TestRun(text: "deep", style: 102, indent: 1)],
            [
                TestRun(text: "a = 1\n", style: 4), TestRun(text: "\n", style: 4), TestRun(text: "b = 2\n", style: 4),
                TestRun(text: "\n"), TestRun(text: "c = ```3```\n", style: 4), TestRun(text: "\n"),
                TestRun(text: "said\n", quote: true), TestRun(text: "x = 4\n", style: 4, quote: true),
                TestRun(text: "- quoted item\n", style: 101, quote: true), TestRun(text: "\n", quote: true),
                TestRun(text: "next quoted item\n", style: 101, quote: true), TestRun(text: "\n"),
                TestRun(text: "alone", quote: true),
            ],
            [
                TestRun(text: "a "), TestRun(text: "bold ", weight: 1), TestRun(text: "italic", weight: 2),
                TestRun(text: " "), TestRun(text: "both", weight: 3), TestRun(text: " "),
                TestRun(text: "gone", strikethrough: true), TestRun(text: " "),
                TestRun(text: "under", underlined: true), TestRun(text: " "),
                TestRun(text: "site", link: "https://example.com/a b|c"), TestRun(text: " 😀 中文\n"),
                TestRun(text: "See "),
                TestRun(text: "\u{FFFC}", attachment: ("TAG", "com.apple.notes.inlinetextattachment.hashtag")),
                TestRun(text: " and\n"), TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")),
                TestRun(text: "\n"), TestRun(text: "\u{FFFC}", attachment: ("IMG", "public.jpeg")),
                TestRun(text: "\u{FFFC}", attachment: ("PDF", "com.adobe.pdf")),
                TestRun(text: "\u{FFFC}", attachment: ("GONE", "public.data")),
                TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")),
            ],
        ]
        for (number, runs) in notes.enumerated() {
            let document = try NoteDocument.read(noteStore: noteStore(runs))
            let markdown = try NoteMarkdown(document, attachment: attachments).markdown
            try assertReadsBack(
                markdown, as: NoteReading(document, attachment: attachments), cmark: cmark, "built note \(number)")
        }
    }

    // MARK: Reading back

    /// Asserts that `cmark` reads `markdown` as `expected`.
    private func assertReadsBack(
        _ markdown: String, as expected: NoteReading, cmark: URL, _ what: String, line: UInt = #line
    ) throws {
        let run = try ProgramRun.run(cmark, ["--to", "xml"], input: Data(markdown.utf8))
        XCTAssertEqual(run.status, 0, "\(what): \(run.standardError)", line: line)
        let read = try Self.reading(ParsedXML.parse(Array(run.standardOutput)).withoutLayout)
        XCTAssertEqual(
            read.description, expected.description,
            "\(what): cmark reads the Markdown otherwise than the runs say\n--- Markdown:\n\(markdown)", line: line)
    }

    /// What `cmark --to xml` read: its blocks and their styled spans, the empty HTML comment that
    /// keeps two lists apart left out.
    private static func reading(_ items: [XMLItem]) throws -> NoteReading {
        var index = 0
        guard case .start(let root, _) = items.first, root.local == "document" else {
            throw Unexpected(description: "no document element")
        }
        index = 1
        let blocks = try readBlocks(items, &index)
        return NoteReading(blocks: NoteReading.normalized(blocks))
    }

    private struct Unexpected: Error, CustomStringConvertible {
        let description: String
    }

    /// The blocks up to the end of the element they are in.
    private static func readBlocks(_ items: [XMLItem], _ index: inout Int) throws -> [NoteReading.Block] {
        var blocks: [NoteReading.Block] = []
        while index < items.count {
            let item = items[index]
            index += 1
            switch item {
            case .end:
                return blocks
            case .text(let text):
                throw Unexpected(description: "text \(text.debugDescription) between blocks")
            case .start(let name, let attributes):
                let attribute = { (local: String) in attributes.first { $0.name.local == local }?.value }
                switch name.local {
                case "paragraph":
                    blocks.append(.paragraph(try readSpans(items, &index, style: .init())))
                case "heading":
                    let level = Int(attribute("level") ?? "") ?? 0
                    blocks.append(.heading(level, try readSpans(items, &index, style: .init())))
                case "code_block":
                    blocks.append(.code(try readText(items, &index)))
                case "html_block":
                    let html = try readText(items, &index)
                    if html != "<!-- -->\n" { throw Unexpected(description: "an HTML block \(html.debugDescription)") }
                case "block_quote":
                    blocks.append(.quote(try readBlocks(items, &index)))
                case "list":
                    var entries: [[NoteReading.Block]] = []
                    while case .start(let itemName, _) = items[index], itemName.local == "item" {
                        index += 1
                        entries.append(try readBlocks(items, &index))
                    }
                    guard items[index] == .end else { throw Unexpected(description: "a list of more than items") }
                    index += 1
                    blocks.append(.list(attribute("type") ?? "?", entries))
                default:
                    throw Unexpected(description: "a block \(name.local)")
                }
            }
        }
        return blocks
    }

    /// The text content of an element, to its end.
    private static func readText(_ items: [XMLItem], _ index: inout Int) throws -> String {
        var text = ""
        while index < items.count {
            defer { index += 1 }
            switch items[index] {
            case .text(let part): text += part
            case .end: return text
            case .start(let name, _): throw Unexpected(description: "an element \(name.local) in text")
            }
        }
        return text
    }

    /// The spans of an element, to its end: `<u>` and `</u>` set underline, `<br>` is a line break.
    private static func readSpans(
        _ items: [XMLItem], _ index: inout Int, style: NoteReading.SpanStyle
    ) throws -> [NoteReading.Span] {
        var spans: [NoteReading.Span] = []
        var style = style
        while index < items.count {
            let item = items[index]
            index += 1
            guard case .start(let name, let attributes) = item else {
                if item == .end { return spans }
                throw Unexpected(description: "text outside an inline element")
            }
            let destination = attributes.first { $0.name.local == "destination" }?.value ?? ""
            switch name.local {
            case "text": spans.append(.text(try readText(items, &index), style))
            case "softbreak", "linebreak":
                spans.append(name.local == "softbreak" ? .softBreak : .lineBreak)
                _ = try readText(items, &index)
            case "html_inline":
                switch try readText(items, &index) {
                case "<u>": style.underlined = true
                case "</u>": style.underlined = false
                case "<br>": spans.append(.lineBreak)
                case let html: spans.append(.text(html, style))
                }
            case "emph", "strong", "link", "image":
                var inner = style
                switch name.local {
                case "emph": inner.italic = true
                case "strong": inner.bold = true
                case "link": inner.link = destination
                default: inner.link = "!" + destination
                }
                spans += try readSpans(items, &index, style: inner)
            default:
                throw Unexpected(description: "an inline element \(name.local)")
            }
        }
        return spans
    }

    // MARK: The notes

    /// A document made of `runs` (a table cell's).
    private func document(_ runs: [TestRun]) throws -> NoteDocument {
        try NoteDocument.read(noteStore: noteStore(runs))
    }

    /// Every Notes store of the shared Core Data samples (a sample whose manifest names the table
    /// ZICNOTEDATA), each copied with its folder into a scratch folder.
    private static func sharedNotesStores(for test: XCTestCase) throws -> [String] {
        let samples = try Prerequisite.shared("coredata-samples")
        var stores: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let folder = samples.appendingPathComponent(name)
            guard let manifest = try? Data(contentsOf: folder.appendingPathComponent("MANIFEST.json")),
                String(decoding: manifest, as: UTF8.self).contains("ZICNOTEDATA"),
                let object = try JSONSerialization.jsonObject(with: manifest) as? [String: Any],
                let files = object["stores"] as? [String: Any]
            else { continue }
            let copy = try ScratchFolder(for: test).copy(folder)
            stores += files.keys.sorted().map { copy + "/" + $0 }
        }
        return stores
    }
}
