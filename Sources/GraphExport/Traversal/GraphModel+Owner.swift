extension GraphModel {
    /// The index of the relationship through which `record` is owned: the first of
    /// ``ownerRelationships(of:)`` it has a destination for; `nil` for an object without an owner.
    public func owner(of record: ObjectRecord) -> Int? {
        ownerRelationships(of: record.key.entity).first { record.toOne[$0] != nil }
    }

    /// The key of `record`'s owner (the destination of ``owner(of:)``), if it has one.
    public func ownerKey(of record: ObjectRecord) -> ObjectKey? {
        owner(of: record).flatMap { record.toOne[$0] }
    }
}
