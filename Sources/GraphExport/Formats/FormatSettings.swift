/// The settings a format's writers are made with: the one every format may honour, and the values
/// of the format's own options (``FormatOption``) by name.
public struct FormatSettings: Sendable, Hashable {
    /// Indent and break lines for people rather than write compactly for programs; honoured by
    /// the formats with ``FormatCapabilities/pretty``.
    public var pretty: Bool
    /// Values of the format's own options, by option name (`xml-style` → `elements`); an option
    /// not given has its default.
    public var values: [String: String]

    /// Creates settings.
    public init(pretty: Bool = false, values: [String: String] = [:]) {
        self.pretty = pretty
        self.values = values
    }
}
