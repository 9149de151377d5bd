/// The settings a format's writers are made with: those every format may honour, and the values
/// of the format's own options (``FormatOption``) by name.
public struct FormatSettings: Sendable, Hashable {
    /// Indent and break lines for people rather than write compactly for programs; honoured by
    /// the formats with ``FormatCapabilities/pretty``.
    public var pretty: Bool
    /// Values of the format's own options, by option name (`xml-style` → `elements`); an option
    /// not given has its default.
    public var values: [String: String]
    /// The options that chose and shaped the rows, as text (`--entity Note --closure`); empty when
    /// none did. Honoured by the formats that record what was exported (the SQLite database's and
    /// the SQL script's `graphexport_source`); the others write no selection, so that their output
    /// is the same whatever the text.
    public var selectionText: String

    /// Creates settings.
    public init(pretty: Bool = false, values: [String: String] = [:], selectionText: String = "") {
        self.pretty = pretty
        self.values = values
        self.selectionText = selectionText
    }
}
