import GraphExport
import GraphExportJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin run on one export: graphexport writes the event stream to the plugin's standard
/// input and waits for it to exit.
///
/// There is no time limit: a slow plugin and a stuck one look the same, so a stuck export is
/// ended by Ctrl-C, which kills the plugin's process group too (``PluginProcess``).
final class RunningPlugin {
    private let plugin: Plugin
    private let process: PluginProcess
    /// The write end of the plugin's standard input, open until the stream ends.
    private var input: Int32?

    /// Starts `plugin` with its standard output on `output`.
    init(_ plugin: Plugin, output: Int32) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw PluginError.cannotStart(
                name: plugin.name, path: plugin.path, reason: String(cString: strerror(errno)))
        }
        let spawned = Result {
            try PluginProcess(plugin, arguments: [], standardInput: ends[0], standardOutput: output, closing: ends[1])
        }
        close(ends[0])
        do {
            process = try spawned.get()
        } catch {
            close(ends[1])
            throw error
        }
        self.plugin = plugin
        input = ends[1]
    }

    deinit {
        if let input { close(input) }
    }

    /// Writes the events of `traversal`, ends the stream and waits for the plugin to exit. A
    /// plugin that stops reading or exits with a status other than 0 is a ``PluginError``; any
    /// other failure of the export kills the plugin and is rethrown.
    func run(_ traversal: GraphTraversal, options: [String: String]) throws {
        guard let descriptor = input else { return }
        let events = JSONEventStreamWriter(
            sink: FileDescriptorSink(descriptor: descriptor), format: plugin.name, options: options)
        do {
            try traversal.run(into: events)
        } catch is SinkError {
            process.end()
            throw PluginError.stoppedReading(name: plugin.name, path: plugin.path)
        } catch {
            process.end()
            throw error
        }
        close(descriptor)
        input = nil
        _ = process.waitForEnd()
        switch process.end() {
        case .exited(status: 0):
            return
        case .exited(let status):
            throw PluginError.failed(name: plugin.name, path: plugin.path, status: status)
        case .killed(let signal):
            throw PluginError.failed(name: plugin.name, path: plugin.path, status: 128 + signal)
        }
    }
}
