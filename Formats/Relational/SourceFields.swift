package import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rows of `graphexport_source`: the export's header fields (``DocumentInfo/fields``), then
/// `modelHash` (``SchemaSQL/modelHash``), `selection`, the options that chose and shaped the rows
/// as the writer was given them, and `exportedAt`, the time, ISO 8601 UTC (docs/RELATIONAL.md,
/// *What was exported*).
package enum SourceFields {
    /// The key–value pairs of `document` written by `script`'s tables, with `selection` and the
    /// time of the export.
    package static func fields(
        of document: DocumentInfo, script: SchemaSQL, selection: String
    ) -> [(key: String, value: String)] {
        let now = Timestamp(secondsSinceReferenceDate: Double(time(nil) - time_t(Timestamp.unixOffset)))
        return document.fields + [
            ("modelHash", script.modelHash), ("selection", selection), ("exportedAt", now.iso8601 ?? ""),
        ]
    }
}
