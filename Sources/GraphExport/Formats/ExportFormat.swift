/// An output format: what it is called and carries, the options it understands, the settings its
/// writers are made with, and how to make one. The one description of a format, used by
/// ``GraphExporter``, by the command line's ``FormatRegistry`` and by embedders alike.
///
/// Each format module adds a static factory that reads as the format with its settings, so
/// `.json(pretty: true)`, `.xml(style: .elements)`, `.yaml()` or `.jsonLines()` go wherever an
/// `ExportFormat` is expected:
///
/// ```swift
/// extension ExportFormat {
///     public static func lines() -> ExportFormat {
///         ExportFormat(name: "lines", summary: "one line per object") { sink, settings, onWarning in
///             LinesWriter(sink: sink, onWarning: onWarning)
///         }
///     }
/// }
/// ```
///
/// A program that picks a format by name (from a ``FormatRegistry``) and settings from its user
/// gives them with ``with(_:)``.
public struct ExportFormat: Sendable {
    /// The format's name (`json`), as `--format` takes it and messages name it.
    public let name: String
    /// Other names of the format (`yml` for YAML).
    public let aliases: [String]
    /// The file extensions that name the format, without the dot, the usual one first (`yaml`, `yml`).
    public let fileExtensions: [String]
    /// One line that says what the format is, for listings.
    public let summary: String
    /// What the format carries natively.
    public let capabilities: FormatCapabilities
    /// The options only this format understands (`xml-style`).
    public let options: [FormatOption]
    /// The settings writers are made with.
    public let settings: FormatSettings
    private let writerFactory: @Sendable (any ByteSink, FormatSettings, @escaping WarningHandler) -> any GraphWriter

    /// Creates a format. `fileExtensions` defaults to the name; `makeWriter` is given the sink, the
    /// settings and the warning handler of each document.
    public init(
        name: String,
        aliases: [String] = [],
        fileExtensions: [String]? = nil,
        summary: String = "",
        capabilities: FormatCapabilities = [],
        options: [FormatOption] = [],
        settings: FormatSettings = FormatSettings(),
        makeWriter: @escaping @Sendable (any ByteSink, FormatSettings, @escaping WarningHandler) -> any GraphWriter
    ) {
        self.name = name
        self.aliases = aliases
        self.fileExtensions = fileExtensions ?? [name]
        self.summary = summary
        self.capabilities = capabilities
        self.options = options
        self.settings = settings
        self.writerFactory = makeWriter
    }

    /// Makes a writer that writes one document to `sink` with ``settings`` and reports warnings
    /// to `onWarning`.
    public func makeWriter(sink: any ByteSink, onWarning: @escaping WarningHandler) -> any GraphWriter {
        writerFactory(sink, settings, onWarning)
    }

    /// The same format with other settings.
    public func with(_ settings: FormatSettings) -> ExportFormat {
        ExportFormat(
            name: name, aliases: aliases, fileExtensions: fileExtensions, summary: summary,
            capabilities: capabilities, options: options, settings: settings, makeWriter: writerFactory)
    }

    /// Whether `name` is the format's name or one of its aliases, in any case (`JSON`, `yml`).
    public func isNamed(_ name: String) -> Bool {
        let name = name.lowercased()
        return self.name == name || aliases.contains(name)
    }

    /// Whether `fileExtension` (without the dot, in any case) names the format.
    public func isNamed(byExtension fileExtension: String) -> Bool {
        fileExtensions.contains(fileExtension.lowercased())
    }
}
