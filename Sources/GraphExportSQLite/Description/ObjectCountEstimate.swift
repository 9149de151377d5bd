/// How many objects an export of a source will write, known before the export starts without
/// reading the objects: the total of the command's progress line.
package struct ObjectCountEstimate: Equatable, Sendable {
    /// The number of objects.
    package var count: Int
    /// Whether ``count`` is the exact number (a Core Data store counts its rows when it is opened)
    /// or an estimate (a plain SQLite database's, from its row ids or its statistics).
    package var isExact: Bool

    /// Creates an estimate of `count` objects, exact or not.
    package init(count: Int, isExact: Bool) {
        self.count = count
        self.isExact = isExact
    }
}
