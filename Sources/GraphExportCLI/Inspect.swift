import GraphExport
import GraphExportStore

extension Command {
    /// `graphexport inspect`: opens the store as an export would, and prints what it sees there
    /// and the warnings met opening it, as text or JSON, on standard output. A store that cannot be
    /// opened fails with the same error an export gives; `--nest` and `--no-nest` are resolved as
    /// an export resolves them, and the nesting shown is theirs.
    func inspect(_ request: InspectRequest) throws {
        var warnings: [Warning] = []
        let source = try openSource(request.source, onWarning: { warnings.append($0) })
        try Applicability(command: .inspect, store: request.source.storeFound(source)).check(
            request.source, table: OptionTable(formats: formats))
        var description = try source.storeDescription()
        let adjustment = request.source.modelAdjustment(for: source)
        if !adjustment.isEmpty {
            do {
                description = description.nesting(of: try AdjustedSource(source, adjustment: adjustment).model)
            } catch let error as SelectionError {
                throw UsageError(message: error.description, command: .inspect)
            }
        }
        let output: [UInt8] =
            switch request.format {
            case .text: Array(InspectText.render(description, warnings: warnings).utf8)
            case .json: InspectJSON.render(description, warnings: warnings)
            }
        try output.withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
    }
}
