#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin (a format's or a decoder's) that could not do its part, or a plugin setting graphexport
/// cannot use. Each message is one line that names the plugin and its path and says what the user
/// can do.
enum PluginError: Error, CustomStringConvertible {
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
    case unsupportedVersion(Plugin, version: Int)
    /// The plugin closed its input, or exited, before reading all of the event stream.
    case stoppedReading(Plugin)
    /// The plugin exited with a status other than 0, or was killed, during the export.
    case failed(Plugin, termination: PluginProcess.Termination)

    var description: String {
        switch self {
        case .badTimeout(let value):
            return "GRAPHEXPORT_PLUGIN_TIMEOUT is '\(value)', not a number of seconds above 0 and at most "
                + "\(Plugin.maximumTimeoutSeconds); set it to one (such as 5 or 0.5), or unset it for 5 s"
        case .cannotStart(let plugin, let reason):
            return "\(plugin.subject) cannot be started: \(reason); make it an executable file, "
                + "or remove it"
        case .handshakeTimedOut(let plugin, let timeout):
            return "\(plugin.subject) did not answer --graphexport-handshake and exit within "
                + "\(Self.text(of: timeout)), so it was stopped; fix or remove it, or allow it longer with "
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
        }
    }

    /// `5 s`, `0.5 s`.
    private static func text(of duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0 ? "\(seconds) s" : "\(Double(seconds) + Double(attoseconds) / 1e18) s"
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
