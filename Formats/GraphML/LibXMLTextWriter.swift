import CLibXML2
import GraphExport

/// libxml2's `xmlTextWriter`, writing through an `xmlOutputBuffer` whose write callback hands the
/// bytes to an ``OutputBuffer`` in front of a ``ByteSink``.
///
/// The writer escapes markup (`<`, `&`, `>`, `"`) and writes tab, line feed and carriage return
/// in attribute values as character references (`&#9;`, `&#10;`, `&#13;`) and carriage return in
/// text as `&#13;`, so that a parser's normalization gives them back. It checks nothing else:
/// callers pass only names and text that XML 1.0 can hold, and never U+0000, at which libxml2
/// would cut the string. It does not indent: callers lay out pretty output with ``writeRaw(_:)``.
final class LibXMLTextWriter {
    private let bridge: SinkBridge
    private let writer: OpaquePointer
    /// The first error a call threw: the sink's, or a libxml2 failure. Once there is one, the
    /// output cannot be completed.
    private(set) var failure: (any Error)?

    /// Creates a writer over `sink`.
    init(sink: any ByteSink) throws {
        let bridge = SinkBridge(output: OutputBuffer(sink: sink))
        self.bridge = bridge
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        guard let output = xmlOutputBufferCreateIO(forwardToSink, nil, context, nil) else {
            throw GraphMLWriterError.libxml2Failure(call: "xmlOutputBufferCreateIO")
        }
        guard let writer = xmlNewTextWriter(output) else {
            xmlOutputBufferClose(output)
            throw GraphMLWriterError.libxml2Failure(call: "xmlNewTextWriter")
        }
        // Assigned last: once it is set, deinit frees it even if a later initializer line threw.
        self.writer = writer
    }

    deinit {
        // Freeing flushes what libxml2 still holds; output never completed is not written.
        bridge.isDiscarding = true
        xmlFreeTextWriter(writer)
    }

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    func startDocument() throws {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
    }

    /// Starts an element named `name`.
    func startElement(_ name: String) throws {
        try check(name.withXMLCharacters { xmlTextWriterStartElement(writer, $0) }, "xmlTextWriterStartElement")
    }

    /// Writes an attribute of the element just started.
    func writeAttribute(_ name: String, _ value: String) throws {
        let result = name.withXMLCharacters { name in
            value.withXMLCharacters { xmlTextWriterWriteAttribute(writer, name, $0) }
        }
        try check(result, "xmlTextWriterWriteAttribute")
    }

    /// Writes text content, escaped.
    func writeString(_ text: String) throws {
        try check(text.withXMLCharacters { xmlTextWriterWriteString(writer, $0) }, "xmlTextWriterWriteString")
    }

    /// Writes the base64 text of `file` as content, the same bytes as ``writeString(_:)`` with that
    /// text, one chunk at a time: base64 has nothing to escape, so each chunk is written raw (an
    /// empty file too, which closes the start tag as an empty string does). A file that cannot be
    /// read stops the document, as a failing sink does.
    func writeBase64(of file: FileBytes) throws {
        do {
            try file.forEachBase64Chunk { text in
                let characters = text.baseAddress!.assumingMemoryBound(to: xmlChar.self)
                try check(xmlTextWriterWriteRawLen(writer, characters, Int32(text.count)), "xmlTextWriterWriteRawLen")
            }
        } catch {
            failure = failure ?? error
            throw error
        }
    }

    /// Writes `bytes` as they are, closing a start tag still open first: markup written elsewhere,
    /// or white space that lays out pretty output.
    func writeRaw(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let result = xmlTextWriterWriteRawLen(
            writer, base.assumingMemoryBound(to: xmlChar.self), Int32(bytes.count))
        try check(result, "xmlTextWriterWriteRawLen")
    }

    /// Writes the UTF-8 bytes of `text` as they are (see ``writeRaw(_:)-(UnsafeRawBufferPointer)``).
    func writeRaw(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeRaw(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the innermost open element: `/>` when it has no content, else its end tag.
    func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    /// Ends every open element, writes the final line break and hands everything to the sink.
    func endDocument() throws {
        try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
        try flush()
    }

    /// Hands everything written so far to the sink.
    func flush() throws {
        try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
        do {
            try bridge.output.flush()
        } catch {
            failure = failure ?? error
            throw error
        }
    }

    /// Throws the sink's error if the sink failed during the call, else names the libxml2 call if
    /// it failed.
    private func check(_ result: Int32, _ call: String) throws {
        guard result < 0 || bridge.error != nil else { return }
        let error = bridge.error ?? GraphMLWriterError.libxml2Failure(call: call)
        failure = failure ?? error
        throw error
    }
}

/// What libxml2's write callback reaches through its `void *` context: the output and the first
/// error the sink threw, which the Swift side rethrows.
private final class SinkBridge {
    let output: OutputBuffer
    var error: (any Error)?
    /// Set while the writer is being freed: libxml2's last flush is dropped, not written.
    var isDiscarding = false

    init(output: OutputBuffer) {
        self.output = output
    }
}

/// The `xmlOutputWriteCallback`: a C function pointer, so it captures nothing and finds its
/// ``SinkBridge`` through `context`.
///
/// It reports success even when the sink throws: it keeps the error, which the writer checks after
/// every libxml2 call, and drops everything after it. (Returning -1 would make libxml2 print
/// "I/O error : write error" on standard error, through a handler that is global to the process,
/// even for a reader that closed the pipe on purpose.)
private func forwardToSink(context: UnsafeMutableRawPointer?, buffer: UnsafePointer<CChar>?, length: Int32) -> Int32 {
    guard let context else { return -1 }
    let bridge = Unmanaged<SinkBridge>.fromOpaque(context).takeUnretainedValue()
    guard !bridge.isDiscarding, bridge.error == nil, let buffer, length > 0 else { return length }
    do {
        try bridge.output.append(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    } catch {
        bridge.error = error
    }
    return length
}

extension String {
    /// Calls `body` with the string's NUL-terminated UTF-8 bytes as libxml2's `const xmlChar *`.
    fileprivate func withXMLCharacters<Result>(_ body: (UnsafePointer<xmlChar>) throws -> Result) rethrows -> Result {
        try withCString { characters in
            try characters.withMemoryRebound(to: xmlChar.self, capacity: utf8.count + 1, body)
        }
    }
}
