extension GraphModel {
    /// The index of the relationship through which `record` is owned: the first of
    /// ``ownerRelationships(of:)`` it has a destination for; `nil` for an object without an owner.
    public func owner(of record: ObjectRecord) -> Int? {
        owner(of: record.key.entity, toOne: record.toOne)
    }

    /// The key of `record`'s owner (the destination of ``owner(of:)``), if it has one.
    public func ownerKey(of record: ObjectRecord) -> ObjectKey? {
        owner(of: record).flatMap { record.toOne[$0] }
    }

    /// ``owner(of:)`` for a record read with borrowed values.
    public func owner(of record: BorrowedRecord) -> Int? {
        owner(of: record.key.entity, toOne: record.toOne)
    }

    /// ``ownerKey(of:)`` for a record read with borrowed values.
    public func ownerKey(of record: BorrowedRecord) -> ObjectKey? {
        owner(of: record).flatMap { record.toOne[$0] }
    }

    /// The owning relationship of an object of `entity` with these to-one destinations.
    private func owner(of entity: Int, toOne: [ObjectKey?]) -> Int? {
        ownerRelationships(of: entity).first { toOne[$0] != nil }
    }
}
