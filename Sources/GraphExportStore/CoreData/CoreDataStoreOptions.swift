/// How a Core Data store's values are read, beyond what its model says.
public struct CoreDataStoreOptions: Sendable, Hashable {
    /// Whether Transformable attributes keep their stored bytes (`--raw-transformable`) rather than
    /// being decoded: by default a value that is an `NSKeyedArchiver` archive or another binary
    /// property list becomes the structured value it holds (an array, a map, a string, a number,
    /// a date, …), and bytes of any other kind stay bytes (docs/COREDATA.md).
    public var rawTransformables: Bool

    /// Creates options; the defaults decode Transformable values.
    public init(rawTransformables: Bool = false) {
        self.rawTransformables = rawTransformables
    }
}
