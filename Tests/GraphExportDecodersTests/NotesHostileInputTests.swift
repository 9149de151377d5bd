import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportDecoders

/// The Notes decoder fuzzed as the other parsers are: every truncation and every byte flip of a
/// note's document and of its table's data, and seeded random damage to the compressed bytes,
/// decode or are a warning naming the object with its bytes kept — never a crash, a hang or an
/// error that stops the export.
final class NotesHostileInputTests: XCTestCase {
    /// A note with every kind of run: title, heading, lists, a checklist, styles, a link, a
    /// monospaced line, a hashtag, a table and an image.
    private static let document = noteStore([
        TestRun(text: "Trip\n", style: 0), TestRun(text: "Plan\n", style: 1),
        TestRun(text: "pack\n", style: 103, done: true), TestRun(text: "go\n", style: 100, indent: 1),
        TestRun(text: "bold", weight: 3, underlined: true), TestRun(text: " gone\n", strikethrough: true),
        TestRun(text: "map\n", link: "https://example.com/a b"), TestRun(text: "let x = 1\n", style: 4),
        TestRun(text: "\u{FFFC}", attachment: ("TAG", "com.apple.notes.inlinetextattachment.hashtag")),
        TestRun(text: "\n"), TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")),
        TestRun(text: "\n"), TestRun(text: "\u{FFFC}", attachment: ("IMG", "public.jpeg")),
    ])
    private static let table = tableData([["Name", "Age"], ["Ann", "7"], ["Bo", "🙂"]])

    /// Decodes a note whose data is `data` and whose table's mergeable data is `table`, and checks
    /// what every outcome must be: the bytes kept, text and Markdown both there or both null, and
    /// every warning about the object; returns the Markdown and the warnings.
    @discardableResult
    private func check(
        _ data: [UInt8], table: [UInt8], _ what: @autoclosure () -> String
    ) throws -> (markdown: Value, warnings: [String]) {
        var warnings: [String] = []
        let graph = try NotesDecoderTests.noteGraph(data, table: table)
        let source = try DecodingSource(graph, decoders: [NotesDecoder()]) { warnings.append($0.fullText) }
        let entity = try XCTUnwrap(source.model.index(of: "ICNoteData"))
        let record = try XCTUnwrap(try source.scan(entity).next(), what())
        let (stored, text, markdown) = (record.values[1], record.values[2], record.values[3])
        XCTAssertEqual(stored, .binary(data), what())
        XCTAssertEqual(text == .null, markdown == .null, what())
        for warning in warnings {
            XCTAssertTrue(warning.hasPrefix("ICNoteData ICNoteData/4 data: decoder 'notes': "), "\(what()): \(warning)")
        }
        if text == .null { XCTAssertEqual(warnings.count, 1, "\(what()): \(warnings)") }
        return (markdown, warnings)
    }

    func testTheIntactNoteDecodesWithoutAWarning() throws {
        let intact = try check(gzip(Self.document), table: gzip(Self.table), "intact")
        XCTAssertEqual(intact.warnings, [])
        guard case .string(let markdown) = intact.markdown else { return XCTFail("\(intact)") }
        for part in ["# Trip", "- [x] pack", "#travel", "| Bo | 🙂 |", "![Beach]", "```"] {
            XCTAssertTrue(markdown.contains(part), "\(part) in\n\(markdown)")
        }
    }

    func testEveryTruncationAndByteFlipOfTheDocumentDecodesOrIsAWarning() throws {
        let table = gzip(Self.table)
        for length in 0..<Self.document.count {
            try check(gzip(Array(Self.document.prefix(length))), table: table, "the document's first \(length) bytes")
        }
        for position in Self.document.indices {
            var flipped = Self.document
            flipped[position] ^= 0xFF
            try check(gzip(flipped), table: table, "the document with byte \(position) flipped")
        }
    }

    func testEveryTruncationAndByteFlipOfTheTableDecodesTheNote() throws {
        let data = gzip(Self.document)
        for length in 0..<Self.table.count {
            let decoded = try check(
                data, table: gzip(Array(Self.table.prefix(length))), "the table's first \(length) bytes")
            XCTAssertNotEqual(decoded.markdown, .null, "the table's first \(length) bytes")
        }
        for position in Self.table.indices {
            var flipped = Self.table
            flipped[position] ^= 0xFF
            let decoded = try check(data, table: gzip(flipped), "the table with byte \(position) flipped")
            XCTAssertNotEqual(decoded.markdown, .null, "the table with byte \(position) flipped")
        }
    }

    func testRandomDamageToTheCompressedBytesDecodesOrIsAWarning() throws {
        var random = SplitMix64(seed: 24)
        let data = gzip(Self.document)
        let table = gzip(Self.table)
        for round in 0..<2000 {
            var damaged = data
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: damaged[position] = UInt8.random(in: 0...255, using: &random)
                case 1: damaged.remove(at: position)
                default: damaged.insert(UInt8.random(in: 0...255, using: &random), at: position)
                }
                if damaged.isEmpty { damaged = [0] }
            }
            try check(damaged, table: table, "round \(round)")
        }
    }
}
