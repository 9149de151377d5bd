/// An attribute that matches objects of the two copies instead of their primary key, for stores
/// whose keys were renumbered (`--key Entity.attribute`): objects of the entity, and of the
/// entities that inherit from it, are the same object when they have the same value of it.
///
/// Its values must be unique among each entity's objects in each copy, and of a kind SQLite
/// orders (``GraphDiff`` reads both copies in their order): numbers, dates, truth values, text,
/// URIs, UUIDs, bytes; not decimals, Transformable values or bytes kept in external files. A
/// repeated value is an error that names it (``DiffError/duplicateKey(side:path:entity:attribute:value:)``).
public struct DiffKey: Sendable, Hashable {
    /// `Entity.attribute`, as given.
    public var name: String

    /// The key `name` names, `Entity.attribute` (split at the last dot), resolved against the
    /// model when the diff starts.
    public init(_ name: String) {
        self.name = name
    }
}
