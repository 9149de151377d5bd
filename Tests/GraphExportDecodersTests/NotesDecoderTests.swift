import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportDecoders

/// The Notes decoder and the decoding source on notes made in memory: attachments found through
/// the lookup, and every malformed value a warning naming the object, its bytes kept.
final class NotesDecoderTests: XCTestCase {
    /// The Notes entities the decoder needs, with the attributes it reads (`NotesHostileInputTests`
    /// uses it too).
    static let model = try! GraphModel(entities: [
        EntityInfo(
            name: "ICNote",
            relationships: [
                RelationshipInfo(name: "noteData", destination: "ICNoteData", isToMany: false, inverse: "note")
            ]),
        EntityInfo(
            name: "ICAttachment",
            attributes: [
                AttributeInfo(name: "identifier", type: .string), AttributeInfo(name: "typeUTI", type: .string),
                AttributeInfo(name: "title", type: .string), AttributeInfo(name: "mergeableData", type: .binary),
            ]),
        EntityInfo(
            name: "ICInlineAttachment",
            attributes: [
                AttributeInfo(name: "identifier", type: .string), AttributeInfo(name: "altText", type: .string),
            ]),
        EntityInfo(
            name: "ICNoteData",
            attributes: [AttributeInfo(name: "cryptoTag", type: .binary), AttributeInfo(name: "data", type: .binary)],
            relationships: [RelationshipInfo(name: "note", destination: "ICNote", isToMany: false, inverse: "noteData")]
        ),
    ])

    /// A graph of ``model`` with a table (`TABLE`, its mergeable data `table`), an image (`IMG`), a
    /// hashtag (`TAG`) and, as ICNoteData/4, a note whose data is `data`.
    static func noteGraph(_ data: [UInt8], cryptoTag: [UInt8]? = nil, table: [UInt8]) throws -> InMemoryGraph {
        let graph = InMemoryGraph(model: model)
        _ = try graph.add(
            "ICAttachment",
            [
                "identifier": .string("TABLE"), "typeUTI": .string("com.apple.notes.table"),
                "mergeableData": .binary(table),
            ])
        _ = try graph.add(
            "ICAttachment",
            ["identifier": .string("IMG"), "typeUTI": .string("public.jpeg"), "title": .string("Beach")])
        _ = try graph.add("ICInlineAttachment", ["identifier": .string("TAG"), "altText": .string("#travel")])
        _ = try graph.add(
            "ICNoteData", ["data": .binary(data), "cryptoTag": cryptoTag.map { Value.binary($0) } ?? Value.null])
        return graph
    }

    private let log = WarningLog()

    /// The decoded `text` and `markdown` of a note whose data is `data`, in a ``noteGraph(_:cryptoTag:table:)``
    /// (by default with a 2×2 table).
    private func decode(_ data: [UInt8], cryptoTag: [UInt8]? = nil, table: [UInt8]? = nil) throws -> (
        text: Value, markdown: Value, data: Value
    ) {
        let graph = try Self.noteGraph(
            data, cryptoTag: cryptoTag, table: table ?? gzip(tableData([["Name", "Age"], ["Ann", "7"]])))
        let source = try DecodingSource(graph, decoders: [NotesDecoder()]) { self.log.warnings.append($0) }
        let entity = try XCTUnwrap(source.model.index(of: "ICNoteData"))
        let names = source.model.attributes(of: entity).map(\.name)
        XCTAssertEqual(names, ["cryptoTag", "data", "text", "markdown"])
        let record = try XCTUnwrap(try source.scan(entity).next())
        return (record.values[2], record.values[3], record.values[1])
    }

    func testTablesHashtagsAndAttachmentsComeFromTheirObjects() throws {
        let data = gzip(
            noteStore([
                TestRun(text: "Plans\n", style: 0),
                TestRun(text: "\u{FFFC}", attachment: ("TAG", "com.apple.notes.inlinetextattachment.hashtag")),
                TestRun(text: "\n"), TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")),
                TestRun(text: "\n"), TestRun(text: "\u{FFFC}", attachment: ("IMG", "public.jpeg")),
            ]))
        let decoded = try decode(data)
        XCTAssertEqual(decoded.text, .string("Plans\n#travel\nName\tAge\nAnn\t7\n\u{FFFC}"))
        XCTAssertEqual(
            decoded.markdown,
            .string(
                """
                # Plans

                #travel

                | Name | Age |
                | --- | --- |
                | Ann | 7 |

                ![Beach](<ICAttachment/2>)

                """))
        XCTAssertEqual(log.messages, [])
    }

