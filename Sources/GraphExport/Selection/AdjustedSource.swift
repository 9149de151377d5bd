/// A source read with a ``ModelAdjustment``: its model without the properties left out and with
/// the nesting chosen; everything else is the wrapped source's (``WrappingSource``).
public final class AdjustedSource: WrappingSource {
    /// The wrapped source.
    @usableFromInline package let base: any GraphSource
    /// The adjusted model; entity indexes are those of the wrapped source's.
    public let model: GraphModel
    /// Per entity, the indexes of the wrapped source's attribute values that are kept; `nil` when
    /// all are.
    private let keptValues: [[Int]?]
    /// Per entity, the wrapped source's index of each relationship kept; `nil` when all are.
    private let keptRelationships: [[Int]?]

    /// `base` with `adjustment` made; throws ``SelectionError`` for an adjustment that names
    /// what the model does not have.
    public init(_ base: any GraphSource, adjustment: ModelAdjustment) throws {
        self.base = base
        let model = try GraphModel(entities: adjustment.entities(adjusting: base.model))
        self.model = model
        keptValues = model.entities.indices.map { entity in
            Self.kept(model.attributes(of: entity).map(\.name), of: base.model.attributes(of: entity).map(\.name))
        }
        keptRelationships = model.entities.indices.map { entity in
            Self.kept(
                model.relationships(of: entity).map(\.name), of: base.model.relationships(of: entity).map(\.name))
        }
    }

    /// The positions in `all` of the names `kept` keeps, in order (`kept` is a subsequence of
    /// `all`); `nil` when it keeps them all.
    private static func kept(_ kept: [String], of all: [String]) -> [Int]? {
        guard kept.count < all.count else { return nil }
        var next = 0
        return all.indices.filter { index in
            guard next < kept.count, kept[next] == all[index] else { return false }
            next += 1
            return true
        }
    }

    /// The wrapped source's objects of `entity`, adjusted.
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        adjusting(try base.scan(entity))
    }

    /// The wrapped source's object, adjusted.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        guard var record = try base.record(key) else { return nil }
        keep(&record.values, &record.toOne, of: key.entity)
        return record
    }

    /// The wrapped source's destinations.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: baseIndex(relationship, of: key.entity))
    }

    /// The wrapped source's destination records, adjusted.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        try base.destinationRecords(of: key, through: baseIndex(relationship, of: key.entity)).map(adjusting)
    }

    /// The wrapped source's objects without these destinations, adjusted.
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        adjusting(try base.scan(entity, withoutDestinationsIn: relationships.map { baseIndex($0, of: entity) }))
    }

    /// The wrapped source's destinations in scan order.
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        try base.destinationsInScanOrder(of: entity, through: baseIndex(relationship, of: entity))
    }

    /// The wrapped source's index of relationship `index` of `entity`.
    private func baseIndex(_ index: Int, of entity: Int) -> Int {
        keptRelationships[entity]?[index] ?? index
    }

    /// `cursor`'s records with only the kept attribute values and to-one destinations.
    private func adjusting(_ cursor: any ObjectCursor) -> any ObjectCursor {
        RecordMappingCursor(cursor) { record in
            var record = record
            self.keep(&record.values, &record.toOne, of: record.key.entity)
            return record
        }
    }

    /// Leaves in a record of `entity` only the kept attribute values and to-one destinations.
    private func keep<Value>(_ values: inout [Value], _ toOne: inout [ObjectKey?], of entity: Int) {
        if let kept = keptValues[entity] { values = kept.map { values[$0] } }
        if let kept = keptRelationships[entity] { toOne = kept.map { toOne[$0] } }
    }
}
