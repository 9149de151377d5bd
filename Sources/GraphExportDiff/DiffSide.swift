import GraphExport

/// One of the two copies a ``GraphDiff`` reads, with what it looks up about the objects its
/// references point at.
final class DiffSide {
    /// How many looked-up identities are kept before the cache starts again.
    private static let cacheLimit = 4096

    let source: any GraphSource
    let side: DiffError.Side
    /// The copy's file, for messages.
    let path: String
    /// Identifying values of objects looked up, for references to entities matched by attribute.
    private var identities: [ObjectKey: [KeyValue]] = [:]

    init(source: any GraphSource, side: DiffError.Side) {
        self.source = source
        self.side = side
        self.path = source.document.source ?? source.document.sourceKind
    }

    /// The source as one that reads in attribute order; ``GraphDiff`` made sure it is one
    /// wherever that is asked.
    var comparable: any ComparableSource {
        guard let comparable = source as? any ComparableSource else {
            preconditionFailure("GraphDiff orders only the entities of a ComparableSource by attribute")
        }
        return comparable
    }

    /// The values of `attributes` of the object `key`, as identifying values (looked up, then
    /// kept a while: references to one object tend to repeat); `nil` when there is no such object
    /// (a reference that dangles).
    func identity(of key: ObjectKey, attributes: [Int]) throws -> [KeyValue]? {
        if let known = identities[key] { return known }
        guard let record = try source.record(key) else { return nil }
        let values = try identity(of: BorrowedRecord(record), attributes: attributes)
        if identities.count >= Self.cacheLimit { identities.removeAll(keepingCapacity: true) }
        identities[key] = values
        return values
    }

    /// The values of `attributes` of `record`, as identifying values; throws
    /// ``DiffError/unorderableKeyValue(side:path:id:attribute:)`` for a value that has no order.
    func identity(of record: BorrowedRecord, attributes: [Int]) throws -> [KeyValue] {
        try attributes.map { attribute in
            guard let value = KeyValue(record.values[attribute]) else {
                let name = source.model.attributes(of: record.key.entity)[attribute].name
                throw DiffError.unorderableKeyValue(
                    side: side, path: path, id: source.id(of: record.key), attribute: name)
            }
            return value
        }
    }
}
