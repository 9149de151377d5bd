public import GraphExport

extension CoreDataStore: ComparableSource {
    /// `[]`: an object is its `Z_PK` in every copy of the store, read in `Z_PK` order.
    public func identifyingAttributes(of entity: Int) -> [Int]? {
        []
    }

    /// The objects of `entity` ordered by the columns of `attributes`, compared by their bytes
    /// (`COLLATE BINARY`), then by `Z_PK`.
    public func scan(_ entity: Int, orderedBy attributes: [Int]) throws -> any ObjectCursor {
        try queries.scan(entity, orderedBy: attributes)
    }
}
