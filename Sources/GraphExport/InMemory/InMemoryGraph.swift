/// A graph built in code: a ``GraphSource`` for tests and for programs that export their own
/// objects without any store.
///
/// Add objects with ``add(_:_:)``, connect them with ``link(_:_:to:)`` (which keeps inverses in
/// step, as Core Data does), then hand the graph to a ``GraphTraversal``.
public final class InMemoryGraph: GraphSource {
    /// The entities of the graph.
    public let model: GraphModel
    /// The header the export writes.
    public var document: DocumentInfo

    private struct Stored {
        var values: [Value]
        var toOne: [ObjectKey?]
        var toMany: [[ObjectKey]]
    }

    private var objects: [ObjectKey: Stored] = [:]
    private var order: [[Int64]]
    private var nextRow: Int64 = 1

    /// Creates an empty graph of `model`'s entities.
    public init(model: GraphModel, document: DocumentInfo = DocumentInfo(sourceKind: "in-memory graph")) {
        self.model = model
        self.document = document
        self.order = Array(repeating: [], count: model.entities.count)
    }

    /// Adds an object of a concrete entity with the given attribute values (others are null).
    @discardableResult
    public func add(_ entityName: String, _ values: [String: Value] = [:]) throws -> ObjectKey {
        guard let entity = model.index(of: entityName) else { throw InMemoryGraphError.unknownEntity(entityName) }
        guard !model.entities[entity].isAbstract else { throw InMemoryGraphError.abstractEntity(entityName) }
        let attributes = model.attributes(of: entity)
        for name in values.keys where !attributes.contains(where: { $0.name == name }) {
            throw InMemoryGraphError.unknownProperty(entity: entityName, property: name)
        }
        let relationships = model.relationships(of: entity)
        let key = ObjectKey(entity: entity, row: nextRow)
        nextRow += 1
        objects[key] = Stored(
            values: attributes.map { values[$0.name] ?? .null },
            toOne: Array(repeating: nil, count: relationships.count),
            toMany: Array(repeating: [], count: relationships.count))
        order[entity].append(key.row)
        return key
    }

    /// Connects `source` to `destination` through the relationship named `relationshipName`: sets a
    /// to-one relationship, appends to a to-many one, and updates the inverse the same way.
    public func link(_ source: ObjectKey, _ relationshipName: String, to destination: ObjectKey) throws {
        let relationships = model.relationships(of: source.entity)
        guard let index = relationships.firstIndex(where: { $0.name == relationshipName }) else {
            throw InMemoryGraphError.unknownProperty(
                entity: model.entities[source.entity].name, property: relationshipName)
        }
        let relationship = relationships[index]
        guard model.entity(destination.entity, isKindOf: relationship.destination), objects[destination] != nil else {
            throw InMemoryGraphError.wrongDestination(
                relationship: "\(model.entities[source.entity].name).\(relationshipName)")
        }
        connect(source, index, destination)
        if let inverse = relationship.inverse {
            connect(destination, inverse, source)
        }
    }

    private func connect(_ source: ObjectKey, _ index: Int, _ destination: ObjectKey) {
        if model.relationships(of: source.entity)[index].isToMany {
            if !objects[source]!.toMany[index].contains(destination) {
                objects[source]!.toMany[index].append(destination)
            }
            return
        }
        if let previous = objects[source]!.toOne[index], previous != destination,
            let inverse = model.relationships(of: source.entity)[index].inverse
        {
            objects[previous]!.toMany[inverse].removeAll { $0 == source }
            if objects[previous]!.toOne[inverse] == source { objects[previous]!.toOne[inverse] = nil }
        }
        objects[source]!.toOne[index] = destination
    }

    /// All objects of `entity`, in the order they were added.
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        RecordListCursor(order[entity].compactMap { try? record(ObjectKey(entity: entity, row: $0)) })
    }

    /// The object with this key, or `nil`.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        guard let stored = objects[key] else { return nil }
        return ObjectRecord(key: key, values: stored.values, toOne: stored.toOne)
    }

    /// The destinations of a to-many relationship, in the order they were linked.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        objects[key]?.toMany[relationship] ?? []
    }

    /// `<Entity>/<row>`.
    public func id(of key: ObjectKey) -> ObjectID {
        ObjectID("\(model.entities[key.entity].name)/\(key.row)")
    }

    /// `<Entity>/`: every identifier is it and the row's digits.
    public func numberedIDPrefix(of entity: Int) -> String? {
        "\(model.entities[entity].name)/"
    }

    /// `nil`: the traversal looks each destination up with ``record(_:)``.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        nil
    }

    /// ``scan(_:)`` filtered (``ToOneFilterCursor``).
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        ToOneFilterCursor(try scan(entity), withoutDestinationsIn: relationships)
    }

    /// The number of objects added of `entity` (an object, once added, stays).
    public func count(_ entity: Int) throws -> Int {
        order[entity].count
    }

    /// Each object's ``destinations(of:through:)`` (``PerObjectDestinations``).
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        PerObjectDestinations(of: self, through: relationship)
    }

    /// Nothing: a graph in memory has nothing that sums up a run.
    public func didFinishRun() {}
}
