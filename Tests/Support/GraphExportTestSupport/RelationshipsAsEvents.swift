public import GraphExport

/// A writer that passes every call on to another but an object's relationships, which it writes
/// as their events (``GraphWriter/writeEvents(of:at:)``, the default of
/// ``GraphWriter/writeRelationships(_:at:)``): what a writer without that requirement is handed,
/// for comparing a writer's own relationships with their events.
public final class RelationshipsAsEvents: GraphWriter {
    private let base: any GraphWriter

    /// Passes the calls on to `base`.
    public init(_ base: any GraphWriter) {
        self.base = base
    }

    /// What the writer passed on to says.
    public var streamsFileBytes: Bool { base.streamsFileBytes }

    /// Passes the header on.
    public func begin(_ document: DocumentInfo) throws { try base.begin(document) }

    /// Passes the event on.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws { try base.write(event, at: position) }

    /// Passes the row on.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try base.beginObject(row, at: position)
    }

    /// Passes the end on.
    public func finish() throws { try base.finish() }
}

/// An in-memory graph whose objects of some entities have text identifiers, as a plain
/// database's text keys do: `<Entity>/key "<row>"\é`, with characters that JSON and XML escape;
/// those entities have no ``GraphSource/numberedIDPrefix(of:)``.
public final class TextIdentifiedSource: WrappingSource {
    /// The graph read.
    public let base: any GraphSource
    private let textEntities: Set<Int>

    /// The objects of `graph`, those of the entities named `entities` identified by text.
    public init(_ graph: InMemoryGraph, textEntities entities: Set<String>) {
        base = graph
        textEntities = Set(graph.model.entities.indices.filter { entities.contains(graph.model.entities[$0].name) })
    }

    /// The graph's model.
    public var model: GraphModel { base.model }
    /// The graph's objects.
    public func scan(_ entity: Int) throws -> any ObjectCursor { try base.scan(entity) }
    /// The graph's object.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? { try base.record(key) }
    /// The graph's destinations.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }
    /// `nil`, as the graph's.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        nil
    }
    /// The graph's top level.
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        try base.scan(entity, withoutDestinationsIn: relationships)
    }
    /// Each object's destinations asked for one by one.
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        PerObjectDestinations(of: self, through: relationship)
    }

    /// A text identifier for an object of a text entity, the graph's for the others.
    public func id(of key: ObjectKey) -> ObjectID {
        guard textEntities.contains(key.entity) else { return base.id(of: key) }
        return ObjectID("\(model.entities[key.entity].name)/key \"\(key.row)\"\\é")
    }

    /// `nil` for a text entity, the graph's prefix for the others.
    public func numberedIDPrefix(of entity: Int) -> String? {
        textEntities.contains(entity) ? nil : base.numberedIDPrefix(of: entity)
    }
}
