import GraphExport
import GraphExportDecoders

/// The value decoders an export or a schema reads the store through: the built-in ones and the
/// external decoder plugins found, less those `--no-decode` names; none with
/// `--raw-transformable`, the switch for values as they are stored (docs/PLUGINS.md, *Value
/// decoders*).
final class DecoderChoice {
    /// The decoders in use, in the order `graphexport formats` lists them.
    let decoders: [any AttributeDecoder]
    private let onWarning: WarningHandler
    private var sources: [DecodingSource] = []

    /// The decoders `request` asks for; a `--no-decode` name that is no decoder's is a usage error.
    init(_ request: ExportRequest, onWarning: @escaping WarningHandler) throws {
        self.onWarning = onWarning
        let all = try Self.available()
        for name in request.noDecode where !all.contains(where: { $0.name == name }) {
            let names = all.map(\.name).joined(separator: ", ")
            throw UsageError(message: "'--no-decode \(name)': no decoder is named '\(name)' (decoders: \(names))")
        }
        decoders = request.rawTransformables ? [] : all.filter { !request.noDecode.contains($0.name) }
    }

    /// Every decoder of this build and of the plugin folders, in the order `graphexport formats`
    /// lists them: the built-in ones first; a plugin named like a built-in decoder is left out.
    static func available() throws -> [any AttributeDecoder] {
        let builtIn = BuiltInDecoders.make()
        return builtIn
    }

    /// Where a decoder comes from, for `graphexport formats`: `built-in decoder`.
    static func origin(of decoder: any AttributeDecoder) -> String {
        "built-in decoder"
    }

    /// `source` read through the decoders, or `source` itself when there are none.
    func source(over source: any GraphSource) throws -> any GraphSource {
        guard !decoders.isEmpty else { return source }
        let decoding = try DecodingSource(source, decoders: decoders, onWarning: onWarning)
        guard !decoding.usedDecoders.isEmpty else { return source }
        sources.append(decoding)
        return decoding
    }

    /// Tells the decoders used that the export has ended.
    func finish() throws {
        for source in sources { try source.finish() }
    }
}
