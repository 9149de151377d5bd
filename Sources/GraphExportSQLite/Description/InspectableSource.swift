package import GraphExport

/// A source that can say what graphexport sees in it, for `graphexport inspect`, and about how
/// many objects an export of it writes, for the progress line.
package protocol InspectableSource: GraphSource {
    /// The source's ``StoreDescription``; counts the objects of every entity.
    func storeDescription() throws -> StoreDescription
    /// How many objects an export writes, found without reading them (no query reads every row);
    /// `nil` when that cannot be known so (a plain SQLite database with a view among its entities).
    func estimatedObjectCount() throws -> ObjectCountEstimate?
}
