public import GraphExport

/// The tables, views and indexes a model becomes, and where each entity's attributes and
/// relationships go: the relational mapping of docs/RELATIONAL.md, made once from the model so
/// that the SQLite database, the SQL script and `graphexport schema --format sql` cannot differ.
public struct RelationalSchema: Sendable {
    /// A column of a table.
    public struct Column: Sendable, Hashable {
        /// Its name in the database.
        public let name: String
        /// What it holds.
        public let type: ColumnType
        /// Whether it is declared `NOT NULL`.
        public let isNotNull: Bool
        /// The table whose `_pk` it references, for a foreign key.
        public let references: Int?
    }

    /// What a table holds.
    public enum TableKind: Sendable, Hashable {
        /// The objects of one inheritance hierarchy, by its root entity's index.
        case hierarchy(root: Int)
        /// One relationship's pairs, by the index of the entity that declares it and the name;
        /// ordered relationships have a `position` column.
        case join(entity: Int, relationship: String, isOrdered: Bool)
    }

    /// A table.
    public struct Table: Sendable {
        /// Its name in the database.
        public let name: String
        /// What it holds.
        public let kind: TableKind
        /// Its columns, in order: for a hierarchy `_pk`, `_id`, `_entity`, then the properties;
        /// for a join table the source, the destination, and the position of an ordered one.
        public let columns: [Column]
        /// The columns of its primary key.
        public let primaryKey: [Int]
    }

    /// A view of a sub-entity: the rows of its hierarchy's table that are its objects.
    public struct View: Sendable {
        /// Its name in the database (the entity's, unless taken).
        public let name: String
        /// The hierarchy table it selects from.
        public let table: Int
        /// Its columns: a column of the table and the name it has in the view.
        public let columns: [(column: Int, name: String)]
        /// The entities whose objects it selects: the entity and its sub-entities.
        public let entities: [String]
    }

    /// An index created after the data.
    public struct Index: Sendable {
        /// Its name in the database.
        public let name: String
        /// The table it indexes.
        public let table: Int
        /// The column it indexes.
        public let column: Int
        /// Whether it is unique.
        public let isUnique: Bool
    }

    /// Where a relationship of an entity is kept.
    public enum RelationshipPlace: Sendable, Hashable {
        /// A foreign-key column of the entity's table (a to-one).
        case column(Int)
        /// A join table's rows (by table index).
        case joinTable(Int)
        /// Nowhere of its own: the inverse's column or join table holds it.
        case inverse
    }

    /// Where one entity's objects go.
    public struct EntityMapping: Sendable {
        /// The table of its hierarchy.
        public let table: Int
        /// The column of each attribute, in ``GraphModel/attributes(of:)`` order.
        public let attributeColumns: [Int]
        /// Where each relationship goes, in ``GraphModel/relationships(of:)`` order.
        public let relationships: [RelationshipPlace]

        /// The columns of its to-one foreign keys, in relationship order.
        public var foreignKeyColumns: [Int] {
            relationships.compactMap { place in
                guard case .column(let column) = place else { return nil }
                return column
            }
        }
    }

    /// The name of the table of the export's header (docs/RELATIONAL.md, *What was exported*).
    public let sourceTable: String
    /// The name of the table of a delta's tombstones.
    public let deletedTable: String
    /// The name of the table that says where each property went (``propertyPlaces``).
    public let columnsTable: String
    /// The hierarchy tables, then the join tables.
    public let tables: [Table]
    /// The views of the sub-entities, in model order.
    public let views: [View]
    /// The indexes.
    public let indexes: [Index]
    /// Per entity of the model, where its objects go.
    public let entities: [EntityMapping]
    /// The model the mapping was made from.
    public let model: GraphModel

    /// The columns every hierarchy table starts with.
    public static let keyColumn = 0
    /// The column of an object's identifier.
    public static let idColumn = 1
    /// The column of an object's concrete entity.
    public static let entityColumn = 2

    /// Maps `model`'s entities to tables.
    public init(model: GraphModel) {
        self.model = model
        var builder = Builder(model: model)
        var names = SQLNameSpace()
        sourceTable = names.claim("graphexport_source")
        deletedTable = names.claim("graphexport_deleted")
        columnsTable = names.claim("graphexport_columns")
        builder.addHierarchies(names: &names)
        views = builder.views(names: &names)
        builder.addJoinTables(names: &names)
        indexes = builder.indexes(names: &names)
        tables = builder.tables
        entities = builder.mappings()
    }

