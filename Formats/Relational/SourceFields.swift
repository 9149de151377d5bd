package import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rows of `graphexport_source`: the export's header fields (``DocumentInfo/fields``), then
/// `exportedAt`, the time, ISO 8601 UTC (docs/RELATIONAL.md, *What was exported*).
package enum SourceFields {
    /// The key–value pairs of `document`, with the time of the export.
    package static func fields(of document: DocumentInfo) -> [(key: String, value: String)] {
        let now = Timestamp(secondsSinceReferenceDate: Double(time(nil) - time_t(Timestamp.unixOffset)))
        return document.fields + [("exportedAt", now.iso8601 ?? "")]
    }
}
