/// The settings a writer is made with: the ones every format understands, and the values of the
/// format's own options (``FormatOption``) by name.
public struct FormatOptions: Sendable, Hashable {
    /// Indent and break lines for people rather than write compactly for programs.
    public var pretty: Bool
    /// Values of format-specific options, by option name (`xml-style` → `elements`).
    public var values: [String: String]

    /// Creates options.
    public init(pretty: Bool = false, values: [String: String] = [:]) {
        self.pretty = pretty
        self.values = values
    }
}

/// An option that only one format understands, given on the command line as `--<name> <value>`.
public struct FormatOption: Sendable, Hashable {
    /// The option's name without dashes (`xml-style`).
    public let name: String
    /// The values it accepts, the default first.
    public let values: [String]
    /// One line for help.
    public let summary: String

    /// Creates an option; `values` must not be empty and its first element is the default.
    public init(name: String, values: [String], summary: String) {
        precondition(!values.isEmpty, "an option has at least its default value")
        self.name = name
        self.values = values
        self.summary = summary
    }

    /// The value used when the option is not given.
    public var defaultValue: String { values[0] }
}

/// What a format can carry natively, as `graphexport formats` lists it.
public struct FormatCapabilities: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates capabilities from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Keeps the tree shape: objects nest inside their owners.
    public static let nesting = FormatCapabilities(rawValue: 1 << 0)
    /// Has a native type for bytes (not base64 text in a string).
    public static let binary = FormatCapabilities(rawValue: 1 << 1)
    /// Has a native null.
    public static let nulls = FormatCapabilities(rawValue: 1 << 2)
    /// Writes each event as it comes; output starts before the export ends.
    public static let streaming = FormatCapabilities(rawValue: 1 << 3)

    /// The names of the capabilities present, for listings (`nesting, nulls, streaming`).
    public var names: [String] {
        [(Self.nesting, "nesting"), (.binary, "binary"), (.nulls, "nulls"), (.streaming, "streaming")]
            .filter { contains($0.0) }.map(\.1)
    }
}

/// A built-in output format as the registry holds it and `--help` lists it.
public struct FormatDescriptor: Sendable {
    /// The name `--format` takes (`json`).
    public let name: String
    /// The file extension that names this format in `-o` (`json`).
    public let fileExtension: String
    /// Other names and file extensions for the format (`yml` for YAML).
    public let aliases: [String]
    /// What the format carries natively.
    public let capabilities: FormatCapabilities
    /// The media type of the output (`application/json`).
    public let mediaType: String
    /// One line for `graphexport formats`.
    public let summary: String
    /// The options only this format understands.
    public let options: [FormatOption]
    /// Makes a writer that writes to `sink`, reporting warnings to the handler.
    public let makeWriter: @Sendable (any ByteSink, FormatOptions, @escaping WarningHandler) -> any GraphWriter

    /// Creates a descriptor.
    public init(
        name: String,
        fileExtension: String,
        aliases: [String] = [],
        mediaType: String,
        summary: String,
        capabilities: FormatCapabilities = [],
        options: [FormatOption] = [],
        makeWriter: @escaping @Sendable (any ByteSink, FormatOptions, @escaping WarningHandler) -> any GraphWriter
    ) {
        self.name = name
        self.fileExtension = fileExtension
        self.aliases = aliases
        self.capabilities = capabilities
        self.mediaType = mediaType
        self.summary = summary
        self.options = options
        self.makeWriter = makeWriter
    }
}

/// The formats a program offers, in the order it lists them.
public struct FormatRegistry: Sendable {
    /// Every registered format.
    public let formats: [FormatDescriptor]

    /// Creates a registry of `formats`.
    public init(_ formats: [FormatDescriptor]) {
        self.formats = formats
    }

    /// The format with this name, if registered.
    public func format(named name: String) -> FormatDescriptor? {
        formats.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The format whose file extension ends `path`, if any (`out.json` → json).
    public func format(forPath path: String) -> FormatDescriptor? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let fileExtension = path[path.index(after: dot)...].lowercased()
        return formats.first { $0.fileExtension == fileExtension || $0.aliases.contains(fileExtension) }
    }

    /// The format-specific option with this name, and the format it belongs to.
    public func option(named name: String) -> (format: FormatDescriptor, option: FormatOption)? {
        for format in formats {
            if let option = format.options.first(where: { $0.name == name }) { return (format, option) }
        }
        return nil
    }

    /// The names of all formats, comma-separated, for help and error texts (`json, xml, yaml`).
    public var names: String {
        formats.map(\.name).joined(separator: ", ")
    }
}