    /// The mapping of entity `entity`.
    public func mapping(of entity: Int) -> EntityMapping { entities[entity] }

    /// Where each property of each entity went, inherited ones included: the rows of
    /// `graphexport_columns` (docs/RELATIONAL.md, *Names*). An attribute or a to-one is a column of
    /// its hierarchy's table; a to-many kept in a join table is that table and its destination
    /// column; a to-many its inverse holds has no table or column.
    public var propertyPlaces: [(entity: String, property: String, table: String?, column: String?)] {
        model.entities.indices.flatMap { entity in
            let name = model.entities[entity].name
            let mapping = entities[entity]
            let table = tables[mapping.table]
            let attributes = zip(model.attributes(of: entity), mapping.attributeColumns).map { attribute, column in
                (name, attribute.name, Optional(table.name), Optional(table.columns[column].name))
            }
            let relationships = zip(model.relationships(of: entity), mapping.relationships).map {
                relationship, place -> (String, String, String?, String?) in
                switch place {
                case .column(let column): (name, relationship.info.name, table.name, table.columns[column].name)
                case .joinTable(let join):
                    (name, relationship.info.name, tables[join].name, tables[join].columns[1].name)
                case .inverse: (name, relationship.info.name, nil, nil)
                }
            }
            return attributes + relationships
        }
    }
}

extension RelationalSchema {
    /// Builds the mapping in the order names are claimed: hierarchies, views, join tables, indexes.
    private struct Builder {
        let model: GraphModel
        var tables: [Table] = []
        /// Per entity, the table of its hierarchy.
        var tableOfEntity: [Int]
        /// Per entity, the columns of the attributes it declares itself.
        var ownAttributeColumns: [[Int]]
        /// Per entity, the place of each relationship it declares itself.
        var ownPlaces: [[RelationshipPlace]]

        init(model: GraphModel) {
            self.model = model
            tableOfEntity = Array(repeating: 0, count: model.entities.count)
            ownAttributeColumns = Array(repeating: [], count: model.entities.count)
            ownPlaces = model.entities.map { entity in Array(repeating: .inverse, count: entity.relationships.count) }
        }

        /// The entities of the hierarchy of `root`: the root, then the others in model order.
        func members(of root: Int) -> [Int] {
            [root] + model.entities.indices.filter { $0 != root && model.root(of: $0) == root }
        }

        mutating func addHierarchies(names: inout SQLNameSpace) {
            let roots = model.entities.indices.filter { model.entities[$0].parent == nil }
            for root in roots {
                tableOfEntity[root] = tables.count
                let table = tables.count
                let name = names.claim(model.entities[root].name)
                var columnNames = SQLNameSpace()
                var columns = [
                    Column(name: "_pk", type: .key, isNotNull: true, references: nil),
                    Column(name: "_id", type: .text, isNotNull: true, references: nil),
                    Column(name: "_entity", type: .text, isNotNull: true, references: nil),
                ]
                for column in columns { columnNames.reserve(column.name) }
                for member in members(of: root) {
                    tableOfEntity[member] = table
                    let entity = model.entities[member]
                    for attribute in entity.attributes {
                        ownAttributeColumns[member].append(columns.count)
                        columns.append(
                            Column(
                                name: columnNames.claim(attribute.name), type: .attribute(attribute.type),
                                isNotNull: false, references: nil))
                    }
                    for (index, relationship) in entity.relationships.enumerated() where !relationship.isToMany {
                        ownPlaces[member][index] = .column(columns.count)
                        columns.append(
                            Column(
                                name: columnNames.claim(relationship.name), type: .key, isNotNull: false,
                                references: model.index(of: relationship.destination).map { model.root(of: $0) }))
                    }
                }
                tables.append(Table(name: name, kind: .hierarchy(root: root), columns: columns, primaryKey: [0]))
            }
            // Foreign keys were recorded by root entity; now that every root has its table, point
            // them at the tables.
            tables = tables.map { table in
                Table(
                    name: table.name, kind: table.kind,
                    columns: table.columns.map { column in
                        Column(
                            name: column.name, type: column.type, isNotNull: column.isNotNull,
                            references: column.references.map { tableOfEntity[$0] })
                    }, primaryKey: table.primaryKey)
            }
        }

