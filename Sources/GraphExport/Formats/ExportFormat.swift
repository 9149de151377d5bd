/// An output format: what it is called and carries (its ``FormatDescription``), the settings its
/// writers are made with, and how to make one. The one description of a format, used by
/// ``GraphExporter``, by the command line's ``FormatRegistry`` and by embedders alike.
///
/// Each format module adds a static factory that reads as the format with its settings, so
/// `.json(pretty: true)`, `.xml(style: .elements)`, `.yaml()` or `.jsonLines()` go wherever an
/// `ExportFormat` is expected. Its writer type declares the description, the factory how the
/// settings make a writer:
///
/// ```swift
/// extension ExportFormat {
///     public static func lines() -> ExportFormat {
///         ExportFormat(LinesWriter.format) { sink, settings, onWarning in
///             LinesWriter(sink: sink, onWarning: onWarning)
///         }
///     }
/// }
/// ```
///
/// A program that picks a format by name (from a ``FormatRegistry``) and settings from its user
/// gives them with ``with(_:)``.
public struct ExportFormat: Sendable {
    /// What the format is called and carries.
    public let identity: FormatDescription
    /// The settings writers are made with.
    public let settings: FormatSettings
    private let writerFactory: @Sendable (any ByteSink, FormatSettings, @escaping WarningHandler) -> any GraphWriter

    /// The format's name (`json`), as `--format` takes it and messages name it.
    public var name: String { identity.name }
    /// Other names of the format (`yml` for YAML).
    public var aliases: [String] { identity.aliases }
    /// The file extensions that name the format, without the dot, the usual one first.
    public var fileExtensions: [String] { identity.fileExtensions }
    /// One line that says what the format is, for listings.
    public var summary: String { identity.summary }
    /// What the format carries natively.
    public var capabilities: FormatCapabilities { identity.capabilities }
    /// The options only this format understands (`xml-style`).
    public var options: [FormatOption] { identity.options }

    /// Creates the format `identity` describes; `makeWriter` is given the sink, the settings and
    /// the warning handler of each document.
    public init(
        _ identity: FormatDescription,
        settings: FormatSettings = FormatSettings(),
        makeWriter: @escaping @Sendable (any ByteSink, FormatSettings, @escaping WarningHandler) -> any GraphWriter
    ) {
        self.identity = identity
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
        ExportFormat(identity, settings: settings, makeWriter: writerFactory)
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
