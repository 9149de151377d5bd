/// How the objects of a graph are laid out in an export.
public enum ExportShape: String, Sendable, Hashable, CaseIterable {
    /// Each object nests under its owner; objects without one are top level; every other mention
    /// is a reference. Every object still appears in full exactly once.
    case tree
    /// Objects grouped by entity, one after another; every relationship is a list of references.
    case flat
}
