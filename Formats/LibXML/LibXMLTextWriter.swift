import CLibXML2
package import GraphExport

/// libxml2's `xmlTextWriter`, writing through an `xmlOutputBuffer` whose write callback hands the
/// bytes to an ``OutputBuffer`` in front of a ``ByteSink``: the one wrapper the XML, property list
/// and GraphML writers share.
///
/// The writer escapes markup (`<`, `&`, `>`, `"`) and writes tab, line feed and carriage return
/// in attribute values as character references (`&#9;`, `&#10;`, `&#13;`) and carriage return in
/// text as `&#13;`, so that a parser's normalization gives them back. It checks nothing else:
/// callers pass only names and text that XML 1.0 can hold (``XMLCharacters``), and never U+0000,
/// at which libxml2 would cut the string.
///
/// **Errors.** The first error a call throws is kept in ``failure``, and the output cannot be
/// completed after it. A sink that fails (``OutputError/brokenPipe`` for a reader that closed the
/// pipe, ``OutputError/writeFailed(errno:reason:)`` naming the file, a format's own error for a
/// temporary file) has its own error rethrown as it is, and libxml2 prints nothing on standard
/// error (see ``LibXMLSinkBridge``); a libxml2 function that fails for another reason is reported
/// by the error the format makes of its name.
@usableFromInline
package final class LibXMLTextWriter {
    /// The most bytes handed to libxml2 in one call, which counts them in `Int32`.
    private static let largestRawWrite = 1 << 20

    private let bridge: LibXMLSinkBridge
    private let writer: OpaquePointer
    /// Reused for base64 made from borrowed bytes.
    private var scratch: [UInt8] = []
    private let libxml2Failure: (_ call: String) -> any Error
    /// The first error a call threw: the sink's, a file's, or a libxml2 failure. Once there is
    /// one, the output cannot be completed. Read at the end, by ``LibXMLDocument/finish()`` and the
    /// GraphML writer's `finish()`.
    @usableFromInline package private(set) var failure: (any Error)?

    /// Creates a writer over `sink` that indents each element on its own line by `indentation`
    /// per level, or does not indent when it is `nil`; a libxml2 function that fails is reported
    /// as `libxml2Failure(call)`, `call` naming the function.
    package init(
        sink: any ByteSink, indentation: String? = nil, libxml2Failure: @escaping (_ call: String) -> any Error
    ) throws {
        let bridge = LibXMLSinkBridge(output: OutputBuffer(sink: sink))
        self.bridge = bridge
        self.libxml2Failure = libxml2Failure
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        guard let output = xmlOutputBufferCreateIO(forwardToSink, nil, context, nil) else {
            throw libxml2Failure("xmlOutputBufferCreateIO")
        }
        guard let writer = xmlNewTextWriter(output) else {
            xmlOutputBufferClose(output)
            throw libxml2Failure("xmlNewTextWriter")
        }
        if let indentation {
            guard xmlTextWriterSetIndent(writer, 1) == 0,
                indentation.withXMLCharacters({ xmlTextWriterSetIndentString(writer, $0) }) == 0
            else {
                bridge.isDiscarding = true
                xmlFreeTextWriter(writer)
                throw libxml2Failure("xmlTextWriterSetIndent")
            }
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
    package func startDocument() throws {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
    }

    /// Starts an element named `name` (qualified, such as `gx:ref`, or not).
    package func startElement(_ name: String) throws {
        try start(name)
    }

    /// Starts an element whose name was prepared once.
    package func startElement(_ name: LibXMLName) throws {
        try start(name)
    }

    /// Writes an attribute, whose name was prepared once, of the element just started.
    package func writeAttribute(_ name: LibXMLName, _ value: String) throws {
        try attribute(name, value)
    }

    /// Writes an attribute of the element just started whose value is UTF-8 `text` borrowed from
    /// a source, the same bytes as ``writeAttribute(_:_:)-(String,String)`` with that text: `text`
    /// is copied to be NUL-terminated, so it must hold no U+0000 (nor anything else XML 1.0
    /// cannot hold).
    package func writeAttribute(_ name: LibXMLName, utf8 text: UnsafeRawBufferPointer) throws {
        let result = name.withXMLCharacters { name in
            Self.withNULTerminated(text) { xmlTextWriterWriteAttribute(writer, name, $0) }
        }
        try check(result, "xmlTextWriterWriteAttribute")
    }

    /// Writes an attribute of the element just started whose value is the base64 text of
    /// `bytes`, the same bytes as ``writeAttribute(_:_:)-(String,String)`` with that text.
    package func writeAttribute(_ name: LibXMLName, base64Of bytes: UnsafeRawBufferPointer) throws {
        scratch.removeAll(keepingCapacity: true)
        Base64.encode(bytes, into: &scratch)
        scratch.append(0)
        let result = name.withXMLCharacters { name in
            scratch.withUnsafeBufferPointer { xmlTextWriterWriteAttribute(writer, name, $0.baseAddress) }
        }
        try check(result, "xmlTextWriterWriteAttribute")
    }

    /// Writes an attribute of the element just started, its name prepared once, whose value is
    /// the base64 text of `file`, the same bytes as ``writeAttribute(_:_:)-(String,String)`` with
    /// that text.
    package func writeAttribute(_ name: LibXMLName, base64Of file: FileBytes) throws {
        try check(name.withXMLCharacters { xmlTextWriterStartAttribute(writer, $0) }, "xmlTextWriterStartAttribute")
        try writeBase64(of: file)
        try check(xmlTextWriterEndAttribute(writer), "xmlTextWriterEndAttribute")
    }

    /// Writes UTF-8 `text` borrowed from a source as text content, escaped: the same bytes as
    /// ``writeString(_:)`` with that text, under the same rule as
    /// ``writeAttribute(_:utf8:)``.
    package func writeString(utf8 text: UnsafeRawBufferPointer) throws {
        let result = Self.withNULTerminated(text) { xmlTextWriterWriteString(writer, $0) }
        try check(result, "xmlTextWriterWriteString")
    }

    /// Writes the base64 text of `bytes` as content, the same bytes as ``writeString(_:)`` with
    /// that text (base64 has nothing to escape).
    package func writeBase64(of bytes: UnsafeRawBufferPointer) throws {
        scratch.removeAll(keepingCapacity: true)
        Base64.encode(bytes, into: &scratch)
        try scratch.withUnsafeBytes { try writeRaw($0) }
    }

    /// Calls `body` with a copy of `text` and a NUL after it, on the stack unless it is long, as
    /// libxml2's `const xmlChar *`.
    private static func withNULTerminated<Result>(
        _ text: UnsafeRawBufferPointer, _ body: (UnsafePointer<xmlChar>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: xmlChar.self, capacity: text.count + 1) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: text)
            buffer[text.count] = 0
            return body(buffer.baseAddress!)
        }
    }

    /// Writes an attribute of the element just started.
    package func writeAttribute(_ name: String, _ value: String) throws {
        try attribute(name, value)
    }

    /// Starts an element: what both ``startElement(_:)-(String)`` and
    /// ``startElement(_:)-(LibXMLName)`` do.
    private func start(_ name: some XMLCharacterSource) throws {
        try check(name.withXMLCharacters { xmlTextWriterStartElement(writer, $0) }, "xmlTextWriterStartElement")
    }

    /// Writes an attribute: what both `writeAttribute(_:_:)` do.
    private func attribute(_ name: some XMLCharacterSource, _ value: String) throws {
        let result = name.withXMLCharacters { name in
            value.withXMLCharacters { xmlTextWriterWriteAttribute(writer, name, $0) }
        }
        try check(result, "xmlTextWriterWriteAttribute")
    }

    /// Writes text content, escaped.
    package func writeString(_ text: String) throws {
        try check(text.withXMLCharacters { xmlTextWriterWriteString(writer, $0) }, "xmlTextWriterWriteString")
    }

    /// Writes `<name>text</name>`, the text escaped: the same bytes as ``startElement(_:)``,
    /// ``writeString(_:)`` and ``endElement()``.
    package func writeElement(_ name: String, text: String) throws {
        let result = name.withXMLCharacters { name in
            text.withXMLCharacters { xmlTextWriterWriteElement(writer, name, $0) }
        }
        try check(result, "xmlTextWriterWriteElement")
    }

    /// Writes `<name>bytes</name>` with `bytes` as they are, the same bytes as
    /// ``writeElement(_:text:)`` with that text: for ASCII that needs no escape (numbers, base64),
    /// without a copy into a `String`.
    package func writeElement(_ name: String, ascii bytes: [UInt8]) throws {
        try startElement(name)
        try bytes.withUnsafeBytes { try writeRaw($0) }
        try endElement()
    }

    /// Writes `<name>…</name>` holding the base64 text of `file`, the same bytes as
    /// ``writeElement(_:ascii:)`` with that text.
    package func writeElement(_ name: String, base64Of file: FileBytes) throws {
        try startElement(name)
        try writeBase64(of: file)
        try endElement()
    }

    /// Writes `<name/>`.
    package func writeEmptyElement(_ name: String) throws {
        try startElement(name)
        try endElement()
    }

    /// Writes the base64 text of `file` as content, the same bytes as ``writeString(_:)`` with that
    /// text, one chunk of at most 64 KiB at a time, so that memory stays flat whatever the file's
    /// size: base64 has nothing to escape, so each chunk is written raw (an empty file too, which
    /// closes the start tag as an empty string does), and libxml2 hands it on at once rather than
    /// keeping it, as it would an escaped attribute value. A file that cannot be read stops the
    /// output, as a failing sink does.
    package func writeBase64(of file: FileBytes) throws {
        do {
            try file.forEachBase64Chunk { try writeRaw($0) }
        } catch {
            try fail(error)
        }
    }

    /// Writes `bytes` as they are, closing a start tag still open first (also when `bytes` is
    /// empty): markup written elsewhere, white space that lays out output, or text that needs no
    /// escape.
    package func writeRaw(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: xmlChar.self) else {
            // An empty buffer may have no address, and libxml2 wants one even for no bytes.
            return try "".withXMLCharacters {
                try check(xmlTextWriterWriteRawLen(writer, $0, 0), "xmlTextWriterWriteRawLen")
            }
        }
        var start = 0
        repeat {
            let count = min(bytes.count - start, Self.largestRawWrite)
            try check(xmlTextWriterWriteRawLen(writer, base + start, Int32(count)), "xmlTextWriterWriteRawLen")
            start += count
        } while start < bytes.count
    }

    /// Writes the UTF-8 bytes of `text` as they are (see ``writeRaw(_:)-(UnsafeRawBufferPointer)``).
    package func writeRaw(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeRaw(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the innermost open element: `/>` when it has no content, else its end tag.
    package func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    /// Hands everything written so far to the sink.
    package func flush() throws {
        try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
        do {
            try bridge.output.flush()
        } catch {
            try fail(error)
        }
    }

    /// Ends every open element, writes the final line break and hands everything to the sink.
    package func endDocument() throws {
        try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
        try flush()
    }

    /// Throws the sink's error if the sink failed during the call, else names the libxml2 call if
    /// it failed.
    private func check(_ result: Int32, _ call: String) throws {
        guard result < 0 || bridge.error != nil else { return }
        try fail(bridge.error ?? libxml2Failure(call))
    }

    /// Keeps `error` as the ``failure`` unless there is one already, and throws it.
    private func fail(_ error: any Error) throws -> Never {
        failure = failure ?? error
        throw error
    }
}

/// Text that can be handed to libxml2 as a NUL-terminated `const xmlChar *`.
private protocol XMLCharacterSource {
    /// Calls `body` with the NUL-terminated UTF-8 bytes.
    func withXMLCharacters<Result>(_ body: (UnsafePointer<xmlChar>) throws -> Result) rethrows -> Result
}

/// An element or attribute name prepared once for libxml2: its NUL-terminated UTF-8 bytes, so
/// that a writer that writes it for every object does not convert it every time.
package struct LibXMLName: XMLCharacterSource {
    /// The name.
    package let text: String
    /// Its UTF-8 bytes and a NUL.
    private let characters: [UInt8]

    /// Prepares `text`, which must hold no U+0000.
    package init(_ text: String) {
        self.text = text
        self.characters = Array(text.utf8) + [0]
    }

    /// Calls `body` with the NUL-terminated bytes as libxml2's `const xmlChar *`.
    fileprivate func withXMLCharacters<Result>(_ body: (UnsafePointer<xmlChar>) throws -> Result) rethrows -> Result {
        try characters.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}

extension String: XMLCharacterSource {
    /// Calls `body` with the string's NUL-terminated UTF-8 bytes as libxml2's `const xmlChar *`.
    fileprivate func withXMLCharacters<Result>(_ body: (UnsafePointer<xmlChar>) throws -> Result) rethrows -> Result {
        try withCString { characters in
            try characters.withMemoryRebound(to: xmlChar.self, capacity: utf8.count + 1, body)
        }
    }
}
