import GraphExport
import GraphExportDiff
import XCTest

/// The two forms of a diff, written from changes made by hand: every kind of change and property,
/// values as the JSON export writes them, names with `@` escaped as its keys are.
final class DiffWriterTests: XCTestCase {
    private static let changes = [
        ObjectChange(
            kind: .changed, entity: "Artist", id: ObjectID("Artist/1"),
            properties: [
                PropertyChange(
                    name: "Name", change: .values(old: .value(.string("AC/DC")), new: .value(.string("AC\nDC")))),
                PropertyChange(
                    name: "albums", change: .references(added: [ObjectID("Album/348")], removed: [ObjectID("Album/1")])),
                PropertyChange(
                    name: "label", change: .values(old: .reference(nil), new: .reference(ObjectID("Label/2")))),
            ]),
        ObjectChange(
            kind: .added, entity: "Album", id: ObjectID("Album/348"),
            key: ValueMap.Entry(key: "Title", value: .string("Powerage")),
            properties: [
                PropertyChange(name: "Title", change: .values(old: nil, new: .value(.string("Powerage")))),
                PropertyChange(name: "@id", change: .values(old: nil, new: .value(.double(.nan)))),
                PropertyChange(name: "Cover", change: .values(old: nil, new: .value(.null))),
                PropertyChange(name: "artist", change: .values(old: nil, new: .reference(ObjectID("Artist/1")))),
                PropertyChange(name: "tracks", change: .values(old: nil, new: .references([]))),
            ]),
        ObjectChange(
            kind: .removed, entity: "Album", id: ObjectID("Album/1"),
            properties: [
                PropertyChange(name: "Title", change: .values(old: .value(.binary([0, 1, 2])), new: nil)),
                PropertyChange(
                    name: "tracks",
                    change: .values(old: .references([ObjectID("Track/1"), ObjectID("Track/2")]), new: nil)),
            ]),
    ]

    /// What the writer `make` makes on a memory sink writes of ``changes``.
    private func text(writtenBy make: (any ByteSink) -> any DiffWriter) throws -> String {
        let sink = MemorySink()
        let writer = make(sink)
        for change in Self.changes { try writer.write(change) }
        try writer.finish()
        return sink.text
    }

    func testJSONLinesHaveOneChangePerLine() throws {
        var warnings: [Warning] = []
        XCTAssertEqual(
            try text { DiffJSONLinesWriter(sink: $0) { warnings.append($0) } },
            #"""
            {"change":"changed","@id":"Artist/1","@type":"Artist","properties":{"Name":{"old":"AC/DC","new":"AC\nDC"},"albums":{"added":[{"@id":"Album/348"}],"removed":[{"@id":"Album/1"}]},"label":{"old":null,"new":{"@id":"Label/2"}}}}
            {"change":"added","@id":"Album/348","@type":"Album","@key":{"Title":"Powerage"},"properties":{"Title":{"new":"Powerage"},"@@id":{"new":"NaN"},"Cover":{"new":null},"artist":{"new":{"@id":"Artist/1"}},"tracks":{"new":[]}}}
            {"change":"removed","@id":"Album/1","@type":"Album","properties":{"Title":{"old":"AAEC"},"tracks":{"old":[{"@id":"Track/1"},{"@id":"Track/2"}]}}}

            """#)
        XCTAssertEqual(warnings.map(\.message).count, 1, "NaN is warned about, as the JSON export does")
    }

    func testTextHasALinePerObjectAndPerProperty() throws {
        XCTAssertEqual(
            try text { DiffTextWriter(sink: $0) },
            #"""
            ~ Artist/1 (Artist)
                Name: "AC/DC" -> "AC\nDC"
                albums: +Album/348 -Album/1
                label: null -> Label/2
            + Album/348 (Album, Title = "Powerage")
                Title: "Powerage"
                @id: "NaN"
                artist: Artist/1
            - Album/1 (Album)
                Title: "AAEC"
                tracks: Track/1 Track/2

            """#)
    }

    func testNothingIsWrittenForNoChange() throws {
        for makeWriter in [{ DiffTextWriter(sink: $0) as any DiffWriter }, { DiffJSONLinesWriter(sink: $0) }] {
            let sink = MemorySink()
            try makeWriter(sink).finish()
            XCTAssertEqual(sink.bytes, [])
        }
    }
}
