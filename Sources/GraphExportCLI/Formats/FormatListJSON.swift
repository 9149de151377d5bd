import GraphExport
import GraphExportJSONText
import GraphExportPlugin

/// The JSON object `graphexport formats --format json` prints, described in `docs/PLUGINS.md`.
///
/// Its keys are stable: `formatsVersion` (1) changes only if a key changes meaning or goes away;
/// new keys may be added. Every key of a format is always present, `null` (or empty) when it has
/// no value for that format.
enum FormatListJSON {
    /// The version of the object's layout.
    static let version: Int64 = 1

    /// The object's text, indented, with a newline at the end: the built-in formats in the order
    /// help lists them, then the plugins in the order they are found, each plugin asked for its
    /// handshake; then the value decoders, as ``DecoderListing/all()`` lists them.
    static func render(_ formats: FormatRegistry, plugins: [Plugin], decoders: [DecoderListing]) -> [UInt8] {
        JSONNode.object([
            ("formatsVersion", .integer(version)),
            ("formats", .array(formats.formats.map(builtIn) + plugins.map(plugin))),
            ("decoders", .array(decoders.map(decoder))),
        ]).text
    }

    private static func decoder(_ decoder: DecoderListing) -> JSONNode {
        .object([
            ("name", .string(decoder.name)),
            ("origin", .string(decoder.path == nil ? "built-in" : "plugin")),
            ("summary", .string(decoder.summary)),
            ("decodes", .strings(decoder.claims)),
            ("path", .string(decoder.path)),
            ("error", .string(decoder.error)),
        ])
    }

    private static func builtIn(_ format: ExportFormat) -> JSONNode {
        .object([
            ("name", .string(format.name)),
            ("origin", .string("built-in")),
            ("aliases", .strings(format.aliases)),
            ("extensions", .strings(format.fileExtensions)),
            ("summary", .string(format.summary)),
            (
                "options",
                .array(
                    format.options.map { option in
                        .object([
                            ("name", .string(option.name)), ("values", .strings(option.values)),
                            ("default", .string(option.defaultValue)), ("summary", .string(option.summary)),
                        ])
                    })
            ),
            ("capabilities", .strings(format.capabilities.names)),
            ("path", .null),
            ("protocolVersion", .null),
            ("error", .null),
        ])
    }

    private static func plugin(_ plugin: Plugin) -> JSONNode {
        var described: Plugin.Description?
        var failure: String?
        do { described = try plugin.describe() } catch { failure = "\(error)" }
        return .object([
            ("name", .string(plugin.name)),
            ("origin", .string("plugin")),
            ("aliases", .array([])),
            ("extensions", .strings(described.map { [$0.fileExtension] } ?? [])),
            ("summary", .string(described?.summary)),
            ("options", .array([])),
            ("capabilities", .array([])),
            ("path", .string(plugin.path)),
            ("protocolVersion", described.map { .integer(Int64($0.protocolVersion)) } ?? .null),
            ("error", .string(failure)),
        ])
    }
}
