import GraphExport
import GraphExportStore

extension Command {
    /// `graphexport inspect`: opens the store as an export would, and prints what it sees there
    /// and the warnings met opening it, as text or JSON, on standard output; without the
    /// properties `--exclude-attribute` and `--attributes` leave out. A store that cannot be
    /// opened fails with the same error an export gives.
    func inspect(_ request: InspectRequest) throws {
        var warnings: [Warning] = []
        let source = try openSource(request.source, onWarning: { warnings.append($0) })
        let description = try source.storeDescription().keeping(try request.source.keepingProperties(of: source).model)
        let output: [UInt8] =
            switch request.format {
            case .text: Array(InspectText.render(description, warnings: warnings).utf8)
            case .json: InspectJSON.render(description, warnings: warnings)
            }
        try output.withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
    }
}
