import CLibXML2
import Foundation
import GraphExport
import GraphExportLibXML
import XCTest

/// ``LibXMLTextWriter``: the bytes it writes, base64 streamed from files, and its one policy for a
/// sink that fails: the sink's error rethrown as it is, and nothing printed by libxml2.
final class LibXMLTextWriterTests: XCTestCase {
    /// How a format reports a libxml2 function that failed.
    private enum FormatError: Error, Equatable {
        case libxml2Failure(call: String)
    }

    /// A sink that throws `error` on every write.
    private final class FailingSink: ByteSink {
        let error: OutputError
        private(set) var writes = 0

        init(_ error: OutputError) { self.error = error }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            writes += 1
            throw error
        }
    }

    private func makeWriter(_ sink: any ByteSink, indentation: String? = nil) throws -> LibXMLTextWriter {
        try LibXMLTextWriter(sink: sink, indentation: indentation, libxml2Failure: FormatError.libxml2Failure)
    }

    private func writeSample(_ output: LibXMLTextWriter) throws {
        try output.startDocument()
        try output.startElement("root")
        try output.writeAttribute("a", "<&>\"\t\n\r")
        try output.writeElement("key", text: "x<y\r")
        try output.writeElement("number", ascii: Array("42".utf8))
        try output.writeElement("empty", ascii: [])
        try output.writeEmptyElement("true")
        try output.startElement("raw")
        try output.writeRaw("<b/>")
        try output.endElement()
        try output.endDocument()
    }

    func testCompactAndIndentedDocuments() throws {
        let compact = MemorySink()
        try writeSample(try makeWriter(compact))
        XCTAssertEqual(
            compact.text,
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<root a="&lt;&amp;&gt;&quot;&#9;&#10;&#13;"><key>x&lt;y&#13;</key><number>42</number>"#
                + "<empty></empty><true/><raw><b/></raw></root>\n")
        let indented = MemorySink()
        try writeSample(try makeWriter(indented, indentation: "\t"))
        XCTAssertEqual(
            indented.text,
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<root a="&lt;&amp;&gt;&quot;&#9;&#10;&#13;">"# + "\n"
                + "\t<key>x&lt;y&#13;</key>\n\t<number>42</number>\n\t<empty></empty>\n\t<true/>\n\t<raw><b/></raw>\n"
                + "</root>\n")
    }

    func testBase64OfAFileIsTheSameBytesAsItsText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("libxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for count in [0, 1, 2, 3, FileBytes.chunkLength + 1, 3 * FileBytes.chunkLength] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder.appendingPathComponent("file-\(count)").path
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let file = try FileBytes(path: path)
            let text = Base64.encode(bytes)
            let streamed = MemorySink()
            let inMemory = MemorySink()
            for (sink, fromFile) in [(streamed, true), (inMemory, false)] {
                for indentation in [nil, "  "] {
                    let output = try makeWriter(sink, indentation: indentation)
                    try output.startDocument()
                    try output.startElement("root")
                    try output.startElement("content")
                    try fromFile ? output.writeBase64(of: file) : output.writeString(text)
                    try output.endElement()
                    try output.startElement("attribute")
                    try fromFile
                        ? output.writeAttribute(LibXMLName("value"), base64Of: file)
                        : output.writeAttribute("value", text)
                    try output.endElement()
                    try fromFile
                        ? output.writeElement("data", base64Of: file) : output.writeElement("data", text: text)
                    try output.endDocument()
                }
            }
            XCTAssertEqual(streamed.text, inMemory.text, "\(count) bytes")
            XCTAssertTrue(streamed.text.contains("<content>\(text)</content>"), "\(count) bytes")
        }
    }

    func testRawBytesBeyondWhatOneLibxml2CallTakesPassThrough() throws {
        let bytes = (0..<(3 << 20) + 5).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let sink = MemorySink()
        let output = try makeWriter(sink)
        try output.startElement("big")
        try bytes.withUnsafeBytes { try output.writeRaw($0) }
        try output.endDocument()
        XCTAssertEqual(sink.bytes, Array("<big>".utf8) + bytes + Array("</big>\n".utf8))
    }

    func testAClosedPipeIsRethrownAsItIsAndLibxml2PrintsNothing() throws {
        let sink = FailingSink(.brokenPipe)
        let printed = try capturingStandardError {
            let output = try makeWriter(sink)
            try output.startDocument()
            try output.startElement("root")
            // More than the 64 KiB the buffer in front of the sink holds: the sink is reached.
            let error = try writeUntilFailure(output)
            XCTAssertEqual(error as? OutputError, .brokenPipe)
            XCTAssertEqual(output.failure as? OutputError, .brokenPipe)
            XCTAssertThrowsError(try output.endDocument()) { XCTAssertEqual($0 as? OutputError, .brokenPipe) }
        }
        XCTAssertEqual(printed, "", "libxml2 prints nothing, also when the writer is freed")
        XCTAssertEqual(sink.writes, 1, "nothing is written after the first failure")
    }

    func testAnotherWriteErrorIsRethrownNamingTheFile() throws {
        let failure = OutputError.writeFailed(errno: ENOSPC, reason: "out.xml: No space left on device")
        let printed = try capturingStandardError {
            let output = try makeWriter(FailingSink(failure))
            try output.startElement("root")
            XCTAssertEqual(try writeUntilFailure(output) as? OutputError, failure)
            XCTAssertEqual(output.failure as? OutputError, failure)
        }
        XCTAssertEqual(printed, "")
        XCTAssertEqual(failure.description, "cannot write the output: out.xml: No space left on device")
    }

    func testAFileThatCannotBeReadStopsTheOutput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("libxml-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
        let file = try FileBytes(path: path, owner: "Item 1 payload")
        try FileManager.default.removeItem(atPath: path)
        let output = try makeWriter(MemorySink())
        try output.startElement("data")
        XCTAssertThrowsError(try output.writeBase64(of: file)) { error in
            guard case .changed? = error as? FileValueError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("Item 1 payload"), "\(error)")
        }
        guard case .changed? = output.failure as? FileValueError else {
            return XCTFail("\(String(describing: output.failure))")
        }
    }

    func testALibxml2FailureIsReportedAsTheFormatsError() throws {
        let output = try makeWriter(MemorySink())
        XCTAssertThrowsError(try output.writeAttribute("a", "b"), "no element is open") {
            XCTAssertEqual($0 as? FormatError, .libxml2Failure(call: "xmlTextWriterWriteAttribute"))
        }
        XCTAssertEqual(output.failure as? FormatError, .libxml2Failure(call: "xmlTextWriterWriteAttribute"))
    }

    /// What the tests above rely on: a write callback that reports the failure to libxml2 makes it
    /// print "I/O error", and ``capturingStandardError(_:)`` sees it.
    func testLibxml2PrintsAnIOErrorWhenTheCallbackReportsAFailure() throws {
        let printed = try capturingStandardError {
            let output = try XCTUnwrap(xmlOutputBufferCreateIO({ _, _, _ in -1 }, nil, nil, nil))
            let writer = try XCTUnwrap(xmlNewTextWriter(output))
            defer { xmlFreeTextWriter(writer) }
            XCTAssertEqual(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) >= 0, true)
            XCTAssertLessThan(xmlTextWriterFlush(writer), 0)
        }
        XCTAssertTrue(printed.contains("I/O error"), printed)
    }

    /// Writes text until the sink fails, which must happen within 1 MiB, and returns the error.
    private func writeUntilFailure(_ output: LibXMLTextWriter) throws -> any Error {
        let text = String(repeating: "0123456789abcdef", count: 1 << 10)
        for _ in 0..<64 {
            do {
                try output.writeString(text)
            } catch {
                return error
            }
        }
        try output.flush()
        XCTFail("the sink was never reached")
        return CancellationError()
    }
}
