import GraphExport
import GraphExportPlugin

/// The format an export is written in, chosen from `--format`, `-o`'s extension and the plugins
/// found.
struct FormatChoice {
    /// The built-in formats.
    let formats: FormatRegistry

    /// The format `--format` names, else the one `-o`'s extension names (before a `.gz`), else
    /// JSON. Plugins are looked for only when no built-in format is meant, so a plugin setting
    /// (such as a bad `GRAPHEXPORT_PLUGIN_TIMEOUT`) never stops an export in a built-in format.
    /// An `-o` whose extension names another built-in format than `--format` is a warning (YAML
    /// into `out.json`); one that names none is JSON, with a warning (`out.txt`), or with a note
    /// when only `.gz` ends it (`out.gz`).
    func choose(for request: ExportRequest, warnings: WarningPrinter) throws -> ChosenFormat {
        let output = request.output.map(OutputDestination.withoutGzipSuffix)
        if let name = request.format {
            let chosen = try namedFormat(name)
            if let path = request.output, let output, let named = formats.format(forPath: output),
                chosen.facts.ownOptions != named.name
            {
                warnings.report(
                    Warning(
                        "-o \(path): '.\(FormatRegistry.fileExtension(of: output) ?? "")' names the \(named.name) format, "
                            + "but the output is in \(chosen.phrase), as --format \(name) asks"))
            }
            return chosen
        }
        let json = ChosenFormat.builtIn(formats.formats[0])
        guard let path = request.output, let output else { return json }
        if let format = formats.format(forPath: output) { return .builtIn(format) }
        guard let fileExtension = FormatRegistry.fileExtension(of: output) else {
            if OutputDestination.isGzip(path) {
                warnings.note(
                    "-o \(path): no extension before .gz names a format, so the output is gzip-compressed "
                        + "\(formats.formats[0].name); add --format to choose another")
            }
            return json
        }
        let plugins = try PluginCatalog()
        if let plugin = plugins.plugins.first(where: { (try? $0.describe().fileExtension) == fileExtension }) {
            return .plugin(plugin)
        }
        warnings.report(
            Warning(
                "-o \(path): '.\(fileExtension)' names no format, so the output is "
                    + "\(formats.formats[0].name); add --format to choose another"))
        return json
    }

    /// The built-in format or the plugin `name` names (`--format`).
    private func namedFormat(_ name: String) throws -> ChosenFormat {
        if let format = formats.format(named: name) { return .builtIn(format) }
        let plugins = try PluginCatalog()
        if let plugin = plugins.plugin(named: name) { return .plugin(plugin) }
        let values = (formats.formats.map(\.name) + plugins.plugins.map(\.name)).joined(separator: ", ")
        let folders = plugins.folders.isEmpty ? "none: both are empty" : plugins.folders.joined(separator: ", ")
        throw UsageError(
            message:
                "unknown format '\(TerminalText.echoed(name))' (values: \(values)); a plugin for it would be an executable "
                + "\(Plugin.prefix)\(TerminalText.echoed(name)) in a folder of GRAPHEXPORT_PLUGIN_PATH or PATH (looked in: \(folders))"
        )
    }
}
