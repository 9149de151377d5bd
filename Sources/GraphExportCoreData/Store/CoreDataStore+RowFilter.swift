public import GraphExport
public import GraphExportSQLite

extension CoreDataStore: RowFilteringSource {
    /// The objects of `entity` whose rows of its table satisfy `expression`, by `Z_PK`: the
    /// statement is `SELECT Z_PK, Z_ENT FROM <table> WHERE Z_ENT = <number> AND (<expression>)`,
    /// and rows of other entities are dropped again by their `Z_ENT`, so an expression that
    /// closes its parenthesis early cannot reach them.
    ///
    /// Names are the table's columns (`ZTITLE2`) or `root`'s attributes and to-one relationships
    /// (`title`, `folder`: its key column, the destination's `Z_PK`), inherited ones too, replaced
    /// by their columns before SQLite reads the expression (``ExpressionNames`` says which tokens
    /// are names). A name that is a column of the table stays that column, even when an attribute
    /// has it too; otherwise a name is an attribute's or to-one's as the model spells it, or, when
    /// exactly one has it in other letter case, that one.
    public func keys(of entity: Int, where expression: String, namesOf root: Int) throws -> [ObjectKey] {
        let entityLayout = layout.entities[entity]
        let statement = try ReadOnlyStatement.prepare(
            database,
            before: "SELECT Z_PK, Z_ENT FROM \(SQLiteDatabase.quote(entityLayout.table)) "
                + "WHERE Z_ENT = \(entityLayout.number) AND ",
            expression: expression, condition: try columnExpression(expression, namesOf: root),
            after: " ORDER BY Z_PK", entity: model.entities[entity].name)
        var keys: [ObjectKey] = []
        while try statement.step() {
            if statement.int64(at: 1) == entityLayout.number {
                keys.append(ObjectKey(entity: entity, row: statement.int64(at: 0)))
            }
        }
        return keys
    }

    /// `expression` with the names of `root`'s attributes and to-ones replaced by their columns.
    private func columnExpression(_ expression: String, namesOf root: Int) throws -> String {
        let entityLayout = layout.entities[root]
        let columns = Set(try database.columns(of: entityLayout.table).map(Self.folded))
        var byName: [(name: String, column: String)] = []
        for (attribute, column) in zip(model.attributes(of: root), entityLayout.attributeColumns) {
            if let column { byName.append((attribute.name, column.name)) }
        }
        for (relationship, storage) in zip(model.relationships(of: root), entityLayout.relationships) {
            if case .foreignKey(let column)? = storage { byName.append((relationship.name, column)) }
        }
        return ExpressionNames.replacing(in: expression) { name in
            let folded = Self.folded(name)
            guard !columns.contains(folded) else { return nil }
            if let exact = byName.first(where: { $0.name == name }) { return exact.column }
            let others = byName.filter { Self.folded($0.name) == folded }
            return others.count == 1 ? others[0].column : nil
        }
    }

    /// `name` with its ASCII letters in lower case: how SQLite compares identifiers.
    private static func folded(_ name: String) -> String {
        String(
            decoding: name.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
            as: UTF8.self)
    }
}
