import GraphExport

/// The merge of one concrete entity's objects from the two copies: both read in key order, side
/// by side, so that an object found in one copy only is added or removed, and one found in both
/// is compared property by property.
final class EntityMerge {
    private let plan: EntityPlan
    private let plans: [EntityPlan?]
    private let old: SideReader
    private let new: SideReader

    init(plan: EntityPlan, old: DiffSide, new: DiffSide, plans: [EntityPlan?]) throws {
        self.plan = plan
        self.plans = plans
        self.old = try SideReader(side: old, plan: plan)
        self.new = try SideReader(side: new, plan: plan)
    }

    /// Writes every object of the entity that differs, counting it in `summary`.
    func run(into writer: any DiffWriter, summary: inout GraphDiff.Summary) throws {
        try old.advance()
        try new.advance()
        while old.record != nil || new.record != nil {
            let order = old.record == nil ? 1 : new.record == nil ? -1 : try compareIdentities()
            if order < 0 {
                try writer.write(whole(old, as: .removed))
                summary.removed += 1
                try old.advance()
            } else if order > 0 {
                try writer.write(whole(new, as: .added))
                summary.added += 1
                try new.advance()
            } else {
                let properties = try differences()
                if !properties.isEmpty {
                    try writer.write(
                        ObjectChange(
                            kind: .changed, entity: plan.name, id: new.side.source.id(of: new.record!.key),
                            key: keyEntry(of: new.record!), properties: properties))
                    summary.changed += 1
                }
                try old.advance()
                try new.advance()
            }
        }
    }

    /// Negative when the old copy's current object comes first in key order, positive when the
    /// new one's does, zero when they are the same object.
    private func compareIdentities() throws -> Int {
        guard plan.identity.isEmpty else {
            if old.identity.lexicographicallyPrecedes(new.identity) { return -1 }
            return new.identity.lexicographicallyPrecedes(old.identity) ? 1 : 0
        }
        let (left, right) = (old.record!.key.row, new.record!.key.row)
        return left < right ? -1 : left > right ? 1 : 0
    }

    /// The current object of `reader`'s copy with every property, as only that copy has it.
    private func whole(_ reader: SideReader, as kind: ObjectChange.Kind) -> ObjectChange {
        let record = reader.record!
        let source = reader.side.source
        let place = { (value: PropertyValue) -> PropertyChange.Change in
            kind == .added ? .values(old: nil, new: value) : .values(old: value, new: nil)
        }
        var properties = plan.attributeNames.indices.map { index in
            PropertyChange(name: plan.attributeNames[index], change: place(.value(record.values[index].value)))
        }
        for (index, relationship) in plan.relationships.enumerated() {
            let value: PropertyValue =
                relationship.isToMany
                ? .references(reader.destinations[index].map(source.id(of:)))
                : .reference(record.toOne[index].map(source.id(of:)))
            properties.append(PropertyChange(name: relationship.name, change: place(value)))
        }
        return ObjectChange(
            kind: kind, entity: plan.name, id: source.id(of: record.key), key: keyEntry(of: record),
            properties: properties)
    }

    /// The properties in which the current objects of the two copies, the same object, differ.
    private func differences() throws -> [PropertyChange] {
        let (before, after) = (old.record!, new.record!)
        var properties: [PropertyChange] = []
        for index in plan.attributeNames.indices {
            let (left, right) = (before.values[index], after.values[index])
            if try ExportedValue.same(left, right) { continue }
            properties.append(
                PropertyChange(
                    name: plan.attributeNames[index], change: .values(old: .value(left.value), new: .value(right.value))
                ))
        }
        for (index, relationship) in plan.relationships.enumerated() {
            let byRow = plan.referencesByRow[index]
            if relationship.isToMany {
                let (added, removed) = try difference(old.destinations[index], new.destinations[index], byRow: byRow)
                if added.isEmpty && removed.isEmpty { continue }
                properties.append(
                    PropertyChange(
                        name: relationship.name,
                        change: .references(
                            added: added.map(new.side.source.id(of:)), removed: removed.map(old.side.source.id(of:)))))
                continue
            }
            let (left, right) = (before.toOne[index], after.toOne[index])
            if byRow ? left == right : try reference(left, in: old.side) == reference(right, in: new.side) { continue }
            properties.append(
                PropertyChange(
                    name: relationship.name,
                    change: .values(
                        old: .reference(left.map(old.side.source.id(of:))),
                        new: .reference(right.map(new.side.source.id(of:))))))
        }
        return properties
    }

