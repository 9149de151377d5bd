/// What a format is called and carries, apart from the settings its writers are made with: the
/// part of an ``ExportFormat`` that its writer type declares once, as its `format`
/// (`JSONGraphWriter.format`), so that the format module's factory only says how settings make a
/// writer.
public struct FormatDescription: Sendable {
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

    /// Creates a description; `fileExtensions` defaults to the name.
    public init(
        name: String,
        aliases: [String] = [],
        fileExtensions: [String]? = nil,
        capabilities: FormatCapabilities = [],
        summary: String = "",
        options: [FormatOption] = []
    ) {
        self.name = name
        self.aliases = aliases
        self.fileExtensions = fileExtensions ?? [name]
        self.summary = summary
        self.capabilities = capabilities
        self.options = options
    }
}
