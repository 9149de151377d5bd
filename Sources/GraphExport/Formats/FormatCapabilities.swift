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
    /// Can be laid out for people or written compactly (``FormatSettings/pretty``).
    public static let pretty = FormatCapabilities(rawValue: 1 << 4)

    /// The names of the capabilities present, for listings (`nesting, nulls, streaming`).
    public var names: [String] {
        [
            (Self.nesting, "nesting"), (.binary, "binary"), (.nulls, "nulls"), (.streaming, "streaming"),
            (.pretty, "pretty"),
        ]
        .filter { contains($0.0) }.map(\.1)
    }
}
