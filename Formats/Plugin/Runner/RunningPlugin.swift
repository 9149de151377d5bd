import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin run on one export: graphexport writes the event stream to the plugin's standard
/// input and waits for it to exit.
///
/// The standard input is a Unix stream socket rather than a pipe: graphexport can end the stream
/// with `shutdown` and still learn afterwards whether the plugin read all of it (Linux resets the
/// connection of a socket closed with data still queued for it). There is no time limit: a slow
/// plugin and a stuck one look the same, so a stuck export is ended by Ctrl-C, which kills the
/// plugin's process group too (``PluginProcess``).
final class RunningPlugin {
    private let plugin: Plugin
    private let process: PluginProcess
    /// graphexport's end of the socket.
    private let input: Int32

    /// Starts `plugin` with its standard output on `output`.
    init(_ plugin: Plugin, output: Int32) throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Self.streamSocket, 0, &ends) == 0 else {
            throw PluginError.cannotStart(plugin, reason: String(cString: strerror(errno)))
        }
        let spawned = Result {
            try PluginProcess(plugin, arguments: [], standardInput: ends[1], standardOutput: output, closing: ends[0])
        }
        close(ends[1])
        do {
            process = try spawned.get()
        } catch {
            close(ends[0])
            throw error
        }
        self.plugin = plugin
        input = ends[0]
    }

    deinit {
        close(input)
    }

    /// Writes the events of `traversal`, ends the stream and waits for the plugin to exit. A
    /// plugin that stops reading, exits with a status other than 0 or is killed is a
    /// ``PluginError``; any other failure of the export kills the plugin and is rethrown. The
    /// writer of the stream is given to `wrap`, and the traversal writes to the one it returns,
    /// telling `onProgress` the objects written.
    func run(
        _ traversal: GraphTraversal, options: [String: String], wrapping wrap: (any GraphWriter) -> any GraphWriter,
        onProgress: GraphTraversal.ProgressHandler? = nil
    ) throws {
        let events = PluginEventStreamWriter(
            sink: FileDescriptorSink(descriptor: input), format: plugin.name, options: options)
        do {
            try traversal.run(into: wrap(events), onProgress: onProgress)
        } catch OutputError.brokenPipe, OutputError.writeFailed {
            throw stoppedReading()
        } catch {
            process.end()
            throw error
        }
        shutdown(input, Int32(SHUT_WR))
        _ = process.waitForEnd()
        let termination = process.end()
        guard termination == .exited(status: 0) else {
            throw PluginError.failed(plugin, termination: termination)
        }
        if leftInputUnread() { throw PluginError.stoppedReading(plugin) }
    }

    /// The error for a plugin that closed its input before the end: its failure when it exits
    /// with one within its timeout (it usually closed its input by exiting), else that it
    /// stopped reading.
    private func stoppedReading() -> PluginError {
        let exited = process.waitForEnd(until: ContinuousClock.now + plugin.timeout)
        let termination = process.end()
        if exited && termination != .exited(status: 0) {
            return PluginError.failed(plugin, termination: termination)
        }
        return PluginError.stoppedReading(plugin)
    }

    /// Whether the plugin, now ended, closed its input with part of the stream still unread.
    private func leftInputUnread() -> Bool {
        var byte: UInt8 = 0
        return recv(input, &byte, 1, Self.dontWait) < 0 && errno == ECONNRESET
    }

    #if canImport(Glibc)
        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
        private static let dontWait = Int32(MSG_DONTWAIT)
    #else
        private static let streamSocket = SOCK_STREAM
        private static let dontWait = MSG_DONTWAIT
    #endif
}
