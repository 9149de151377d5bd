public import GraphExport

extension CoreDataStore: RowFilteringSource {
    /// The objects of `entity` whose rows of its table satisfy `expression`, by `Z_PK`: the
    /// statement is `SELECT Z_PK, Z_ENT FROM <table> WHERE Z_ENT = <number> AND (<expression>)`,
    /// and rows of other entities are dropped again by their `Z_ENT`, so an expression that
    /// closes its parenthesis early cannot reach them. Column names are the table's (`ZTITLE`).
    public func keys(of entity: Int, where expression: String) throws -> [ObjectKey] {
        let entityLayout = layout.entities[entity]
        let statement = try ReadOnlyStatement.prepare(
            database,
            before: "SELECT Z_PK, Z_ENT FROM \(SQLiteDatabase.quote(entityLayout.table)) "
                + "WHERE Z_ENT = \(entityLayout.number) AND ",
            expression: expression, after: " ORDER BY Z_PK", entity: model.entities[entity].name)
        var keys: [ObjectKey] = []
        while try statement.step() {
            if statement.int64(at: 1) == entityLayout.number {
                keys.append(ObjectKey(entity: entity, row: statement.int64(at: 0)))
            }
        }
        return keys
    }
}
