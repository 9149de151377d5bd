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
