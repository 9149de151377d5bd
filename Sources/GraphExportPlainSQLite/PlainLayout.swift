import GraphExport
import GraphExportSQLite

/// Where one relationship of a plain-database entity gets its destinations.
enum PlainRelationship: Equatable {
    /// A to-one: foreign key `foreignKey` of the entity's own table.
    case toOne(foreignKey: Int)
    /// The to-many inverse of a to-one: the rows of table `child` whose foreign key `foreignKey`
    /// points at this object.
    case inverse(child: Int, foreignKey: Int)
    /// A many-to-many through link table `link`: its foreign key `from` points at this object, its
    /// foreign key `to` at the destinations.
    case link(table: Int, from: Int, to: Int)
}

/// How a plain database maps onto a ``GraphModel``: which tables are entities, which are
/// many-to-many links, what every relationship is called and which ones nest.
struct PlainLayout {
    let tables: [TableSchema]
    let model: GraphModel
    /// The table of each entity, by entity index.
    let entityTables: [Int]
    /// Per entity, one entry per relationship, in ``GraphModel/relationships(of:)`` order.
    let relationships: [[PlainRelationship]]
    /// Per entity, how each column's values are typed (``PlainColumnTypings``), in column order: the
    /// order of ``GraphModel/attributes(of:)``.
    let typings: [[PlainColumnTyping]]
    /// The columns (entity, column) read as JSON because ``SQLiteSourceOptions/jsonColumnNames``
    /// names them.
    let namedJSONColumns: Set<[Int]>

    init(tables: [TableSchema], options: SQLiteSourceOptions, database: SQLiteDatabase, onWarning: WarningHandler)
        throws
    {
        self.tables = tables
        let links = try Self.linkTables(tables, database: database, onWarning: onWarning)
        var entityTables: [Int] = []
        var entityOfTable: [Int?] = Array(repeating: nil, count: tables.count)
        for index in tables.indices where !links.contains(index) {
            entityOfTable[index] = entityTables.count
            entityTables.append(index)
        }
        var relationships: [[PlainRelationship]] = []
        for table in entityTables {
            var list = tables[table].foreignKeys.indices.map { PlainRelationship.toOne(foreignKey: $0) }
            for (other, schema) in tables.enumerated() {
                let pointingHere = schema.foreignKeys.indices.filter { schema.foreignKeys[$0].parent == table }
                if links.contains(other) {
                    for key in pointingHere {
                        list.append(.link(table: other, from: key, to: 1 - key))
                    }
                } else {
                    list += pointingHere.map { PlainRelationship.inverse(child: other, foreignKey: $0) }
                }
            }
            relationships.append(list)
        }
        let naming = RelationshipNames(tables: tables, entityTables: entityTables, relationships: relationships)
        let ownership = try Ownership(
            tables: tables, entityTables: entityTables, relationships: relationships, names: naming.names,
            options: options, path: database.path)
        let (typings, named) = try PlainColumnTypings.resolve(
            tables: tables, entityTables: entityTables, options: options, path: database.path)
        self.entityTables = entityTables
        self.relationships = relationships
        self.typings = typings
        self.namedJSONColumns = named
        self.model = try GraphModel(
            entities: entityTables.indices.map { entity in
                Self.entityInfo(
                    entity, tables: tables, entityTables: entityTables, entityOfTable: entityOfTable,
                    relationships: relationships, names: naming.names, nesting: ownership.nesting,
                    typings: typings[entity])
            })
    }

    /// The table of an entity.
    func table(of entity: Int) -> TableSchema {
        tables[entityTables[entity]]
    }

    // MARK: - Link tables

    /// The tables exported as many-to-many relationships rather than as entities: exactly two
    /// foreign keys whose columns are, together, all of the table's columns and its whole primary
    /// key; no foreign key points at the table; and every row points at an existing row on both
    /// sides (checked in the data, ``LinkRowCheck``; a link table with a dangling or null key stays
    /// an entity, so its raw values are kept, and a warning counts its rows that point at no row).
    private static func linkTables(
        _ tables: [TableSchema], database: SQLiteDatabase, onWarning: WarningHandler
    ) throws -> Set<Int> {
        let referenced = Set(tables.flatMap { $0.foreignKeys.map(\.parent) })
        var links: Set<Int> = []
        for (index, table) in tables.enumerated() where !table.isView && !referenced.contains(index) {
            guard table.foreignKeys.count == 2, table.keying != .position else { continue }
            let first = table.foreignKeys[0].columns
            let second = table.foreignKeys[1].columns
            let all = Set(first + second)
            guard Set(first).isDisjoint(with: second), all.count == table.columns.count, Set(table.primaryKey) == all
            else { continue }
            let resolves: Bool
            do {
                resolves = try LinkRowCheck(table: table, tables: tables, database: database).everyRowResolves()
            } catch let error as SQLiteError {
                throw error.reading("table '\(table.name)'")
            }
            // The count, for the warning, only when a row may point at no row.
            let unresolved = resolves ? 0 : try countUnresolvedRows(of: table, in: tables, database: database)
            guard unresolved == 0 else {
                onWarning(
                    Warning(
                        "\(database.path): link table \(table.name) has \(unresolved) rows that point at no row; "
                            + "exported as an entity so their raw values are kept"))
                continue
            }
            links.insert(index)
        }
        return links
    }

