import GraphExport
import GraphExportPlugin

/// `graphexport formats`: lists the output formats, built in and plugins, and the value decoders,
/// as text or as one JSON object (`--format json`).
struct FormatsCommand: RunnableCommand {
    let listing: ReportFormat
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        let plugins = try PluginCatalog().plugins
        let decoders = try DecoderListing.all()
        switch listing {
        case .text:
            print(HelpText.formatList(formats, plugins: plugins, decoders: decoders), terminator: "")
        case .json:
            try FormatListJSON.render(formats, plugins: plugins, decoders: decoders).withUnsafeBytes {
                try FileDescriptorSink.standardOutput().write($0)
            }
        }
        return 0
    }
}
