/// One object as a cursor reads it, its attribute values borrowed from the source
/// (``RowValue``): what ``ObjectCursor/nextBorrowed()`` yields.
///
/// The values are valid until the cursor is asked for its next record; ``record`` keeps them.
public struct BorrowedRecord {
    /// The object.
    public var key: ObjectKey
    /// One value per attribute, in the order of ``GraphModel/attributes(of:)``.
    public var values: [RowValue]
    /// One entry per relationship, as in ``ObjectRecord/toOne``.
    public var toOne: [ObjectKey?]

    /// Creates a record.
    public init(key: ObjectKey, values: [RowValue], toOne: [ObjectKey?]) {
        self.key = key
        self.values = values
        self.toOne = toOne
    }

    /// The record of `record`, its values wrapped (``RowValue/init(_:)``).
    public init(_ record: ObjectRecord) {
        self.init(key: record.key, values: record.values.map(RowValue.init), toOne: record.toOne)
    }

    /// The record with its values copied out of the source.
    public var record: ObjectRecord {
        ObjectRecord(key: key, values: values.map(\.value), toOne: toOne)
    }
}
