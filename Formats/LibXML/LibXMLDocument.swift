public import GraphExport

/// The document a writer over libxml2 (XML, property list, GraphML) is writing: the sink it goes
/// to, the stream's grammar, the ``LibXMLTextWriter`` made at `begin(_:)` and the warnings given.
///
/// Each of those writers keeps one in its ``WriterState`` and goes through it for what every call
/// does alike: ``checkNotFailed()`` first (once the sink or libxml2 has failed, every call throws
/// that first error again), then the grammar (``accept(_:)``, ``beginObject(_:)``), which hands
/// back the text writer to write with, and at the end ``finish()``.
///
/// The type is `public` with only `package` members so that its per-call checks inline into the
/// writers (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct LibXMLDocument {
    /// Where the document goes.
    package let sink: any ByteSink
    /// The format's error for a libxml2 function that failed, `call` naming it.
    private let libxml2Failure: (_ call: String) -> any Error
    /// The stream's grammar, checked before anything is written for a call.
    @usableFromInline package var validator = GraphStreamValidator()
    /// The text writer the document is written with, from `begin(_:)` on.
    @usableFromInline package var output: LibXMLTextWriter?
    /// The warnings given, each once.
    package var warnings: FormatWarnings

    /// Creates a document that goes to `sink`, a libxml2 function that fails reported as
    /// `libxml2Failure(call)` and warnings to `onWarning`. Nothing is written, and libxml2 is not
    /// called, before ``begin(indentation:documentType:)``.
    package init(
        sink: any ByteSink, libxml2Failure: @escaping (_ call: String) -> any Error, onWarning: @escaping WarningHandler
    ) {
        self.sink = sink
        self.libxml2Failure = libxml2Failure
        warnings = FormatWarnings(onWarning: onWarning)
    }

    /// Makes a text writer over `sink` that reports libxml2's failures as the document does,
    /// indented by `indentation` per level, or not indented when it is `nil`.
    package func textWriter(on sink: any ByteSink, indentation: String? = nil) throws -> LibXMLTextWriter {
        try LibXMLTextWriter(sink: sink, indentation: indentation, libxml2Failure: libxml2Failure)
    }

    /// Checks `begin(_:)`, opens the text writer on the sink, indented by `indentation` per level
    /// (not indented when it is `nil`), and writes the XML declaration and the document type
    /// declaration `documentType`, if any, with its line break; returns the text writer.
    package mutating func begin(indentation: String?, documentType: String? = nil) throws -> LibXMLTextWriter {
        let open = { [self] in try textWriter(on: sink, indentation: indentation) }
        let output = try validator.begin(opening: open)
        self.output = output
        try output.startDocument()
        // Written raw: xmlTextWriterWriteDTD breaks the declaration over lines when indenting.
        if let documentType { try output.writeRaw(documentType) }
        return output
    }

    /// Throws the first error the text writer threw (``LibXMLTextWriter/failure``), if it has.
    @inlinable @inline(__always)
    package func checkNotFailed() throws {
        if let failure = output?.failure { throw failure }
    }

    /// Checks `event` against the grammar (``GraphStreamValidator/accept(_:)``); returns the text
    /// writer and whether the relationship the event ends, if it ends one, was empty.
    @inlinable @inline(__always)
    package mutating func accept(_ event: GraphEvent) throws -> (output: LibXMLTextWriter, wasEmpty: Bool) {
        let wasEmpty = try validator.accept(event)
        guard let output else { throw GraphExportError.notBegun }
        return (output, wasEmpty)
    }

    /// Checks the start of the object `row` against the grammar
    /// (``GraphStreamValidator/beginObject(_:)``); returns the text writer.
    @inlinable @inline(__always)
    package mutating func beginObject(_ row: ObjectRow) throws -> LibXMLTextWriter {
        try validator.beginObject(row)
        guard let output else { throw GraphExportError.notBegun }
        return output
    }

    /// Checks `finish()`: that no call failed and that every object has ended.
    package mutating func endStream() throws {
        try checkNotFailed()
        try validator.finish()
    }

    /// Checks `finish()` (``endStream()``), then ends the document: closes every open element,
    /// writes the final line break and flushes the sink.
    package mutating func finish() throws {
        try endStream()
        try output?.endDocument()
    }
}
