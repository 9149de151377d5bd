import GraphExport
import GraphExportStore

/// `graphexport inspect`: opens the store as an export would, and prints what it sees there
/// (the attributes value decoders add too) and the warnings met opening it, as text or JSON,
/// on standard output; without the properties `--exclude-attribute` and `--attributes` leave
/// out. A store that cannot be opened fails with the same error an export gives; `--nest` and `--no-nest` are resolved as
/// an export resolves them, and the nesting shown is theirs.
struct InspectCommand: RunnableCommand {
    let request: InspectRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        var warnings: [Warning] = []
        let decoders = try DecoderChoice(request.source)
        let store = try request.source.openStore(
            table: OptionTable(formats: formats), decoders: decoders, onWarning: { warnings.append($0) })
        try Applicability(command: .inspect, store: request.source.storeFound(store)).check(
            request.source, table: OptionTable(formats: formats))
        let export = try store.export(
            request.source.selectionOptions, decoders: decoders.decoders, onWarning: { warnings.append($0) })
        defer { try? export.finish() }
        let description = try export.describe()
        let (coreData, plainSQLite) = (store.coreDataDescription, store.plainSQLiteDescription)
        let output: [UInt8] =
            switch request.format {
            case .text:
                Array(
                    InspectText.render(description, coreData: coreData, plainSQLite: plainSQLite, warnings: warnings)
                        .utf8)
            case .json:
                InspectJSON.render(description, coreData: coreData, plainSQLite: plainSQLite, warnings: warnings)
            }
        try output.withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
        return 0
    }
}
