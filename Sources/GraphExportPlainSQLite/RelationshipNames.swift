/// The names of a plain database's relationships (the rules are spelled out on
/// ``SQLiteDatabaseSource``).
///
/// Attributes keep their column names exactly; relationship names are made so that none equals a
/// column name or another relationship name of the same entity, compared case-insensitively.
struct RelationshipNames {
    /// Per entity, one name per relationship, in the layout's order.
    let names: [[String]]

    init(tables: [TableSchema], entityTables: [Int], relationships: [[PlainRelationship]]) {
        var names: [[String]] = []
        for (entity, table) in entityTables.enumerated() {
            var taken = Set(tables[table].columns.map { $0.name.lowercased() })
            var list = Array(repeating: "", count: relationships[entity].count)
            // To-ones first: the to-many names below do not take their names from them.
            for (index, relationship) in relationships[entity].enumerated() {
                guard case .toOne(let key) = relationship else { continue }
                list[index] = Self.unique(Self.toOneBase(table: table, key: key, in: tables), taken: &taken)
            }
            for (index, relationship) in relationships[entity].enumerated() {
                switch relationship {
                case .toOne:
                    continue
                case .inverse(let child, let key):
                    list[index] = Self.unique(Self.inverseBase(child: child, key: key, in: tables), taken: &taken)
                case .link(let link, _, let to):
                    let base = RelationNaming.plural(Self.toOneBase(table: link, key: to, in: tables))
                    list[index] = Self.unique(base, taken: &taken)
                }
            }
            names.append(list)
        }
        self.names = names
    }

    /// A to-one's name before clashes are settled: a single column's name without its id marker, in
    /// lower camel case (`AlbumId` → `album`, `SupportRepId` → `supportRep`, `ReportsTo` →
    /// `reportsTo`); for a composite key, or a column named just `id`, the parent table's name in
    /// lower camel case.
    static func toOneBase(table: Int, key index: Int, in tables: [TableSchema]) -> String {
        let child = tables[table]
        let key = child.foreignKeys[index]
        if key.columns.count == 1 {
            let column = child.columns[key.columns[0]].name
            let name = RelationNaming.lowerCamelCase(RelationNaming.strippingIDSuffix(column) ?? column)
            if !name.isEmpty { return name }
        }
        let name = RelationNaming.lowerCamelCase(tables[key.parent].name)
        return name.isEmpty ? "related" : name
    }

    /// A to-many inverse's name before clashes are settled: the child table's name in lower camel
    /// case, pluralized (`Track` → `tracks`); when the child has several foreign keys to the same
    /// table, followed by `By` and the to-one's name (`messagesBySender`, `messagesByRecipient`).
    private static func inverseBase(child: Int, key: Int, in tables: [TableSchema]) -> String {
        let camel = RelationNaming.lowerCamelCase(tables[child].name)
        let base = RelationNaming.plural(camel.isEmpty ? "related" : camel)
        let foreignKey = tables[child].foreignKeys[key]
        guard tables[child].foreignKeys.filter({ $0.parent == foreignKey.parent }).count > 1 else { return base }
        return base + "By" + RelationNaming.upperFirst(toOneBase(table: child, key: key, in: tables))
    }

    /// `base`, or when that is taken `base` + `Ref`, then `Ref2`, `Ref3`, …
    private static func unique(_ base: String, taken: inout Set<String>) -> String {
        var name = base
        var attempt = 1
        while taken.contains(name.lowercased()) {
            name = base + "Ref" + (attempt == 1 ? "" : String(attempt))
            attempt += 1
        }
        taken.insert(name.lowercased())
        return name
    }
}
