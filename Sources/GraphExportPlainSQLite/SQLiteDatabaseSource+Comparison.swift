public import GraphExport

extension SQLiteDatabaseSource: ComparableSource {
    /// What identifies a row: its rowid (`[]`) for a table keyed by an `INTEGER PRIMARY KEY` or
    /// without a declared key; the primary key's columns for a table whose declared key is
    /// something else, or that is `WITHOUT ROWID` (even with a single integer key: whether its
    /// rows are numbered by it depends on the values it holds); `nil` for a table whose rowid
    /// every alias name hides, read by position.
    public func identifyingAttributes(of entity: Int) -> [Int]? {
        let table = layout.table(of: entity)
        switch table.keying {
        case .integerKey: return table.isWithoutRowid ? table.primaryKey : []
        case .rowid(_, let key): return key.isEmpty ? [] : table.primaryKey
        case .ordinal: return table.primaryKey
        case .position: return nil
        }
    }

    /// The rows of `entity` ordered by the columns `attributes`, compared by their bytes
    /// (`COLLATE BINARY`), then by key.
    public func scan(_ entity: Int, orderedBy attributes: [Int]) throws -> any ObjectCursor {
        try queries.scan(entity, orderedBy: attributes)
    }
}
