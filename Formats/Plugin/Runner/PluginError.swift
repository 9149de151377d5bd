public import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin (a format's or a decoder's) that could not do its part, or a plugin setting graphexport
/// cannot use. Each message is one line that names the plugin and its path and says what the user
/// can do; a decoder's, during an export, names the object too. A command exits with
/// ``GraphExport/ExitStatus/failure``.
public enum PluginError: ExitStatusError {
    /// `GRAPHEXPORT_PLUGIN_TIMEOUT` is not a number of seconds graphexport accepts.
    case badTimeout(value: String)
    /// The system refused to run the plugin.
    case cannotStart(Plugin, reason: String)
    /// The handshake did not end in time; the plugin was killed.
    case handshakeTimedOut(Plugin, timeout: Duration)
    /// The handshake ended with a status other than 0.
    case handshakeFailed(Plugin, termination: PluginProcess.Termination)
    /// The handshake answer is not the one line it must be; `answer` is quoted for the message.
    case badHandshake(Plugin, answer: String)
    /// The handshake names a protocol version other than 1.
    case unsupportedVersion(Plugin, version: Int)
    /// The plugin closed its input, or exited, before reading all of the event stream.
    case stoppedReading(Plugin)
    /// The plugin exited with a status other than 0, or was killed, during the export.
    case failed(Plugin, termination: PluginProcess.Termination)
    /// The handshake is JSON but not a decoder's description.
    case decoderBadHandshake(Plugin, reason: String)
    /// No answer came within the timeout; the plugin was stopped.
    case decoderTimedOut(Plugin, object: ObjectID?)
    /// The plugin exited (or closed its output) before answering.
    case decoderExited(Plugin, object: ObjectID?)
    /// The answer is not one.
    case decoderBadAnswer(Plugin, object: ObjectID?, reason: String)
    /// The plugin did not exit within the timeout once its input ended.
    case decoderDidNotExit(Plugin)

    /// A sentence naming the plugin and its path, saying what to do.
    public var description: String {
        switch self {
        case .badTimeout(let value):
            return ErrorMessage.notSeconds(
                "GRAPHEXPORT_PLUGIN_TIMEOUT", value, range: "above 0 and at most \(Plugin.maximumTimeoutSeconds)",
                examples: "5 or 0.5", unset: "5 s")
        case .cannotStart(let plugin, let reason):
            return "\(plugin.subject) cannot be started: \(reason); make it an executable file, "
                + "or remove it"
        case .handshakeTimedOut(let plugin, let timeout):
            return "\(plugin.subject) did not answer --graphexport-handshake and exit within "
                + "\(timeout.secondsText), so it was stopped; fix or remove it, or allow it longer with "
                + "GRAPHEXPORT_PLUGIN_TIMEOUT=<seconds>"
        case .handshakeFailed(let plugin, let termination):
            return "\(plugin.subject) \(Self.text(of: termination)) at --graphexport-handshake; "
                + "fix or remove it"
        case .badHandshake(let plugin, let answer):
            return "\(plugin.subject) answered --graphexport-handshake with \(answer), not one "
                + "line \(plugin.kind.handshakeForm) of printable text; fix or remove it"
        case .unsupportedVersion(let plugin, let version):
            return "\(plugin.subject) speaks protocol version \(version); this graphexport speaks "
                + "version 1: use a version of the plugin made for it"
        case .stoppedReading(let plugin):
            return "\(plugin.subject) stopped reading before the end of the export; a plugin must "
                + "read its input up to the line {\"event\":\"end\"}"
        case .failed(let plugin, let termination):
            return "\(plugin.subject) \(Self.text(of: termination)) during the export; the "
                + "export is incomplete (the plugin's own messages, if any, are above)"
        case .decoderBadHandshake(let plugin, let reason):
            return "\(plugin.subject) answered --graphexport-handshake with a description graphexport cannot use: "
                + "\(reason) (docs/PLUGINS.md); fix or remove it, or leave it out with --no-decode \(plugin.name)"
        case .decoderTimedOut(let plugin, let object):
            return
                "\(plugin.subject) did not answer for \(Self.text(of: object)) within \(plugin.timeout.secondsText), "
                + "so it was stopped; fix it, allow it longer with GRAPHEXPORT_PLUGIN_TIMEOUT=<seconds>, or leave it "
                + "out with --no-decode \(plugin.name)"
        case .decoderExited(let plugin, let object):
            return "\(plugin.subject) exited before answering for \(Self.text(of: object)); the export is incomplete "
                + "(the plugin's own messages, if any, are above)"
        case .decoderBadAnswer(let plugin, let object, let reason):
            return "\(plugin.subject) answered for \(Self.text(of: object)) with a line graphexport cannot use: "
                + "\(reason); an answer is one JSON object, {\"values\":{…}} or {\"warning\":\"…\"}"
        case .decoderDidNotExit(let plugin):
            return "\(plugin.subject) did not exit within \(plugin.timeout.secondsText) of the end of its input, "
                + "so it was stopped; a decoder must exit once its input ends"
        }
    }

    /// The error with the object whose value was being decoded, for an error of a decoder's answer.
    public func naming(_ object: ObjectID) -> PluginError {
        switch self {
        case .decoderTimedOut(let plugin, _): .decoderTimedOut(plugin, object: object)
        case .decoderExited(let plugin, _): .decoderExited(plugin, object: object)
        case .decoderBadAnswer(let plugin, _, let reason): .decoderBadAnswer(plugin, object: object, reason: reason)
        default: self
        }
    }

    /// Whether the error is one of a decoder plugin that broke the decoder protocol.
    public var isDecoderError: Bool {
        switch self {
        case .decoderBadHandshake, .decoderTimedOut, .decoderExited, .decoderBadAnswer, .decoderDidNotExit: true
        default: false
        }
    }

    /// `the value of <object>`, or `a value` when the object is not known.
    private static func text(of object: ObjectID?) -> String {
        object.map { "the value of \($0)" } ?? "a value"
    }

    private static func text(of termination: PluginProcess.Termination) -> String {
        switch termination {
        case .exited(let status):
            return "failed with exit status \(status)"
        case .killed(let signal):
            return "was killed by signal \(signal)" + (signalNames[signal].map { " (\($0))" } ?? "")
        }
    }

    /// The signals a plugin is most likely to die of, by their number on this system.
    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
    ]
}
