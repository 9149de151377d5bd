import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportInflate
import GraphExportTestSupport
import XCTest

@testable import GraphExportDecoders

/// The Apple Notes decoder on the shared Notes store of macOS 12: every unencrypted note's text
/// begins with its title and contains its snippet, the formatted note shows each style its runs
/// have, the password-protected note keeps its bytes with one warning.
final class NotesDecoderSampleTests: XCTestCase {
    /// The sample store, read with the built-in decoders (and without), and the warnings they give.
    private func decodedStore(decoders: [any AttributeDecoder] = BuiltInDecoders.make()) throws -> (
        store: CoreDataStore, decoded: DecodingSource, log: WarningLog
    ) {
        let store = try CoreDataStore(path: try NotesSample.copy(for: self))
        let log = WarningLog()
        return (store, try DecodingSource(store, decoders: decoders) { log.warnings.append($0) }, log)
    }

    func testTheDecoderAddsTextAndMarkdownRightAfterData() throws {
        let (store, decoded, _) = try decodedStore()
        let entity = try XCTUnwrap(decoded.model.index(of: "ICNoteData"))
        XCTAssertEqual(
            decoded.model.attributes(of: entity).map(\.name),
            store.model.attributes(of: entity).flatMap { $0.name == "data" ? ["data", "text", "markdown"] : [$0.name] })
        XCTAssertEqual(decoded.model.attributes(of: entity).last { $0.name == "markdown" }?.type, .string)
        XCTAssertEqual(decoded.usedDecoders.map(\.name), ["notes"])
    }

    func testEveryUnencryptedNoteBeginsWithItsTitleAndContainsItsSnippet() throws {
        let (store, decoded, log) = try decodedStore()
        let notes = try store.objects(of: "ICNote")
        let data = try decoded.objects(of: "ICNoteData")
        var checked = 0
        for (_, note) in notes {
            guard note.values["isPasswordProtected"] == .boolean(false) else { continue }
            let noteData = try XCTUnwrap(data[try XCTUnwrap(note.toOne["noteData"])])
            guard case .string(let title)? = note.values["title"], case .string(let text)? = noteData.values["text"],
                case .string(let markdown)? = noteData.values["markdown"]
            else { return XCTFail("\(note.values["title"] ?? .null): no title, text or markdown") }
            XCTAssertTrue(text.hasPrefix(title), "\(title): \(text)")
            XCTAssertTrue(markdown.hasPrefix("# " + title + "\n"), "\(title): \(markdown)")
            if case .string(let snippet)? = note.values["snippet"], !snippet.isEmpty {
                XCTAssertTrue(text.contains(snippet), "\(title): \(text) lacks \(snippet)")
            }
            XCTAssertEqual(noteData.values["data"].map { if case .binary = $0 { true } else { false } }, true)
            checked += 1
        }
        XCTAssertEqual(checked, 6)
        XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    }

    func testThePasswordProtectedNoteKeepsItsBytesWithOneWarningSayingItIsEncrypted() throws {
        let (store, decoded, log) = try decodedStore()
        let stored = try store.objects(of: "ICNoteData")
        let data = try decoded.objects(of: "ICNoteData")
        let locked = try XCTUnwrap(data.first { $0.value.values["text"] == .null })
        XCTAssertEqual(locked.value.values["markdown"], .null)
        XCTAssertEqual(locked.value.values["data"], stored[locked.key]?.values["data"])
        XCTAssertEqual(data.values.filter { $0.values["text"] == .null }.count, 1)
        XCTAssertEqual(
            log.messages,
            [
                "ICNoteData x-coredata://FABDAB03-8EF2-41B9-9944-193D67BE0365/ICNoteData/p4 data: decoder 'notes': the "
                    + "value is encrypted (a password-protected note); its bytes are kept and text, markdown are null, "
                    + "as for every such value of ICNoteData.data (only the first is named)"
            ])
    }

    /// "This note has special formatting": a title, a checklist of three open items, a 2×2 table
    /// and a bold, underlined line, as its attribute runs say (style 0, style 103 with done 0, an
    /// attachment com.apple.notes.table, font_weight 1 with underlined 1).
    func testTheFormattedNoteShowsEachStyleItsRunsHave() throws {
        let (store, decoded, _) = try decodedStore()
        let notes = try store.objects(of: "ICNote")
        let note = try XCTUnwrap(
            notes.values.first { $0.values["title"] == .string("This note has special formatting") })
        let noteData = try XCTUnwrap(try decoded.objects(of: "ICNoteData")[try XCTUnwrap(note.toOne["noteData"])])
        guard case .binary(let bytes)? = noteData.values["data"] else { return XCTFail("no data") }
        let document = try NoteDocument.read(
            noteStore: try Inflate.decompress(bytes, framing: .gzip, source: "test"))
        let styles = Set(document.runs.map(\.paragraph.styleType))
        XCTAssertEqual(styles, [-1, 0, 103])
        XCTAssertEqual(Set(document.runs.compactMap(\.paragraph.checklistDone)), [false])
        XCTAssertEqual(document.runs.compactMap(\.attachment?.typeUTI), ["com.apple.notes.table"])
        XCTAssertTrue(document.runs.contains { $0.isBold && $0.underlined })
        XCTAssertEqual(
            noteData.values["markdown"],
            .string(
                """
                # This note has special formatting

                This is a checklist with 3 items

                - [ ] Item 1
                - [ ] Item 2
                - [ ] Item 3

                This is a 2x2 table

                | Header 1 | Header 2 |
                | --- | --- |
                | Item 1 | Item 2 |

                <u>**This is bold and underlined.**</u>

                """))
    }

    func testRawValuesMeanNoDecoderAndTheModelIsTheStoresOwn() throws {
        let (store, decoded, _) = try decodedStore(decoders: [])
        XCTAssertEqual(decoded.model.entities, store.model.entities)
        XCTAssertTrue(decoded.usedDecoders.isEmpty)
    }
}
