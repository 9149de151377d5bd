#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds plugins: executables named `graphexport-format-<name>` (formats) and
/// `graphexport-decoder-<name>` (value decoders) in the folders of `GRAPHEXPORT_PLUGIN_PATH`,
/// then of `PATH`; the first of a kind and name wins. Each gets the timeout
/// `GRAPHEXPORT_PLUGIN_TIMEOUT` sets, in seconds (``Plugin/defaultTimeout`` if unset).
public struct PluginCatalog {
    /// The format plugins.
    public let plugins: [Plugin]
    /// The decoder plugins.
    public let decoders: [Plugin]
    /// The folders looked in, in order, for messages that say where a plugin was looked for.
    public let folders: [String]

    /// The plugins of the folders `environment` names. With `forDecoders`, for the decoders of an
    /// export (which looks for them whatever its format): a `GRAPHEXPORT_PLUGIN_TIMEOUT` that is
    /// no timeout is an error only when there is a decoder plugin, so that it never stops an
    /// export that runs no plugin.
    public init(forDecoders: Bool = false, environment: (String) -> String? = PluginCatalog.processEnvironment)
        throws
    {
        let setting = Result { try environment("GRAPHEXPORT_PLUGIN_TIMEOUT").map(Self.timeout(from:)) }
        let timeout = (try? setting.get()).flatMap { $0 } ?? Plugin.defaultTimeout
        let folders = [environment("GRAPHEXPORT_PLUGIN_PATH"), environment("PATH")]
            .compactMap { $0 }.flatMap { $0.split(separator: ":").map(String.init) }.filter { !$0.isEmpty }
        self.folders = folders
        var found: [Plugin] = []
        var decoders: [Plugin] = []
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                names.append(name)
            }
            for name in names.sorted() {
                for kind in [PluginKind.format, .decoder] where name.hasPrefix(kind.prefix) {
                    let pluginName = String(name.dropFirst(kind.prefix.count))
                    let path = folder + "/" + name
                    let known = kind == .format ? found : decoders
                    guard !pluginName.isEmpty, !known.contains(where: { $0.name == pluginName }),
                        access(path, X_OK) == 0
                    else { continue }
                    let plugin = Plugin(name: pluginName, path: path, kind: kind, timeout: timeout)
                    if kind == .format { found.append(plugin) } else { decoders.append(plugin) }
                }
            }
        }
        if !forDecoders || !decoders.isEmpty { _ = try setting.get() }
        plugins = found
        self.decoders = decoders
    }

    /// The value of the environment variable `name` of this process, if set.
    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The format plugin named `name` (`csv`), if one was found.
    public func plugin(named name: String) -> Plugin? {
        plugins.first { $0.name == name }
    }

    /// `text` as a timeout: a number of seconds above 0 and at most ``Plugin/maximumTimeoutSeconds``.
    private static func timeout(from text: String) throws -> Duration {
        guard let seconds = Double(text), seconds > 0, seconds <= Double(Plugin.maximumTimeoutSeconds) else {
            throw PluginError.badTimeout(value: text)
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
