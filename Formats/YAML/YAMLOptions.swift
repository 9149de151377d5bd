/// Settings for ``YAMLGraphWriter``. The defaults write output that YAML 1.1 and 1.2 readers
/// read back exactly, in a layout for people.
public struct YAMLOptions: Sendable, Hashable {
    /// Spaces per level of indentation, 2 (the default) to 9; other values are clamped.
    public var indentation: Int

    /// How many levels of objects nest in block style; objects nested deeper are written in flow
    /// style (`{…}` and `[…]` on one line). 32 by default; 0 writes every object in flow style.
    ///
    /// In block style every line repeats its indentation, so a chain of *n* nested objects would
    /// take O(*n*²) bytes (about 40 GB for 100 000 levels); in flow style the size stays linear.
    public var maxBlockDepth: Int

    /// Write multi-line strings in literal block style (`|`) where that reads back exactly;
    /// `true` by default. With `false`, they are double-quoted with `\n` escapes, on one line.
    public var literalBlocks: Bool

    /// Creates options; the defaults are the safe, readable ones.
    public init(indentation: Int = 2, maxBlockDepth: Int = 32, literalBlocks: Bool = true) {
        self.indentation = indentation
        self.maxBlockDepth = maxBlockDepth
        self.literalBlocks = literalBlocks
    }
}