        func views(names: inout SQLNameSpace) -> [View] {
            model.entities.indices.filter { model.entities[$0].parent != nil }.map { entity in
                var columnNames = SQLNameSpace()
                var columns: [(column: Int, name: String)] = []
                for column in [RelationalSchema.keyColumn, RelationalSchema.idColumn, RelationalSchema.entityColumn] {
                    let name = tables[tableOfEntity[entity]].columns[column].name
                    columnNames.reserve(name)
                    columns.append((column, name))
                }
                for member in model.lineage(of: entity) {
                    for (index, attribute) in model.entities[member].attributes.enumerated() {
                        columns.append((ownAttributeColumns[member][index], columnNames.claim(attribute.name)))
                    }
                    for (index, relationship) in model.entities[member].relationships.enumerated() {
                        guard case .column(let column) = ownPlaces[member][index] else { continue }
                        columns.append((column, columnNames.claim(relationship.name)))
                    }
                }
                let kinds = model.entities.indices.filter { model.entity($0, isKindOf: entity) }
                return View(
                    name: names.claim(model.entities[entity].name), table: tableOfEntity[entity], columns: columns,
                    entities: kinds.map { model.entities[$0].name })
            }
        }

        mutating func addJoinTables(names: inout SQLNameSpace) {
            for entity in model.entities.indices {
                for (index, relationship) in model.entities[entity].relationships.enumerated()
                where relationship.isToMany && keepsJoinTable(entity: entity, index: index) {
                    guard let destination = model.index(of: relationship.destination) else { continue }
                    ownPlaces[entity][index] = .joinTable(tables.count)
                    let declarer = model.entities[entity].name
                    var columnNames = SQLNameSpace()
                    var columns = [
                        Column(
                            name: columnNames.claim(declarer), type: .key, isNotNull: true,
                            references: tableOfEntity[entity]),
                        Column(
                            name: columnNames.claim(relationship.name), type: .key, isNotNull: true,
                            references: tableOfEntity[destination]),
                    ]
                    if relationship.isOrdered {
                        columns.append(
                            Column(
                                name: columnNames.claim("position"), type: .position, isNotNull: true, references: nil))
                    }
                    tables.append(
                        Table(
                            name: names.claim(declarer + "_" + relationship.name),
                            kind: .join(
                                entity: entity, relationship: relationship.name, isOrdered: relationship.isOrdered),
                            columns: columns, primaryKey: [0, 1]))
                }
            }
        }

        /// Whether the to-many that `entity` declares at `index` has a join table of its own: when it
        /// is ordered, has no inverse, or is the first in model order of an unordered many-to-many
        /// pair whose other side is unordered too.
        func keepsJoinTable(entity: Int, index: Int) -> Bool {
            let relationship = model.entities[entity].relationships[index]
            if relationship.isOrdered { return true }
            guard let inverseName = relationship.inverse, let destination = model.index(of: relationship.destination),
                let inverse = declaration(of: inverseName, from: destination)
            else { return true }
            let inverseInfo = model.entities[inverse.entity].relationships[inverse.index]
            guard inverseInfo.isToMany else { return false }
            if inverseInfo.isOrdered { return false }
            return (entity, index) <= (inverse.entity, inverse.index)
        }

        /// The entity that declares the relationship `name` that `entity` has, and its index there.
        func declaration(of name: String, from entity: Int) -> (entity: Int, index: Int)? {
            for member in model.lineage(of: entity).reversed() {
                if let index = model.entities[member].relationships.firstIndex(where: { $0.name == name }) {
                    return (member, index)
                }
            }
            return nil
        }

        func indexes(names: inout SQLNameSpace) -> [Index] {
            var indexes: [Index] = []
            for (number, table) in tables.enumerated() {
                switch table.kind {
                case .hierarchy:
                    indexes.append(
                        Index(
                            name: names.claim(table.name + "__id_key"), table: number,
                            column: RelationalSchema.idColumn,
                            isUnique: true))
                    for (column, info) in table.columns.enumerated() where info.references != nil {
                        indexes.append(
                            Index(
                                name: names.claim(table.name + "_" + info.name + "_idx"), table: number, column: column,
                                isUnique: false))
                    }
                case .join:
                    indexes.append(
                        Index(
                            name: names.claim(table.name + "_" + table.columns[1].name + "_idx"), table: number,
                            column: 1, isUnique: false))
                }
            }
            return indexes
        }

        func mappings() -> [EntityMapping] {
            model.entities.indices.map { entity in
                let lineage = model.lineage(of: entity)
                return EntityMapping(
                    table: tableOfEntity[entity], attributeColumns: lineage.flatMap { ownAttributeColumns[$0] },
                    relationships: lineage.flatMap { ownPlaces[$0] })
            }
        }
    }
}
