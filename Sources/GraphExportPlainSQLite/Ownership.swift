import GraphExport

/// Which foreign keys make their parent an object's owner in the tree shape (the rule is spelled
/// out on ``SQLiteDatabaseSource``), expressed as the ``NestingRule`` of each to-many inverse.
struct Ownership {
    /// Per entity, one rule per relationship: the decision for an inverse to-many, `.reference`
    /// for a many-to-many, `.automatic` for a to-one (which never nests its parent).
    let nesting: [[NestingRule]]

    /// A foreign key: its table and its index in the table's ``TableSchema/foreignKeys``.
    private struct Pair: Hashable {
        let table: Int
        let key: Int
    }

    init(
        tables: [TableSchema], entityTables: [Int], relationships: [[PlainRelationship]], names: [[String]],
        options: SQLiteSourceOptions, path: String
    ) throws {
        let lookup = Lookup(
            tables: tables, entityTables: entityTables, relationships: relationships, names: names, path: path)
        let chosenPairs = try options.nest.map { (name: $0, pair: try lookup.pair(for: $0, nesting: true)) }
        let notNested = Set(try options.noNest.compactMap { try lookup.pair(for: $0, nesting: false) })
        if let conflict = chosenPairs.first(where: { $0.pair.map(notNested.contains) == true }) {
            throw PlainSQLiteOptionError.conflictingNesting(path: path, name: conflict.name)
        }
        let nested = Set(chosenPairs.compactMap(\.pair))
        let referenceCounts = tables.indices.map { parent in
            Set(tables.indices.filter { $0 != parent && tables[$0].foreignKeys.contains { $0.parent == parent } }).count
        }
        var decisions: [Pair: NestingRule] = [:]
        for child in entityTables {
            let keys = tables[child].foreignKeys
            let open = keys.indices.filter { !notNested.contains(Pair(table: child, key: $0)) }
            let chosen = open.filter { nested.contains(Pair(table: child, key: $0)) }
            let cascading = open.filter { keys[$0].onDelete == "CASCADE" && !chosen.contains($0) }
            var automatic = Set(cascading)
            if chosen.isEmpty, cascading.isEmpty,
                let pick = Self.heuristicOwner(child, among: open, tables: tables, referenceCounts: referenceCounts)
            {
                automatic.insert(pick)
            }
            for key in keys.indices {
                let pair = Pair(table: child, key: key)
                decisions[pair] = chosen.contains(key) ? .nest : automatic.contains(key) ? .automatic : .reference
            }
        }
        nesting = relationships.map { list in
            list.map { relationship in
                switch relationship {
                case .toOne: return .automatic
                case .inverse(let child, let key): return decisions[Pair(table: child, key: key)] ?? .reference
                case .link: return .reference
                }
            }
        }
    }

    /// The one foreign key of `child` the automatic rule nests it under, if any.
    ///
    /// Candidates: foreign keys to another table that are named after it (the child's columns have
    /// the parent's key column names, or one column is the parent's name plus an id marker:
    /// `ArtistId` → Artist; not a role such as `SupportRepId` → Employee). A candidate whose table
    /// has foreign keys of its own or more than two columns besides its primary key is a real
    /// parent; the others are lookup tables (Genre, MediaType). The first real parent wins, ranked
    /// by: the child's name starts with the parent's (InvoiceLine → Invoice), then the parent is
    /// referenced by fewer tables, then column order. Without a real parent, a single lookup-table
    /// candidate wins (Album → Artist); several tie, and none wins.
    private static func heuristicOwner(
        _ child: Int, among keys: [Int], tables: [TableSchema], referenceCounts: [Int]
    ) -> Int? {
        let table = tables[child]
        let candidates = keys.filter { key in
            let foreignKey = table.foreignKeys[key]
            return foreignKey.parent != child && isNamedAfterParent(foreignKey, of: table, in: tables)
        }
        let realParents = candidates.filter { key in
            let parent = tables[table.foreignKeys[key].parent]
            return !parent.foreignKeys.isEmpty || parent.columns.count - parent.primaryKey.count > 2
        }
        guard !realParents.isEmpty else { return candidates.count == 1 ? candidates[0] : nil }
        let childName = RelationNaming.normalized(table.name)
        return realParents.min { first, second in
            func rank(_ key: Int) -> (Int, Int, Int) {
                let parent = table.foreignKeys[key].parent
                let stem = RelationNaming.singular(RelationNaming.normalized(tables[parent].name))
                let prefixed = !stem.isEmpty && childName.hasPrefix(stem)
                return (prefixed ? 0 : 1, referenceCounts[parent], table.foreignKeys[key].columns[0])
            }
            return rank(first) < rank(second)
        }
    }

    private static func isNamedAfterParent(_ key: ForeignKeySchema, of table: TableSchema, in tables: [TableSchema])
        -> Bool
    {
        let parent = tables[key.parent]
        let sameColumns = zip(key.columns, key.parentColumns).allSatisfy { column, parentColumn in
            SQLName.folded(table.columns[column].name) == SQLName.folded(parent.columns[parentColumn].name)
        }
        if sameColumns { return true }
        guard key.columns.count == 1, let stem = RelationNaming.strippingIDSuffix(table.columns[key.columns[0]].name)
        else { return false }
        return RelationNaming.sameNoun(stem, parent.name)
    }

    /// Resolves the `Table.relationship` names of `--nest` and `--no-nest`.
    private struct Lookup {
        let tables: [TableSchema]
        let entityTables: [Int]
        let relationships: [[PlainRelationship]]
        let names: [[String]]
        let path: String

        /// The foreign key behind a name; `nil` for a many-to-many given to `--no-nest` (it never
        /// nests anyway).
        func pair(for text: String, nesting: Bool) throws -> Pair? {
            guard let dot = text.lastIndex(of: "."), dot != text.startIndex else {
                throw PlainSQLiteOptionError.unknownRelationship(path: path, name: text)
            }
            let tableName = String(text[..<dot])
            let relationshipName = String(text[text.index(after: dot)...])
            let entity =
                entityTables.firstIndex { tables[$0].name == tableName }
                ?? entityTables.firstIndex { SQLName.folded(tables[$0].name) == SQLName.folded(tableName) }
            guard let entity else {
                throw PlainSQLiteOptionError.unknownTable(
                    path: path, name: text, table: tableName, known: entityTables.map { tables[$0].name })
            }
            guard let index = names[entity].firstIndex(of: relationshipName) else {
                throw PlainSQLiteOptionError.unknownTableRelationship(
                    path: path, name: text, table: tables[entityTables[entity]].name, known: names[entity])
            }
            switch relationships[entity][index] {
            case .toOne(let key):
                return Pair(table: entityTables[entity], key: key)
            case .inverse(let child, let key):
                return Pair(table: child, key: key)
            case .link:
                guard !nesting else {
                    throw PlainSQLiteOptionError.cannotNest(
                        path: path, name: text,
                        reason: "it is many-to-many, and many-to-many relationships are references")
                }
                return nil
            }
        }
    }
}
