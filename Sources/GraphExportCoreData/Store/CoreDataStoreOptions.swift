public import GraphExport

/// How a Core Data store's values are read, beyond what its model says.
public struct CoreDataStoreOptions: Sendable, Hashable {
    /// Whether values are written as the store keeps them (`--raw-values`, which the hidden
    /// `--raw-transformable` still names): Transformable attributes keep their stored bytes rather
    /// than being decoded. By default a Transformable value that is an `NSKeyedArchiver` archive or
    /// another binary property list becomes the structured value it holds (an array, a map, a
    /// string, a number, a date, …), and bytes of any other kind stay bytes (docs/COREDATA.md).
    public var rawValues: Bool
    /// The part of the model an export reads. The store looks for the columns and join tables of
    /// those properties only, so a property it cannot find stops the store from opening only when
    /// the scope reads it. A property outside the scope stays in ``CoreDataStore/model`` but is
    /// never read: its values are null, its to-one destinations empty, and asking for its to-many
    /// destinations is ``CoreDataError/propertyNotRead(path:property:)``. Read the store through an
    /// ``AdjustedSource`` with the scope's adjustment and a ``Selection`` of its entities, which
    /// ask for none of them.
    public var scope: ReadScope

    /// Creates options; the defaults decode Transformable values and read everything.
    public init(rawValues: Bool = false, scope: ReadScope = .everything) {
        self.rawValues = rawValues
        self.scope = scope
    }
}
