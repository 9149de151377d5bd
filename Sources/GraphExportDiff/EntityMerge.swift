import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The merge of one concrete entity's objects from the two copies: both read in key order, side
/// by side, so that an object found in one copy only is added or removed, and one found in both
/// is compared property by property.
final class EntityMerge {
    private let plan: EntityPlan
    private let plans: [EntityPlan?]
    private let old: any ObjectFeed
    private let new: any ObjectFeed

    init(plan: EntityPlan, old: any ObjectFeed, new: any ObjectFeed, plans: [EntityPlan?]) {
        self.plan = plan
        self.plans = plans
        self.old = old
        self.new = new
    }

    /// Writes every object of the entity that differs, counting it in `summary`.
    func run(into writer: any DiffWriter, summary: inout GraphDiff.Summary) throws {
        try old.advance()
        try new.advance()
        while old.key != nil || new.key != nil {
            let order = old.key == nil ? 1 : new.key == nil ? -1 : try compareIdentities()
            if order < 0 {
                try writer.write(whole(old, as: .removed))
                summary.removed += 1
                try old.advance()
            } else if order > 0 {
                try writer.write(whole(new, as: .added))
                summary.added += 1
                try new.advance()
            } else {
                let properties = try Self.packedAlike(old.packed, new.packed) ? [] : differences()
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
        let (left, right) = (old.key!.row, new.key!.row)
        return left < right ? -1 : left > right ? 1 : 0
    }

    /// Whether two objects are packed alike, byte for byte, and so the same.
    private static func packedAlike(_ left: UnsafeRawBufferPointer?, _ right: UnsafeRawBufferPointer?) -> Bool {
        guard let left, let right, left.count == right.count else { return false }
        return left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }

    /// The current object of `reader`'s copy with every property, as only that copy has it.
    private func whole(_ reader: any ObjectFeed, as kind: ObjectChange.Kind) -> ObjectChange {
        let record = reader.record!
        let source = reader.side.source
        let place = { (value: PropertyValue) -> PropertyChange.Change in
            kind == .added ? .values(old: nil, new: value) : .values(old: value, new: nil)
        }
        var properties = plan.attributeNames.indices.map { index in
            PropertyChange(name: plan.attributeNames[index], change: place(.value(record.values[index].value)))
        }
        for index in plan.isToMany.indices {
            let value: PropertyValue =
                plan.isToMany[index]
                ? .references(reader.destinations[index].map(source.id(of:)))
                : .reference(record.toOne[index].map(source.id(of:)))
            properties.append(PropertyChange(name: plan.relationshipNames[index], change: place(value)))
        }
        return ObjectChange(
            kind: kind, entity: plan.name, id: source.id(of: record.key), key: keyEntry(of: record),
            properties: properties)
    }

    /// The properties in which the current objects of the two copies, the same object, differ.
    private func differences() throws -> [PropertyChange] {
        let (before, after) = (old.record!, new.record!)
        let (oldValues, newValues) = (before.values, after.values)
        var properties: [PropertyChange] = []
        for index in oldValues.indices where try !ExportedValue.same(oldValues[index], newValues[index]) {
            properties.append(
                PropertyChange(
                    name: plan.attributeNames[index],
                    change: .values(old: .value(oldValues[index].value), new: .value(newValues[index].value))))
        }
        let (isToMany, byRow) = (plan.isToMany, plan.referencesByRow)
        for index in isToMany.indices {
            if isToMany[index] {
                let (added, removed) = try difference(
                    old.destinations[index], new.destinations[index], byRow: byRow[index])
                if added.isEmpty && removed.isEmpty { continue }
                properties.append(
                    PropertyChange(
                        name: plan.relationshipNames[index],
                        change: .references(
                            added: added.map(new.side.source.id(of:)), removed: removed.map(old.side.source.id(of:)))))
                continue
            }
            let (left, right) = (before.toOne[index], after.toOne[index])
            if byRow[index] ? left == right : try reference(left, in: old.side) == reference(right, in: new.side) {
                continue
            }
            properties.append(
                PropertyChange(
                    name: plan.relationshipNames[index],
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
