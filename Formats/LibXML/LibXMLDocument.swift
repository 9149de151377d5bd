package import GraphExport

/// The document a writer over libxml2 (XML, property list, GraphML) is writing: the sink it goes
/// to, the ``LibXMLTextWriter`` made at `begin(_:)` and the warnings given.
///
/// Each of those writers keeps one in its ``WriterState`` and goes through it for what every call
/// does alike: ``openOutput()`` first, which hands back the text writer to write with, and at the
/// end ``finish()``.
///
/// The type is `public` with only `package` members so that ``openOutput()`` inlines into the
/// writers (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct LibXMLDocument {
    /// Where the document goes.
    package let sink: any ByteSink
    /// The format's error for a libxml2 function that failed, `call` naming it.
    private let libxml2Failure: (_ call: String) -> any Error
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

    /// Opens the text writer on the sink, indented by `indentation` per level (not indented when
    /// it is `nil`), and writes the XML declaration and the document type declaration
    /// `documentType`, if any, with its line break; returns the text writer.
    package mutating func begin(indentation: String?, documentType: String? = nil) throws -> LibXMLTextWriter {
        let output = try textWriter(on: sink, indentation: indentation)
        self.output = output
        try output.startDocument()
        // Written raw: xmlTextWriterWriteDTD breaks the declaration over lines when indenting.
        if let documentType { try output.writeRaw(documentType) }
        return output
    }

    /// The text writer made at `begin(_:)`. The ``GraphStream`` in front of the writer calls it
    /// only after `begin(_:)` and never again once a call has failed: every failure is thrown by
    /// the call that caused it, and the stream stops there.
    @inlinable @inline(__always)
    package func openOutput() -> LibXMLTextWriter {
        output!
    }

    /// Checks that no call failed (``LibXMLTextWriter/failure``), then ends the document: closes
    /// every open element, writes the final line break and flushes the sink.
    package mutating func finish() throws {
        if let failure = output?.failure { throw failure }
        try output?.endDocument()
    }
}
