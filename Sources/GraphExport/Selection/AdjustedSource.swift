/// A source read with a ``ModelAdjustment``: its model without the excluded attributes and with
/// the nesting chosen; everything else is the wrapped source's.
public final class AdjustedSource: GraphSource {
    private let base: any GraphSource
    /// The adjusted model; entity and relationship indexes are those of the wrapped source's.
    public let model: GraphModel
    /// Per entity, the indexes of the wrapped source's attribute values that are kept; `nil` when
    /// all are.
    private let keptValues: [[Int]?]

    /// `base` with `adjustment` made; throws ``SelectionError`` for an adjustment that names
    /// what the model does not have.
    public init(_ base: any GraphSource, adjustment: ModelAdjustment) throws {
        self.base = base
        let model = try GraphModel(entities: adjustment.entities(adjusting: base.model))
        self.model = model
        keptValues = model.entities.indices.map { entity in
            let all = base.model.attributes(of: entity)
            let kept = model.attributes(of: entity)
            guard kept.count < all.count else { return nil }
            var next = 0
            return all.indices.filter { index in
                guard next < kept.count, kept[next].name == all[index].name else { return false }
                next += 1
                return true
            }
        }
    }

    /// The wrapped source's header.
    public var document: DocumentInfo { base.document }

    /// The wrapped source's objects of `entity`, adjusted.
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        AdjustedCursor(try base.scan(entity), source: self)
    }

    /// The wrapped source's object, adjusted.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        try base.record(key).map(adjusted)
    }

    /// The wrapped source's destinations.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }

    /// The wrapped source's identifier.
    public func id(of key: ObjectKey) -> ObjectID {
        base.id(of: key)
    }

    /// The wrapped source's destination records, adjusted.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        try base.destinationRecords(of: key, through: relationship).map { AdjustedCursor($0, source: self) }
    }

    /// The wrapped source's objects without these destinations, adjusted.
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        AdjustedCursor(try base.scan(entity, withoutDestinationsIn: relationships), source: self)
    }

    /// The wrapped source's count.
    public func count(_ entity: Int) throws -> Int {
        try base.count(entity)
    }

    /// The wrapped source's destinations in scan order.
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> (any DestinationCursor)? {
        try base.destinationsInScanOrder(of: entity, through: relationship)
    }

    /// The wrapped source's summary of the run.
    public func didFinishRun() {
        base.didFinishRun()
    }

    /// `record` with only the kept attribute values.
    fileprivate func adjusted(_ record: ObjectRecord) -> ObjectRecord {
        guard let kept = keptValues[record.key.entity] else { return record }
        var record = record
        record.values = kept.map { record.values[$0] }
        return record
    }
}

/// A cursor of the wrapped source, its records adjusted.
private final class AdjustedCursor: ObjectCursor {
    private let base: any ObjectCursor
    private let source: AdjustedSource

    init(_ base: any ObjectCursor, source: AdjustedSource) {
        self.base = base
        self.source = source
    }

    func next() throws -> ObjectRecord? {
        try base.next().map(source.adjusted)
    }
}