    func testARightToLeftTableIsWrittenAsItShows() throws {
        let data = gzip(noteStore([TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table"))]))
        let decoded = try decode(data, table: gzip(tableData([["a", "b"]], rightToLeft: true)))
        XCTAssertEqual(decoded.text, .string("b\ta"))
    }

    func testEncryptedDataKeepsItsBytesWithAWarningThatSaysSo() throws {
        let bytes: [UInt8] = [0xFB, 0x02, 0x2E, 0x6F, 0x11]
        let decoded = try decode(bytes, cryptoTag: Array(repeating: 1, count: 16))
        XCTAssertEqual(decoded.text, .null)
        XCTAssertEqual(decoded.markdown, .null)
        XCTAssertEqual(decoded.data, .binary(bytes))
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("ICNoteData/4 data: decoder 'notes': the value is encrypted"))
    }

    func testEveryMalformedValueIsAWarningNamingTheObjectWithItsBytesKept() throws {
        let good = gzip(noteStore([TestRun(text: "x")]))
        let cases: [([UInt8], String)] = [
            ([1, 2, 3], "is not gzip-compressed, as a note's data is"),
            (Array(good.prefix(good.count - 6)), "cannot be decompressed"),
            (gzip([0x0A, 0x05, 1]), "is not a note document: a field runs past the end of its message"),
            (gzip([0x08, 0x01]), "is not a note document: the NoteStoreProto has no field 2"),
            (
                gzip(ProtobufWriter { $0.message(2) { $0.varint(3, 1) } }.bytes),
                "is not a note document: field 3 is not"
            ),
            (gzip([0x12, 0x02, 0x1A, 0x00, 0x0B]), "is not a note document"),
        ]
        for (bytes, reason) in cases {
            log.warnings = []
            let decoded = try decode(bytes)
            XCTAssertEqual(decoded.text, .null, reason)
            XCTAssertEqual(decoded.data, .binary(bytes), reason)
            XCTAssertEqual(log.messages.count, 1, reason)
            XCTAssertTrue(
                log.messages.first?.hasPrefix("ICNoteData ICNoteData/4 data: decoder 'notes': the value ") ?? false,
                "\(log.messages)")
            XCTAssertTrue(log.messages.first?.contains(reason) ?? false, "\(log.messages) lacks \(reason)")
        }
    }

    func testATableThatCannotBeReadIsALinkWithAWarning() throws {
        let data = gzip(noteStore([TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table"))]))
        let decoded = try decode(data, table: gzip([0x12, 0x01]))
        XCTAssertEqual(decoded.markdown, .string("[com.apple.notes.table](<attachment:TABLE>)\n"))
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("the attachment TABLE (com.apple.notes.table) cannot be read"))
    }

    func testATableOfTooManyCellsIsRefusedAndOneWithoutCellsIsEmpty() throws {
        let empty = try NoteTable(mergeableData: tableData([["", ""], ["", ""]], cells: false))
        XCTAssertEqual(empty.rows, [["", ""], ["", ""]])
        let side = 501
        XCTAssertGreaterThan(side * side, NoteTable.maximumCellCount)
        let huge = tableData(Array(repeating: Array(repeating: "", count: side), count: side), cells: false)
        XCTAssertLessThan(huge.count, 200_000)
        XCTAssertThrowsError(try NoteTable(mergeableData: huge)) { error in
            XCTAssertEqual(
                error as? ProtobufError,
                .outOfRange("the table has 501 rows and 501 columns, more than 250000 cells"))
        }
    }

    func testAClaimWhoseOutputsClashIsNotUsedAndOneWithoutItsModelIsNotClaimed() throws {
        let clashing = try GraphModel(entities: [
            EntityInfo(name: "ICNote"), EntityInfo(name: "ICAttachment"),
            EntityInfo(
                name: "ICNoteData",
                attributes: [AttributeInfo(name: "data", type: .binary), AttributeInfo(name: "text", type: .string)]),
        ])
        let source = try DecodingSource(InMemoryGraph(model: clashing), decoders: [NotesDecoder()]) {
            self.log.warnings.append($0)
        }
        XCTAssertEqual(source.model.entities, clashing.entities)
        XCTAssertEqual(
            log.messages, ["decoder 'notes' does not decode ICNoteData.data: ICNoteData already has a property 'text'"])
        let foreign = try GraphModel(entities: [
            EntityInfo(name: "ICNoteData", attributes: [AttributeInfo(name: "data", type: .binary)])
        ])
        let unclaimed = try DecodingSource(InMemoryGraph(model: foreign), decoders: [NotesDecoder()]) { _ in }
        XCTAssertTrue(unclaimed.usedDecoders.isEmpty)
    }

    func testOutputsGoOnTheEntityThatDeclaresTheAttributeSoSubEntitiesInheritThem() throws {
        let model = try GraphModel(entities: [
            EntityInfo(name: "ICNote"), EntityInfo(name: "ICAttachment"),
            EntityInfo(name: "Base", isAbstract: true, attributes: [AttributeInfo(name: "data", type: .binary)]),
            EntityInfo(name: "ICNoteData", parent: "Base", attributes: [AttributeInfo(name: "size", type: .integer64)]),
        ])
        let graph = InMemoryGraph(model: model)
        _ = try graph.add(
            "ICNoteData", ["data": .binary(gzip(noteStore([TestRun(text: "Hi", style: 0)]))), "size": .integer(2)])
        let source = try DecodingSource(graph, decoders: [NotesDecoder()]) { _ in }
        let entity = try XCTUnwrap(source.model.index(of: "ICNoteData"))
        XCTAssertEqual(source.model.attributes(of: entity).map(\.name), ["data", "text", "markdown", "size"])
        XCTAssertEqual(source.model.entities[2].attributes.map(\.name), ["data", "text", "markdown"])
        let record = try XCTUnwrap(try source.scan(entity).nextBorrowed()).record
        XCTAssertEqual(record.values.dropFirst().map { $0 }, [.string("Hi"), .string("# Hi\n"), .integer(2)])
        XCTAssertEqual(try source.record(record.key)?.values, record.values)
    }

    // MARK: Bounds (issue 36, item 6)

    /// Issue 36's hostile note: about 700 bytes of data whose 2 500 attribute runs all name one
    /// 100 × 100 table. Written once per run, it was 222 MB of Markdown and 170 MB of text.
    func testANoteNamingOneTableInEveryRunWritesItOnceWithAWarning() throws {
        let runs = Array(
            repeating: TestRun(text: "\u{FFFC}", attachment: ("TABLE", "com.apple.notes.table")), count: 2_500)
        let data = gzip(noteStore(runs))
        XCTAssertLessThan(data.count, 1_000)
        let side = (0..<100).map { row in (0..<100).map { "R\(row)C\($0)" } }
        let decoded = try decode(data, table: gzip(tableData(side)))
        guard case .string(let markdown) = decoded.markdown, case .string(let text) = decoded.text else {
            return XCTFail("\(decoded)")
        }
        XCTAssertEqual(markdown.components(separatedBy: "| R99C0 |").count, 2, "the table once")
        XCTAssertEqual(markdown.components(separatedBy: "[com.apple.notes.table](<ICAttachment/1>)").count, 2_500)
        XCTAssertLessThan(markdown.utf8.count + text.utf8.count, 500_000)
        XCTAssertEqual(text.components(separatedBy: "R99C99").count, 2)
        XCTAssertEqual(
            log.messages,
            [
                "ICNoteData ICNoteData/4 data: decoder 'notes': the note names the table ICAttachment/1 2500 times; it "
                    + "is written once, and its other 2499 places are links to it"
            ])
    }

    func testANoteThatWouldBeWrittenPastTheOutputLimitKeepsItsBytesWithAWarning() throws {
        let graph = InMemoryGraph(model: Self.model)
        _ = try graph.add(
            "ICAttachment",
            [
                "identifier": .string("IMG"), "typeUTI": .string("public.jpeg"),
                "title": .string(String(repeating: "x", count: 10_000)),
            ])
        let document = noteStore([
            TestRun(text: String(repeating: "\u{FFFC}", count: 5_000), attachment: ("IMG", "public.jpeg"))
        ])
        let data = gzip(document)
        _ = try graph.add("ICNoteData", ["data": .binary(data)])
        let source = try DecodingSource(graph, decoders: [NotesDecoder()]) { self.log.warnings.append($0) }
        let entity = try XCTUnwrap(source.model.index(of: "ICNoteData"))
        let record = try XCTUnwrap(try source.scan(entity).next())
        XCTAssertEqual(record.values[1], .binary(data))
        XCTAssertEqual(record.values[2], .null)
        XCTAssertEqual(record.values[3], .null)
        XCTAssertEqual(log.messages.count, 1)
        let limit = NotesDecoder.outputLimit
        let read = document.count + 10_000
        XCTAssertEqual(
            log.messages,
            [
                "ICNoteData ICNoteData/2 data: decoder 'notes': the value would be decoded into more than "
                    + "\(limit.maximum(forInputBytes: read)) bytes (a decoder writes at most 1048576 bytes plus 16 for "
                    + "each of the \(read) bytes it read, and 67108864 in all); its bytes are kept and text, markdown "
                    + "are null"
            ])
    }

    func testTheOutputLimitGrowsWithTheInputUpToItsAbsoluteMaximum() {
        let limit = DecoderOutputLimit.standard
        XCTAssertEqual(limit.maximum(forInputBytes: 0), 1 << 20)
        XCTAssertEqual(limit.maximum(forInputBytes: 1_000), (1 << 20) + 16_000)
        XCTAssertEqual(limit.maximum(forInputBytes: 4 << 20), 64 << 20)
        XCTAssertEqual(limit.maximum(forInputBytes: Int.max), 64 << 20)
    }
}
