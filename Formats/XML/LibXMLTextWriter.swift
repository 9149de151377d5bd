import CLibXML2
import GraphExport

/// libxml2's `xmlTextWriter`, writing through an `xmlOutputBuffer` whose write callback hands the
/// bytes to an ``OutputBuffer`` in front of the caller's ``ByteSink``.
///
/// The writer escapes markup (`<`, `&`, `>`, `"`) and writes tab, line feed and carriage return
/// in attribute values as character references (`&#9;`, `&#10;`, `&#13;`) and carriage return in
/// text as `&#13;`, so that a parser's normalization gives them back. It checks nothing else:
/// callers pass only NCNames and text that XML 1.0 can hold, and never U+0000, at which libxml2
/// would cut the string.
final class LibXMLTextWriter {
    private let bridge: SinkBridge
    private let writer: OpaquePointer
    /// The first error a call threw: the sink's, or a libxml2 failure. Once there is one, the
    /// document cannot be completed.
    private(set) var failure: (any Error)?

    /// Creates a writer over `sink`, indenting by two spaces when `pretty`.
    init(sink: any ByteSink, pretty: Bool) throws {
        let bridge = SinkBridge(output: OutputBuffer(sink: sink))
        self.bridge = bridge
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        guard let output = xmlOutputBufferCreateIO(forwardToSink, nil, context, nil) else {
            throw XMLWriterError.libxml2Failure(call: "xmlOutputBufferCreateIO")
        }
        guard let writer = xmlNewTextWriter(output) else {
            xmlOutputBufferClose(output)
            throw XMLWriterError.libxml2Failure(call: "xmlNewTextWriter")
        }
        if pretty {
            guard xmlTextWriterSetIndent(writer, 1) == 0,
                "  ".withXMLCharacters({ xmlTextWriterSetIndentString(writer, $0) }) == 0
            else {
                bridge.isDiscarding = true
                xmlFreeTextWriter(writer)
                throw XMLWriterError.libxml2Failure(call: "xmlTextWriterSetIndent")
            }
        }
        // Assigned last: once it is set, deinit frees it even if a later initializer line threw.
        self.writer = writer
    }

    deinit {
        // Freeing flushes what libxml2 still holds; a document never finished is not written.
        bridge.isDiscarding = true
        xmlFreeTextWriter(writer)
    }

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    func startDocument() throws {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
    }

    /// Starts an element named `name` (qualified, such as `gx:ref`, or not).
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

    /// Writes an attribute of the element just started whose value is the base64 text of `file`,
    /// the same bytes as ``writeAttribute(_:_:)`` with that text.
    func writeAttribute(_ name: String, base64Of file: FileBytes) throws {
        try check(name.withXMLCharacters { xmlTextWriterStartAttribute(writer, $0) }, "xmlTextWriterStartAttribute")
        try writeBase64(of: file)
        try check(xmlTextWriterEndAttribute(writer), "xmlTextWriterEndAttribute")
    }

    /// Writes the base64 text of `file` as content, the same bytes as ``writeString(_:)`` with that
    /// text, one chunk at a time: base64 has nothing to escape, so each chunk is written raw, and
    /// libxml2 hands it on at once rather than keeping it, as it would an escaped attribute value.
    /// A file that cannot be read stops the document, as a failing sink does.
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

    /// Ends the innermost open element: `/>` when it has no content, else its end tag.
    func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    /// Ends every open element, writes the final line break and hands everything to the sink.
    func endDocument() throws {
        try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
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
        let error = bridge.error ?? XMLWriterError.libxml2Failure(call: call)
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
/// "I/O error : write error" on standard error, through a handler that is global to the process.)
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