    private static func countUnresolvedRows(
        of table: TableSchema, in tables: [TableSchema], database: SQLiteDatabase
    ) throws -> Int64 {
        var sql = "SELECT count(*) FROM \(PlainSQL.table(table)) AS l"
        var missing: [String] = []
        for (index, key) in table.foreignKeys.enumerated() {
            let parent = tables[key.parent]
            let alias = "p\(index)"
            let condition = PlainSQL.joinCondition(
                key, parent: parent, parentAlias: alias, child: table, childAlias: "l")
            sql += " LEFT JOIN \(PlainSQL.table(parent)) AS \(alias) ON \(condition)"
            missing.append("\(PlainSQL.column(alias, parent.columns[key.parentColumns[0]].name)) IS NULL")
        }
        do {
            let statement = try database.prepare(sql + " WHERE " + missing.joined(separator: " OR "))
            _ = try statement.step()
            return statement.int64(at: 0)
        } catch let error as SQLiteError {
            throw error.reading("table '\(table.name)'")
        }
    }

    // MARK: - Model

    private static func entityInfo(
        _ entity: Int, tables: [TableSchema], entityTables: [Int], entityOfTable: [Int?],
        relationships: [[PlainRelationship]], names: [[String]], nesting: [[NestingRule]], typings: [PlainColumnTyping]
    ) -> EntityInfo {
        let table = tables[entityTables[entity]]
        let attributes = zip(table.columns, typings).map { column, typing in
            AttributeInfo(
                name: column.name, type: column.attributeType(typedAs: typing),
                isOptional:
                    !(column.isNotNull || (column.primaryKeyPosition > 0 && table.isWithoutRowid)
                    || (table.keying == .integerKey(column: column.name))))
        }
        let infos = relationships[entity].enumerated().map { index, relationship -> RelationshipInfo in
            let name = names[entity][index]
            switch relationship {
            case .toOne(let foreignKey):
                let key = table.foreignKeys[foreignKey]
                let destination = entityOfTable[key.parent]!
                let inverse = relationships[destination].firstIndex(
                    of: .inverse(child: entityTables[entity], foreignKey: foreignKey))!
                return RelationshipInfo(
                    name: name, destination: tables[key.parent].name, isToMany: false,
                    inverse: names[destination][inverse], deletionRule: .nullify,
                    isOptional: !key.columns.allSatisfy { table.columns[$0].isNotNull })
            case .inverse(let child, let foreignKey):
                let childEntity = entityOfTable[child]!
                let inverse = relationships[childEntity].firstIndex(of: .toOne(foreignKey: foreignKey))!
                return RelationshipInfo(
                    name: name, destination: tables[child].name, isToMany: true, inverse: names[childEntity][inverse],
                    deletionRule: deletionRule(tables[child].foreignKeys[foreignKey].onDelete),
                    nesting: nesting[entity][index])
            case .link(let link, let from, let to):
                let destinationTable = tables[link].foreignKeys[to].parent
                let destination = entityOfTable[destinationTable]!
                let inverse = relationships[destination].firstIndex(of: .link(table: link, from: to, to: from))!
                return RelationshipInfo(
                    name: name, destination: tables[destinationTable].name, isToMany: true,
                    inverse: names[destination][inverse], deletionRule: .nullify, nesting: .reference)
            }
        }
        return EntityInfo(name: table.name, attributes: attributes, relationships: infos)
    }

    /// The parent side's rule for an `ON DELETE` action: `CASCADE` → Cascade, `RESTRICT` → Deny,
    /// `SET NULL`/`SET DEFAULT` → Nullify, `NO ACTION` → No Action.
    private static func deletionRule(_ onDelete: String) -> DeletionRule {
        switch onDelete {
        case "CASCADE": return .cascade
        case "RESTRICT": return .deny
        case "SET NULL", "SET DEFAULT": return .nullify
        default: return .noAction
        }
    }
}
