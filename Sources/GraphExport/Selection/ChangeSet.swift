/// What changed in a source since a point of its history (a Core Data store's history token,
/// `docs/HISTORY.md`): the objects inserted or updated since then, which an export writes in
/// their current state, and the objects deleted since then, which it writes as tombstones.
///
/// ``GraphTraversal`` given a change set writes the ``objects`` a ``Selection`` of them selects
/// (the command line makes ``Selection/objects`` of them), each updated one with its
/// ``changedProperties`` (``ObjectRow/changedProperties``), then the ``tombstones`` of the
/// entities the selection includes, at the top level.
public struct ChangeSet: Sendable, Hashable {
    /// The objects inserted or updated since the point, that still exist.
    public var objects: Set<ObjectKey>
    /// For each updated object (not inserted since the point), the properties its updates
    /// touched, by name, in model order; an inserted object has no entry.
    public var changedProperties: [ObjectKey: [String]]
    /// The objects deleted since the point (and not inserted after it), in the order they are
    /// written: by entity in model order, then by key.
    public var tombstones: [Tombstone]

    /// One deleted object: its key (which the source can still name, ``GraphSource/id(of:)``) and
    /// the values the source kept of it, by attribute name, in model order.
    public struct Tombstone: Sendable, Hashable {
        /// The deleted object.
        public var key: ObjectKey
        /// The attribute values kept after the deletion; empty when none were.
        public var values: ValueMap

        /// Creates a tombstone.
        public init(key: ObjectKey, values: ValueMap = ValueMap()) {
            self.key = key
            self.values = values
        }
    }

    /// Creates a change set.
    public init(
        objects: Set<ObjectKey> = [], changedProperties: [ObjectKey: [String]] = [:], tombstones: [Tombstone] = []
    ) {
        self.objects = objects
        self.changedProperties = changedProperties
        self.tombstones = tombstones
    }

    /// The change set with only the names `model` has: the changed properties an entity of it
    /// has (so that an attribute left out of the export is left out of them too), and the kept
    /// values of the attributes it has.
    public func restricted(to model: GraphModel) -> ChangeSet {
        var properties: [Int: Set<String>] = [:]
        var attributes: [Int: Set<String>] = [:]
        func names(of entity: Int) -> (properties: Set<String>, attributes: Set<String>) {
            if let known = properties[entity], let knownAttributes = attributes[entity] {
                return (known, knownAttributes)
            }
            let attributeNames = Set(model.attributes(of: entity).map(\.name))
            let all = attributeNames.union(model.relationships(of: entity).map(\.name))
            properties[entity] = all
            attributes[entity] = attributeNames
            return (all, attributeNames)
        }
        var restricted = self
        for (key, changed) in changedProperties where key.entity < model.entities.count {
            let kept = names(of: key.entity).properties
            restricted.changedProperties[key] = changed.filter(kept.contains)
        }
        restricted.tombstones = tombstones.filter { $0.key.entity < model.entities.count }.map { tombstone in
            let kept = names(of: tombstone.key.entity).attributes
            return Tombstone(
                key: tombstone.key, values: ValueMap(tombstone.values.entries.filter { kept.contains($0.key) }))
        }
        return restricted
    }
}
