public import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two kinds of external plugin (`docs/PLUGINS.md`): formats and value decoders.
public enum PluginKind {
    /// `graphexport-format-<name>`: reads the event stream, writes the output.
    case format
    /// `graphexport-decoder-<name>`: turns stored values into attributes (``DecoderPlugin``).
    case decoder

    /// The file name prefix that makes an executable a plugin of this kind.
    public var prefix: String {
        switch self {
        case .format: "graphexport-format-"
        case .decoder: "graphexport-decoder-"
        }
    }

    /// What the kind is called in messages.
    public var noun: String {
        switch self {
        case .format: "format plugin"
        case .decoder: "decoder plugin"
        }
    }

    /// The answer the handshake must be, for messages.
    public var handshakeForm: String {
        switch self {
        case .format: "'graphexport-events <version> <extension> <summary>'"
        case .decoder: "'{\"protocol\":\"graphexport-decoder\",\"version\":1,…}'"
        }
    }
}

/// An external plugin: an executable `graphexport-format-<name>` or `graphexport-decoder-<name>`
/// (`docs/PLUGINS.md`).
public struct Plugin {
    /// The file name prefix that makes an executable a format plugin.
    public static let prefix = PluginKind.format.prefix
    /// How long a handshake may take unless `GRAPHEXPORT_PLUGIN_TIMEOUT` says otherwise.
    public static let defaultTimeout = Duration.seconds(5)
    /// The most seconds `GRAPHEXPORT_PLUGIN_TIMEOUT` may say.
    public static let maximumTimeoutSeconds = 86_400
    /// The longest handshake answer read; a longer one is a bad handshake.
    private static let answerLimit = 4096

    /// The format's or decoder's name (`csv` for `graphexport-format-csv`).
    public let name: String
    /// The executable's path.
    public let path: String
    /// A format's or a decoder's.
    public var kind = PluginKind.format
    /// How long the handshake may take, and how long a plugin that stopped reading its input
    /// has to exit before it is killed.
    public var timeout = Plugin.defaultTimeout

    /// The plugin of kind `kind` named `name` (`csv`) whose executable is `path`, given `timeout`
    /// for its handshake; ``PluginCatalog`` finds them by their file names.
    public init(name: String, path: String, kind: PluginKind = .format, timeout: Duration = Plugin.defaultTimeout) {
        self.name = name
        self.path = path
        self.kind = kind
        self.timeout = timeout
    }

    /// What a plugin says of itself when run with `--graphexport-handshake`.
    public struct Description {
        public let protocolVersion: Int
        public let fileExtension: String
        public let summary: String
    }

    /// `format plugin 'csv' (/usr/local/bin/graphexport-format-csv)`, for messages.
    public var subject: String {
        "\(kind.noun) '\(name)' (\(path))"
    }

    /// Runs the plugin with `--graphexport-handshake` and reads its one-line answer,
    /// `graphexport-events <version> <extension> <summary>`. A plugin that has not answered and
    /// exited within ``timeout`` is killed, with everything it started.
    public func describe() throws -> Description {
        let line = try handshake()
        let words = String(decoding: line, as: UTF8.self).split(separator: " ", maxSplits: 3).map(String.init)
        guard words.count >= 3, words[0] == "graphexport-events", let version = Int(words[1]) else {
            throw PluginError.badHandshake(self, answer: Self.quoted(line))
        }
        guard version == 1 else { throw PluginError.unsupportedVersion(self, version: version) }
        return Description(protocolVersion: version, fileExtension: words[2], summary: words.count > 3 ? words[3] : "")
    }

    /// Runs the plugin with `--graphexport-handshake` and returns the first line of its answer:
    /// printable UTF-8 (no control characters), at most ``answerLimit`` bytes, given by a plugin
    /// that exited with status 0 within ``timeout``; a plugin that has not answered and exited by
    /// then is killed, with everything it started.
    public func handshake() throws -> [UInt8] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw PluginError.cannotStart(self, reason: String(cString: strerror(errno)))
        }
        defer { close(ends[0]) }
        let spawned = Result {
            try PluginProcess(
                self, arguments: ["--graphexport-handshake"], standardInput: nil, standardOutput: ends[1],
                closing: ends[0])
        }
        close(ends[1])
        let process = try spawned.get()
        let deadline = ContinuousClock.now + timeout
        let answer = Self.readAnswer(from: ends[0], until: deadline)
        let answered = answer != nil && process.waitForEnd(until: deadline)
        let termination = process.end()
        guard answered, let answer else {
            throw PluginError.handshakeTimedOut(self, timeout: timeout)
        }
        guard termination == .exited(status: 0) else {
            throw PluginError.handshakeFailed(self, termination: termination)
        }
        let line = Array(answer.prefix { $0 != UInt8(ascii: "\n") })
        guard let text = String(validating: line, as: UTF8.self), text.unicodeScalars.allSatisfy(Self.isPlain) else {
            throw PluginError.badHandshake(self, answer: Self.quoted(line))
        }
        return Array(text.utf8)
    }

    /// Runs the plugin on the event stream of `traversal`, with its standard output on `output`,
    /// and waits for it to exit (``RunningPlugin``). The stream's writer is given to `wrap`, which
    /// may return another that passes the events on to it; `onProgress` is told the objects
    /// written (``GraphTraversal/ProgressHandler``).
    public func export(
        _ traversal: GraphTraversal, to output: Int32, options: [String: String],
        wrapping wrap: (any GraphWriter) -> any GraphWriter = { $0 }, onProgress: GraphTraversal.ProgressHandler? = nil
    ) throws {
        try RunningPlugin(self, output: output).run(
            traversal, options: options, wrapping: wrap, onProgress: onProgress)
    }

    /// Reads up to the first newline, the end of the output or ``answerLimit`` bytes; `nil` when
    /// `deadline` passes first.
    private static func readAnswer(from descriptor: Int32, until deadline: ContinuousClock.Instant) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while bytes.count < answerLimit && !bytes.contains(UInt8(ascii: "\n")) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            guard poll(&poller, 1, Int32(clamping: milliseconds + 1)) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Whether `scalar` prints as itself on one line: no control, format or separator
    /// characters, nothing unassigned.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// `bytes` quoted for a one-line message, as a message repeats a value
    /// (``TerminalText/echoed(_:)``: cut, what a terminal acts on shown as its code), invalid
    /// UTF-8 as U+FFFD; `nothing` for no bytes.
    public static func quoted(_ bytes: some Collection<UInt8>) -> String {
        guard !bytes.isEmpty else { return "nothing" }
        return "\"" + TerminalText.echoed(String(decoding: bytes, as: UTF8.self)) + "\""
    }
}
