/// Settings for ``PlistGraphWriter``.
public struct PlistOptions: Sendable, Hashable {
    /// Put each element on its own line, indented by one tab per level as Apple's tools do, for
    /// people; `false` (the default) writes the elements one after another, for programs.
    ///
    /// Pretty output grows with the square of the nesting depth (every line repeats its
    /// indentation): use the compact form for very deep trees.
    public var pretty: Bool

    /// Creates options; the defaults write compact XML.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }
}
