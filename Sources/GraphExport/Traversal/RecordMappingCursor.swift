/// A cursor over another's records, each changed on the way by the source that wraps the other's
/// (``AdjustedSource``, a decoding source): it lends what the other lends, and copies only when
/// asked for ``next()``.
package final class RecordMappingCursor: ObjectCursor {
    /// The record the wrapping source makes of one of the wrapped source's.
    package typealias Transform = (BorrowedRecord) throws -> BorrowedRecord

    private let base: any ObjectCursor
    private let transform: Transform

    /// The records of `base`, each passed through `transform`.
    package init(_ base: any ObjectCursor, transform: @escaping Transform) {
        self.base = base
        self.transform = transform
    }

    /// The next record, changed, its values borrowed from the wrapped source.
    package func nextBorrowed() throws -> BorrowedRecord? {
        guard let record = try base.nextBorrowed() else { return nil }
        return try transform(record)
    }
}
