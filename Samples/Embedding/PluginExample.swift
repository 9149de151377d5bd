import GraphExport
import GraphExportPlugin

/// The scrapbook written by an external format plugin (`docs/PLUGINS.md`), run as graphexport runs
/// one: found by its name in the folders of `GRAPHEXPORT_PLUGIN_PATH`, then of `PATH`
/// (``GraphExportPlugin/PluginCatalog``), asked its handshake, then fed the export's event stream
/// on its standard input; what it writes is this program's standard output.
enum PluginExample {
    /// No format plugin of that name was found.
    struct NotFound: Error, CustomStringConvertible {
        /// The name asked for (`csv`).
        let name: String

        var description: String {
            "no format plugin graphexport-format-\(name) in GRAPHEXPORT_PLUGIN_PATH or PATH"
        }
    }

    /// Writes `graph` to standard output through the format plugin `name` (`csv`).
    static func export(_ graph: any GraphSource, plugin name: String) throws {
        guard let plugin = try PluginCatalog().plugin(named: name) else { throw NotFound(name: name) }
        _ = try plugin.describe()
        try plugin.export(GraphTraversal(source: graph, shape: .tree), to: 1, options: [:])
    }
}
