import GraphExport

/// Where one relationship's destinations are stored.
enum RelationshipStorage {
    /// A to-one: a foreign-key column on the source row, and, when the destination has
    /// sub-entities, a `Z<n>_<REL>` column with the destination's `Z_ENT`.
    case foreignKey(column: String, entityColumn: String?)
    /// A one-to-many: the inverse to-one's column on the destination table, with the `Z_FOK_`
    /// column that orders an ordered relationship.
    case inverseForeignKey(table: String, column: String, orderColumn: String?, entities: [Int64])
    /// A many-to-many: a join table with one column per side.
    case joinTable(table: String, sourceColumn: String, destinationColumn: String, destinationTable: String)
}

/// How one entity of the model maps onto the store's tables.
struct EntityLayout {
    /// The entity's number (`Z_PRIMARYKEY.Z_ENT`).
    let number: Int64
    /// The table of its inheritance hierarchy (`Z` + uppercase root entity name).
    let table: String
    /// One column per attribute, in ``GraphModel/attributes(of:)`` order.
    let attributeColumns: [String]
    /// One entry per relationship, in ``GraphModel/relationships(of:)`` order.
    let relationships: [RelationshipStorage]
}

/// The mapping of a model version onto a store, checked column by column.
///
/// Names follow Core Data's rules (see `docs/` and `coredata-format.md` §1.3–1.4): table `Z` +
/// uppercase root entity name; attribute and to-one columns `Z` + uppercase property name;
/// many-to-many join tables `Z_<n><REL>`, named after either side.
struct CoreDataLayout {
    let model: GraphModel
    let entities: [EntityLayout]
    /// Model entity index by store entity number.
    let indexByNumber: [Int64: Int]

    init(entities: [EntityInfo], versionName: String, numbers: [String: Int64], database: SQLiteDatabase) throws {
        let model = try GraphModel(entities: entities)
        let path = database.path
        for name in numbers.keys.sorted() where model.index(of: name) == nil {
            throw StoreError.entityNotInModel(path: path, entity: name, modelVersion: versionName)
        }
        var columnsByTable: [String: Set<String>] = [:]
        func columns(_ table: String, for entity: String) throws -> Set<String> {
            if let known = columnsByTable[table] { return known }
            let found = Set(try database.columns(of: table))
            guard !found.isEmpty else { throw StoreError.missingTable(path: path, table: table, entity: entity) }
            columnsByTable[table] = found
            return found
        }
        func number(_ index: Int) throws -> Int64 {
            let name = model.entities[index].name
            guard let number = numbers[name] else {
                throw StoreError.entityNotInStore(path: path, entity: name, modelVersion: versionName)
            }
            return number
        }
        func table(_ index: Int) -> String {
            "Z" + model.entities[model.root(of: index)].name.uppercased()
        }
        var layouts: [EntityLayout] = []
        var indexByNumber: [Int64: Int] = [:]
        for index in model.entities.indices {
            let entityName = model.entities[index].name
            let entityNumber = try number(index)
            indexByNumber[entityNumber] = index
            let entityTable = table(index)
            let available = try columns(entityTable, for: entityName)
            func require(_ column: String, _ property: String, in table: String = entityTable, _ present: Set<String>? = nil) throws -> String {
                guard (present ?? available).contains(column) else {
                    throw StoreError.missingColumn(path: path, table: table, column: column, property: "\(entityName).\(property)")
                }
                return column
            }
            let attributeColumns = try model.attributes(of: index).map { try require("Z" + $0.name.uppercased(), $0.name) }
            var storage: [RelationshipStorage] = []
            for relationship in model.relationships(of: index) {
                let destination = relationship.destination
                let upperName = relationship.name.uppercased()
                let inverse = relationship.inverse.map { model.relationships(of: destination)[$0] }
                if !relationship.isToMany {
                    let column = try require("Z" + upperName, relationship.name)
                    let entityColumn = "Z\(try number(destination))_" + upperName
                    storage.append(.foreignKey(column: column, entityColumn: available.contains(entityColumn) ? entityColumn : nil))
                } else if let inverse, !inverse.isToMany {
                    let destinationTable = table(destination)
                    let present = try columns(destinationTable, for: model.entities[destination].name)
                    let column = try require("Z" + inverse.name.uppercased(), relationship.name, in: destinationTable, present)
                    let order = "Z_FOK_" + inverse.name.uppercased()
                    let kinds = try model.concreteEntities.filter { model.entity($0, isKindOf: destination) }.map(number)
                    storage.append(
                        .inverseForeignKey(
                            table: destinationTable, column: column,
                            orderColumn: relationship.info.isOrdered && present.contains(order) ? order : nil,
                            entities: kinds))
                } else if let inverse {
                    storage.append(
                        try Self.joinTable(
                            relationship, inverse: inverse, source: try number(index), destination: try number(destination),
                            destinationTable: table(destination), entityName: entityName, database: database))
                } else {
                    throw StoreError.unsupportedRelationship(
                        path: path, relationship: "\(entityName).\(relationship.name)",
                        reason: "to-many relationships without an inverse are not read yet")
                }
            }
            layouts.append(EntityLayout(number: entityNumber, table: entityTable, attributeColumns: attributeColumns, relationships: storage))
        }
        self.model = model
        self.entities = layouts
        self.indexByNumber = indexByNumber
    }

    /// Finds the join table of a many-to-many pair under either side's name.
    private static func joinTable(
        _ relationship: ResolvedRelationship, inverse: ResolvedRelationship, source: Int64, destination: Int64,
        destinationTable: String, entityName: String, database: SQLiteDatabase
    ) throws -> RelationshipStorage {
        let sourceColumn = "Z_\(source)" + inverse.name.uppercased()
        let destinationColumn = "Z_\(destination)" + relationship.name.uppercased()
        for candidate in ["Z_\(source)" + relationship.name.uppercased(), "Z_\(destination)" + inverse.name.uppercased()] {
            let present = Set(try database.columns(of: candidate))
            if present.contains(sourceColumn) && present.contains(destinationColumn) {
                return .joinTable(
                    table: candidate, sourceColumn: sourceColumn, destinationColumn: destinationColumn,
                    destinationTable: destinationTable)
            }
        }
        throw StoreError.missingTable(
            path: database.path, table: "Z_\(source)" + relationship.name.uppercased(),
            entity: "\(entityName).\(relationship.name)")
    }
}
