/// How a Core Data store's values are read, beyond what its model says.
public struct CoreDataStoreOptions: Sendable, Hashable {
    /// Whether values are written as the store keeps them (`--raw-values`, which the hidden
    /// `--raw-transformable` still names): Transformable attributes keep their stored bytes rather
    /// than being decoded. By default a Transformable value that is an `NSKeyedArchiver` archive or
    /// another binary property list becomes the structured value it holds (an array, a map, a
    /// string, a number, a date, …), and bytes of any other kind stay bytes (docs/COREDATA.md).
    public var rawValues: Bool

    /// Creates options; the defaults decode Transformable values.
    public init(rawValues: Bool = false) {
        self.rawValues = rawValues
    }
}
