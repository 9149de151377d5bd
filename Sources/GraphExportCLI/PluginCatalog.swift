#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds format plugins: executables named `graphexport-format-<name>` in the folders of
/// `GRAPHEXPORT_PLUGIN_PATH`, then of `PATH`; the first of a name wins. Each gets the handshake
/// timeout `GRAPHEXPORT_PLUGIN_TIMEOUT` sets, in seconds (``Plugin/defaultTimeout`` if unset).
struct PluginCatalog {
    let plugins: [Plugin]
    /// The folders looked in, in order, for messages that say where a plugin was looked for.
    let folders: [String]

    init(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws {
        let timeout = try environment("GRAPHEXPORT_PLUGIN_TIMEOUT").map(Self.timeout(from:)) ?? Plugin.defaultTimeout
        let folders = [environment("GRAPHEXPORT_PLUGIN_PATH"), environment("PATH")]
            .compactMap { $0 }.flatMap { $0.split(separator: ":").map(String.init) }.filter { !$0.isEmpty }
        self.folders = folders
        var found: [Plugin] = []
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
            for name in names.sorted() where name.hasPrefix(Plugin.prefix) && name.count > Plugin.prefix.count {
                let format = String(name.dropFirst(Plugin.prefix.count))
                let path = folder + "/" + name
                guard !found.contains(where: { $0.name == format }), access(path, X_OK) == 0 else { continue }
                found.append(Plugin(name: format, path: path, timeout: timeout))
            }
        }
        plugins = found
    }

    func plugin(named name: String) -> Plugin? {
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
