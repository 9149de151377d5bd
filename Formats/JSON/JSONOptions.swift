/// Settings for ``JSONGraphWriter``.
public struct JSONOptions: Sendable, Hashable {
    /// Indent with two spaces and put each property on its own line, for people; `false` (the
    /// default) writes everything on one line, for programs.
    ///
    /// Pretty output grows with the square of the nesting depth (every line repeats its
    /// indentation): use the compact form for very deep trees.
    public var pretty: Bool

    /// Creates options; the defaults write compact JSON.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }
}
