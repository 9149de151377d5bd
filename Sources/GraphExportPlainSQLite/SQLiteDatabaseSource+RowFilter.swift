public import GraphExport
public import GraphExportSQLite

extension SQLiteDatabaseSource: RowFilteringSource {
    /// The objects of `entity` whose rows of its table satisfy `expression`, in key order: the
    /// statement is `SELECT <row> FROM <table> AS t WHERE (<expression>)`, column names the
    /// table's (its attributes' names: `root` changes nothing). A view's objects, identified by
    /// position, cannot be chosen so.
    public func keys(of entity: Int, where expression: String, namesOf root: Int) throws -> [ObjectKey] {
        let table = layout.table(of: entity)
        guard let reach = PlainSQL.rowReach(table, alias: "t", isOuter: false) else {
            throw RowFilterError.notFilterable(entity: table.name, reason: "its objects are rows of a view")
        }
        let order = PlainSQL.order(table, alias: "t").map { " ORDER BY " + $0 } ?? ""
        let statement = try ReadOnlyStatement.prepare(
            database, before: "SELECT \(reach.row) FROM \(PlainSQL.table(table)) AS t\(reach.joins) WHERE ",
            expression: expression, after: order, entity: table.name)
        var keys: [ObjectKey] = []
        while try statement.step() {
            keys.append(ObjectKey(entity: entity, row: statement.int64(at: 0)))
        }
        return keys
    }
}
