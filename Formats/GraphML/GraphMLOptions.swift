/// Settings for ``GraphMLGraphWriter``.
public struct GraphMLOptions: Sendable, Hashable {
    /// Put each key, node, edge and data element on its own line, indented by two spaces per
    /// level, for people; `false` (the default) writes the document on one line after the XML
    /// declaration, for programs. Both read back the same: only white space between elements
    /// differs.
    public var pretty: Bool

    /// Creates options; the defaults write compact GraphML.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }
}
