import GraphExport
import GraphExportPlist
import GraphExportTestSupport
import XCTest

final class PlistNestingTests: XCTestCase {
    func testTenThousandLevelsOfNestingStreamWithoutRecursion() throws {
        let depth = 10_000
        let sink = try WriterChain.output(depth: depth) { PlistGraphWriter(sink: $0) }
        let text = sink.text
        XCTAssertTrue(
            text.hasPrefix(
                Fixtures.prolog + #"<plist version="1.0"><dict><key>@source</key><dict>"#
                    + #"<key>generator</key><string>graphexport</string><key>sourceKind</key><string>test</string>"#
                    + #"<key>shape</key><string>tree</string></dict><key>@graph</key><array>"#
                    + #"<dict><key>@id</key><string>N0</string><key>@type</key><string>Node</string>"#
                    + #"<key>level</key><integer>0</integer><key>child</key><array>"#
                    + #"<dict><key>@id</key><string>N1</string>"#))
        XCTAssertTrue(
            text.contains(
                #"<dict><key>@id</key><string>N9999</string><key>@type</key><string>Node</string>"#
                    + #"<key>level</key><integer>9999</integer><key>@null</key><array><string>child</string></array>"#
                    + #"</dict></array></dict></dict></array></dict>"#))
        XCTAssertTrue(text.hasSuffix("</dict></array></dict></array></dict></plist>\n"))
        try PythonPlistlib.require()
        XCTAssertEqual(try PythonPlistlib.dictDepth(sink.bytes), depth + 1, "plistlib reads every level")
    }

    func testDeepTreeFromTheTraversalReadsBackExactly() throws {
        try PythonPlistlib.require()
        try Fixtures.assertRoundTrip([makeChain(length: 60)], shapes: [.tree])
    }

    /// The property list's own error; the stream's grammar is the contract suite's
    /// (`WriterContractTests`).
    func testNamesXMLCannotHoldThrowNamingTheObject() {
        for (event, expected) in [
            (
                GraphEvent.attribute(name: "a\u{1}", value: .null),
                PlistWriterError.unwritableName(name: "a\u{1}", character: "\u{1}", id: "A/1")
            ),
            (
                .beginRelationship(name: "r\u{2}", isToMany: true),
                .unwritableName(name: "r\u{2}", character: "\u{2}", id: "A/1")
            ),
        ] {
            let error = firstWriterError(
                afterBeginning: [NestingStreams.a, event], into: PlistGraphWriter(sink: MemorySink()))
            XCTAssertEqual(error as? PlistWriterError, expected, "\(event)")
        }
    }

    /// An error of the sink's own, which the writer passes on as it is.
    private struct Full: Error, Equatable {}

    func testTheSinksErrorIsRethrownAndSticks() throws {
        let sink = WriterFailingSink(capacity: 100_000, error: Full())
        let writer = GraphStream(PlistGraphWriter(sink: sink))
        try writer.begin(WriterChain.document)
        let long = String(repeating: "x", count: 50_000)
        var thrown: (any Error)?
        for index in 0..<10 {
            do {
                try writer.write(.beginObject(entity: "A", id: ObjectID("A/\(index)")))
                try writer.write(.attribute(name: "text", value: .string(long)))
                try writer.write(.endObject)
            } catch {
                thrown = error
                break
            }
        }
        XCTAssertEqual(thrown as? Full, Full())
        XCTAssertThrowsError(try writer.write(.endObject)) {
            XCTAssertEqual($0 as? Full, Full())
        }
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? Full, Full()) }
    }

}
