import GraphExport
import GraphExportDecoders
import GraphExportJSON
import GraphExportStore

/// A Core Data store or a plain SQLite database exported as `graphexport --pretty` exports it: the
/// library's two entry points, one that opens the store (``Store``) and one that stacks what the
/// export reads and writes on it (``Store/export(_:decoders:onWarning:)``), then the core's exporter.
enum StoreExample {
    /// Writes the store at `path` to standard output as pretty JSON: the objects of `entities`
    /// (every entity when empty), read through the built-in value decoders; warnings go to
    /// standard error.
    static func export(_ path: String, entities: [String]) throws {
        let onWarning: WarningHandler = { warning in
            var line = "EmbeddingExample: warning: " + warning.message + "\n"
            line.withUTF8 {
                try? FileDescriptorSink(descriptor: 2, name: "standard error").write(UnsafeRawBufferPointer($0))
            }
        }
        let store = try Store(path: path, onWarning: onWarning)
        let export = try store.export(
            SelectionOptions(entities: entities), decoders: BuiltInDecoders.make(), onWarning: onWarning)
        let exporter = GraphExporter(
            source: export.source, selection: try export.selection(onWarning: onWarning), changes: export.changes,
            onWarning: onWarning)
        try exporter.write(to: FileDescriptorSink.standardOutput(), format: .json(pretty: true))
        try export.finish()
    }
}
