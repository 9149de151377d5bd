package import GraphExport

/// A source that can say what graphexport sees in it, for `graphexport inspect`.
package protocol InspectableSource: GraphSource {
    /// The source's ``StoreDescription``; counts the objects of every entity.
    func storeDescription() throws -> StoreDescription
}

extension CoreDataStore: InspectableSource {}

extension SQLiteDatabaseSource: InspectableSource {}
