import GraphExport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin's standard error, forwarded to graphexport's line by line, each line a note naming
/// the plugin: `graphexport: note: format plugin 'csv': <the line>` (`decoder plugin` for a value
/// decoder), so that every line on
/// standard error keeps graphexport's prefixes. graphexport cannot tell a plugin's explanation
/// of a failure from its chatter, so every line is a note, printed also with `--quiet`; a failure
/// is graphexport's own error line after them.
///
/// A thread of its own reads the pipe while the export runs, so a plugin that writes much to its
/// standard error never blocks. When the plugin has ended, ``finish()`` forwards what is still in
/// the pipe and stops; what a process the plugin left behind writes later is not read.
final class PluginErrorLines {
    /// The end the plugin writes to, as its descriptor 2.
    let writeEnd: Int32
    private let reader: Reader
    private var thread: pthread_t?

    /// A pipe for the standard error of `plugin`, read from now on.
    init(plugin: Plugin) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw PluginError.cannotStart(plugin, reason: String(cString: strerror(errno)))
        }
        // Neither end leaks into the plugin but as its descriptor 2 (dup2 clears the flag there).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        writeEnd = ends[1]
        reader = Reader(descriptor: ends[0], prefix: "\(plugin.kind.noun) '\(plugin.name)': ")
        var started = pthread_t()
        let context = Unmanaged.passRetained(reader).toOpaque()
        guard
            pthread_create(
                &started, nil,
                { context in
                    Unmanaged<Reader>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context) == 0
        else {
            Unmanaged<Reader>.fromOpaque(context).release()
            close(ends[0])
            close(ends[1])
            throw PluginError.cannotStart(plugin, reason: "cannot start a thread to read its errors")
        }
        thread = started
    }

    deinit {
        finish()
    }

    /// Closes graphexport's copy of the end the plugin writes to, once the plugin has its own.
    func closeWriteEnd() {
        close(writeEnd)
    }

    /// Forwards what the plugin wrote and is still in the pipe, then stops reading. For a plugin
    /// that has ended; does nothing the second time.
    func finish() {
        guard let thread else { return }
        self.thread = nil
        reader.stopping.store(true, ordering: .releasing)
        pthread_join(thread, nil)
        close(reader.descriptor)
    }

    /// The loop of the reading thread.
    private final class Reader: Sendable {
        let descriptor: Int32
        let prefix: String
        /// Set when the plugin has ended: the reader stops once the pipe is empty.
        let stopping = Atomic<Bool>(false)
        /// The longest line forwarded whole; a longer one is forwarded in pieces of this size.
        private static let longestLine = 16_384
        /// How long the reader waits for more once the plugin has ended.
        private static let drainTime: Duration = .seconds(1)

        init(descriptor: Int32, prefix: String) {
            self.descriptor = descriptor
            self.prefix = prefix
        }

        func run() {
            var pending = LineBuffer()
            var chunk = [UInt8](repeating: 0, count: 4096)
            var stopBy: ContinuousClock.Instant?
            while stopBy.map({ ContinuousClock.now < $0 }) ?? true {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 50)
                if stopBy == nil && stopping.load(ordering: .acquiring) { stopBy = .now + Self.drainTime }
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 { break }
                if ready == 0 {
                    if stopBy != nil { break }
                    continue
                }
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                pending.append(chunk[..<count])
                while let line = pending.nextLine() { forward(line) }
                if pending.unfinishedCount >= Self.longestLine { forward(pending.takeUnfinished()) }
            }
            let rest = pending.takeUnfinished()
            if !rest.isEmpty { forward(rest) }
        }

        /// Writes one line of the plugin as a note, what a terminal would act on in it shown as
        /// its code (a plugin's colours too); on a terminal, from the start of the line, over a
        /// progress line that may be shown there (it is drawn again at its next update).
        private func forward(_ line: [UInt8]) {
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            var note = (isatty(2) != 0 ? "\r\u{1B}[K" : "") + MessageKind.note.line(prefix + text)
            note.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        }
    }
}
