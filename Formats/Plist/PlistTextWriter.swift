import CLibXML2
import GraphExport

/// libxml2's `xmlTextWriter`, writing through an `xmlOutputBuffer` whose write callback hands the
/// bytes to an ``OutputBuffer`` in front of the caller's ``ByteSink``.
///
/// The writer escapes markup (`<`, `&`, `>`, `"`) in text and writes a carriage return as `&#13;`, so
/// that a parser's line-end normalization gives it back. It checks nothing else: callers pass
/// only element names of their own and text that XML 1.0 can hold (see ``PlistCharacters``), and
/// never U+0000, at which libxml2 would cut the string.
final class PlistTextWriter {
    private let bridge: SinkBridge
    private let writer: OpaquePointer
    /// The first error a call threw: the sink's, or a libxml2 failure. Once there is one, the
    /// document cannot be completed.
    private(set) var failure: (any Error)?

    /// Creates a writer over `sink`, indenting by one tab per level when `pretty`.
    init(sink: any ByteSink, pretty: Bool) throws {
        let bridge = SinkBridge(output: OutputBuffer(sink: sink))
        self.bridge = bridge
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        guard let output = xmlOutputBufferCreateIO(forwardToSink, nil, context, nil) else {
            throw PropertyListWriterError.libxml2Failure(call: "xmlOutputBufferCreateIO")
        }
        guard let writer = xmlNewTextWriter(output) else {
            xmlOutputBufferClose(output)
            throw PropertyListWriterError.libxml2Failure(call: "xmlNewTextWriter")
        }
        if pretty {
            guard xmlTextWriterSetIndent(writer, 1) == 0,
                "\t".withXMLCharacters({ xmlTextWriterSetIndentString(writer, $0) }) == 0
            else {
                bridge.isDiscarding = true
                xmlFreeTextWriter(writer)
                throw PropertyListWriterError.libxml2Failure(call: "xmlTextWriterSetIndent")
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

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and, on the next line, the property list
    /// document type, as Apple's tools write them.
    func startDocument() throws {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
        // Written raw: xmlTextWriterWriteDTD breaks the declaration over lines when indenting.
        let doctype =
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
            + "\n"
        try check(doctype.withXMLCharacters { xmlTextWriterWriteRaw(writer, $0) }, "xmlTextWriterWriteRaw")
    }

    /// Starts an element.
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

    /// Writes `<name>text</name>`, the text escaped.
    func writeElement(_ name: String, text: String) throws {
        let result = name.withXMLCharacters { name in
            text.withXMLCharacters { xmlTextWriterWriteElement(writer, name, $0) }
        }
        try check(result, "xmlTextWriterWriteElement")
    }

    /// Writes `<name>bytes</name>` with `bytes` as they are: for ASCII text that needs no escape
    /// (numbers, base64), without a copy into a `String`.
    func writeElement(_ name: String, ascii bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return try writeElement(name, text: "") }
        try startElement(name)
        try bytes.withUnsafeBufferPointer { buffer in
            // libxml2 counts in Int32: hand over large values in pieces.
            var start = 0
            while start < buffer.count {
                let count = min(buffer.count - start, 1 << 20)
                try check(
                    xmlTextWriterWriteRawLen(writer, buffer.baseAddress! + start, Int32(count)),
                    "xmlTextWriterWriteRawLen")
                start += count
            }
        }
        try endElement()
    }

    /// Writes `<name>…</name>` holding the base64 text of `file`, the same bytes as
    /// ``writeElement(_:ascii:)`` with that text, one chunk at a time. A file that cannot be read
    /// stops the document, as a failing sink does.
    func writeElement(_ name: String, base64Of file: FileBytes) throws {
        try startElement(name)
        do {
            try file.forEachBase64Chunk { text in
                let characters = text.baseAddress!.assumingMemoryBound(to: xmlChar.self)
                try check(xmlTextWriterWriteRawLen(writer, characters, Int32(text.count)), "xmlTextWriterWriteRawLen")
            }
        } catch {
            failure = failure ?? error
            throw error
        }
        try endElement()
    }

    /// Writes `<name/>`.
    func writeEmptyElement(_ name: String) throws {
        try startElement(name)
        try endElement()
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

    /// Throws the sink's error if the sink has failed, else names the libxml2 call if it failed.
    private func check(_ result: Int32, _ call: String) throws {
        if let error = bridge.error {
            failure = failure ?? error
            throw error
        }
        guard result < 0 else { return }
        let error = PropertyListWriterError.libxml2Failure(call: call)
        failure = failure ?? error
        throw error
    }
}

/// What libxml2's write callback reaches through its `void *` context: the output and the first
/// error the sink threw, which the writer rethrows after the libxml2 call that wrote.
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
/// It always reports success: a sink's error is kept in the bridge, which the writer checks after
/// every libxml2 call, and the bytes after it are dropped. Returning -1 instead would make libxml2
/// print `I/O error : write error` to standard error, even for a pipe closed on purpose.
private func forwardToSink(context: UnsafeMutableRawPointer?, buffer: UnsafePointer<CChar>?, length: Int32) -> Int32 {
    guard let context else { return -1 }
    let bridge = Unmanaged<SinkBridge>.fromOpaque(context).takeUnretainedValue()
    guard !bridge.isDiscarding, bridge.error == nil, let buffer, length > 0 else { return length }
    do {
        try bridge.output.appendBytes(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
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