    /// The destinations only the new list has, and those only the old one has, each in its
    /// list's order; references compared as ``reference(_:in:)`` says.
    private func difference(
        _ before: [ObjectKey], _ after: [ObjectKey], byRow: Bool
    ) throws -> (added: [ObjectKey], removed: [ObjectKey]) {
        if byRow {
            if before == after { return ([], []) }
            let (earlier, later) = (Set(before), Set(after))
            return (after.filter { !earlier.contains($0) }, before.filter { !later.contains($0) })
        }
        let earlier = try before.map { try reference($0, in: old.side) }
        let later = try after.map { try reference($0, in: new.side) }
        let (earlierSet, laterSet) = (Set(earlier), Set(later))
        return (
            zip(after, later).filter { !earlierSet.contains($0.1) }.map(\.0),
            zip(before, earlier).filter { !laterSet.contains($0.1) }.map(\.0)
        )
    }

    /// What a to-one's destination is the same as in the other copy, `nil` for none.
    private func reference(_ key: ObjectKey?, in side: DiffSide) throws -> Reference? {
        try key.map { try reference($0, in: side) }
    }

    /// What a reference is the same as in the other copy: its destination's key, or the values
    /// that identify the destination when its entity is matched by attribute.
    private func reference(_ key: ObjectKey, in side: DiffSide) throws -> Reference {
        guard let identity = plans[key.entity]?.identity, !identity.isEmpty,
            let values = try side.identity(of: key, attributes: identity)
        else { return .object(key) }
        return .values(entity: key.entity, values)
    }

    /// The `--key` attribute's name and value in `record`, for an entity matched by one.
    private func keyEntry(of record: BorrowedRecord) -> ValueMap.Entry? {
        plan.key.map { ValueMap.Entry(key: plan.attributeNames[$0], value: record.values[$0].value) }
    }
}

/// What a reference reaches, as the two copies can agree on it.
private enum Reference: Hashable {
    /// An object identified by its key.
    case object(ObjectKey)
    /// An object of this entity identified by the values of its identifying attributes.
    case values(entity: Int, [KeyValue])
}

/// One copy's objects of one entity, read one at a time in key order, each with the
/// destinations of its to-many relationships.
final class SideReader {
    let side: DiffSide
    private let plan: EntityPlan
    private let cursor: any ObjectCursor
    /// Per relationship, the merged reader of a to-many's destinations in scan order, when the
    /// source has one and the scan is in row order; `nil` asks the source object by object.
    private let streams: [(any DestinationCursor)?]
    /// The current object, valid until the next ``advance()``; `nil` at the end.
    private(set) var record: BorrowedRecord?
    /// The values identifying the current object, for an entity matched by attribute.
    private(set) var identity: [KeyValue] = []
    /// Per relationship, the current object's destinations; empty for a to-one.
    private(set) var destinations: [[ObjectKey]]
    private var previousRow: Int64?
    private var previousIdentity: [KeyValue]?

    init(side: DiffSide, plan: EntityPlan) throws {
        self.side = side
        self.plan = plan
        let source = side.source
        let byRow = plan.identity.isEmpty
        cursor =
            byRow ? try source.scan(plan.entity) : try side.comparable.scan(plan.entity, orderedBy: plan.identity)
        streams = try plan.relationships.indices.map { index in
            byRow && plan.relationships[index].isToMany
                ? try source.destinationsInScanOrder(of: plan.entity, through: index) : nil
        }
        destinations = Array(repeating: [], count: plan.relationships.count)
    }

    /// Moves to the next object, reading its identity and its destinations; checks that objects
    /// come in strictly increasing key order, which also finds a repeated `--key` value.
    func advance() throws {
        // Let go of the record before the cursor reads over its buffers, which it then need not copy.
        record = nil
        guard let next = try cursor.nextBorrowed() else { return }
        if plan.identity.isEmpty {
            if let previousRow, previousRow >= next.key.row {
                throw DiffError.notInKeyOrder(side: side.side, path: side.path, entity: plan.name)
            }
            previousRow = next.key.row
        } else {
            identity = try side.identity(of: next, attributes: plan.identity)
            if let previousIdentity, !previousIdentity.lexicographicallyPrecedes(identity) {
                guard previousIdentity == identity else {
                    throw DiffError.notInKeyOrder(side: side.side, path: side.path, entity: plan.name)
                }
                throw DiffError.duplicateKey(
                    side: side.side, path: side.path, entity: plan.name,
                    attribute: plan.identity.map { plan.attributeNames[$0] }.joined(separator: ", "),
                    value: identity.map(\.text).joined(separator: ", "))
            }
            previousIdentity = identity
        }
        for index in plan.relationships.indices where plan.relationships[index].isToMany {
            destinations[index] =
                try streams[index]?.destinations(of: next.key)
                ?? side.source.destinations(of: next.key, through: index)
        }
        record = next
    }
}
