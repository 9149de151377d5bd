/// Settings every format understands; a format ignores what does not apply to it.
public struct FormatOptions: Sendable, Hashable {
    /// Indent and break lines for people rather than write compactly for programs.
    public var pretty: Bool

    /// Creates options.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }
}

/// A built-in output format as the registry holds it and `--help` lists it.
public struct FormatDescriptor: Sendable {
    /// The name `--format` takes (`json`).
    public let name: String
    /// The file extension that names this format in `-o` (`json`).
    public let fileExtension: String
    /// The media type of the output (`application/json`).
    public let mediaType: String
    /// One line for `graphexport formats`.
    public let summary: String
    /// Makes a writer that writes to `sink`, reporting warnings to the handler.
    public let makeWriter: @Sendable (any ByteSink, FormatOptions, @escaping WarningHandler) -> any GraphWriter

    /// Creates a descriptor.
    public init(
        name: String,
        fileExtension: String,
        mediaType: String,
        summary: String,
        makeWriter: @escaping @Sendable (any ByteSink, FormatOptions, @escaping WarningHandler) -> any GraphWriter
    ) {
        self.name = name
        self.fileExtension = fileExtension
        self.mediaType = mediaType
        self.summary = summary
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
        formats.first { $0.name == name }
    }

    /// The format whose file extension ends `path`, if any (`out.json` → json).
    public func format(forPath path: String) -> FormatDescriptor? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let fileExtension = path[path.index(after: dot)...].lowercased()
        return formats.first { $0.fileExtension == fileExtension }
    }

    /// The names of all formats, comma-separated, for help and error texts (`json, xml, yaml`).
    public var names: String {
        formats.map(\.name).joined(separator: ", ")
    }
}
