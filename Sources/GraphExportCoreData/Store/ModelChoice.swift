/// Which model a Core Data store is read with, where it came from, and what was tried before it.
public struct ModelChoice: Sendable, Hashable {
    /// The kind of file the chosen model was read from.
    public enum Origin: String, Sendable, Hashable {
        /// An Xcode model source: an `.xcdatamodel`'s `contents` (or legacy `elements`) file.
        case modelFile
        /// A compiled model: a `.mom` file, alone or in a `.momd` bundle.
        case compiledModel
        /// The model the store keeps of itself in `Z_MODELCACHE`.
        case modelCache
        /// The model read from the store's own tables, which has neither a model file nor a cache.
        case inferred
    }

    /// The model as given (`--model`), or `<store> (Z_MODELCACHE)` for the cache.
    public var path: String
    /// The name of the version used.
    public var version: String
    /// The file that version was read from (`…/Scrapbook.xcdatamodel/contents`).
    public var versionFile: String
    /// The kind of that file.
    public var origin: Origin
    /// The candidates tried before the one used, in order, with what each lacks.
    public var misfits: [ModelMisfit]
}
