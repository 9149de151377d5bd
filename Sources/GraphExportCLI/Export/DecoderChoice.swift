import GraphExport
import GraphExportDecoders
import GraphExportPlugin

/// The value decoders an export, `inspect` or `schema` reads the store through: the built-in ones and the
/// external decoder plugins found, less those `--no-decode` names; none with
/// `--raw-values`, the switch for values as they are stored (docs/PLUGINS.md, *Value
/// decoders*).
struct DecoderChoice {
    /// The decoders in use, in the order `graphexport formats` lists them.
    let decoders: [any AttributeDecoder]

    /// The decoders `request` asks for: the built-in ones and the decoder plugins found, less
    /// those `--no-decode` names (which are not run at all); a `--no-decode` name that is no
    /// decoder's is a usage error, a plugin whose handshake fails an error.
    init(_ request: ExportRequest) throws {
        let builtIn = BuiltInDecoders.make()
        let plugins = try Self.plugins(besides: builtIn)
        let names = builtIn.map(\.name) + plugins.map(\.name)
        for name in request.noDecode where !names.contains(name) {
            throw UsageError(
                message:
                    "'--no-decode \(TerminalText.echoed(name))': no decoder is named '\(TerminalText.echoed(name))' (decoders: "
                    + "\(names.joined(separator: ", ")))")
        }
        guard !request.rawValues else {
            decoders = []
            return
        }
        decoders =
            builtIn.filter { !request.noDecode.contains($0.name) }
            + (try plugins.filter { !request.noDecode.contains($0.name) }.map(DecoderPlugin.init))
    }

    /// The decoder plugins found, less those named like a built-in decoder.
    static func plugins(besides builtIn: [any AttributeDecoder]) throws -> [Plugin] {
        try PluginCatalog(forDecoders: true).decoders.filter { plugin in !builtIn.contains { $0.name == plugin.name } }
    }
}
