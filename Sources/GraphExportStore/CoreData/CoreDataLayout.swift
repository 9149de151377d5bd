import GraphExport

/// Where one relationship's destinations are stored.
enum RelationshipStorage {
    /// A to-one: a foreign-key column on the source row. (When the destination has sub-entities
    /// Core Data also stores its `Z_ENT` in `Z<n>_<REL>`; the reader takes it from the row itself.)
    case foreignKey(column: String)
    /// A one-to-many: the inverse to-one's column on the destination table, with the `Z_FOK_`
    /// column that orders an ordered relationship.
    case inverseForeignKey(table: String, column: String, orderColumn: String?, entities: [Int64])
    /// A many-to-many: a join table with one column per side, and the `Z_FOK_` column that orders
    /// an ordered relationship.
    case joinTable(
        table: String, sourceColumn: String, destinationColumn: String, orderColumn: String?,
        destinationTable: String)
}

/// The column of one attribute.
struct AttributeColumn {
    /// The column's name.
    let name: String
    /// Whether the attribute allows external storage: its values carry a marker byte (§1.7).
    let isExternal: Bool
}

/// How one entity of the model maps onto the store's tables.
struct EntityLayout {
    /// The entity's number (`Z_PRIMARYKEY.Z_ENT`).
    let number: Int64
    /// The table of its inheritance hierarchy (`Z` + uppercase root entity name).
    let table: String
    /// One column per attribute, in ``GraphModel/attributes(of:)`` order.
    let attributeColumns: [AttributeColumn]
    /// One entry per relationship, in ``GraphModel/relationships(of:)`` order.
    let relationships: [RelationshipStorage]
}

/// The mapping of a model version onto a store, checked column by column.
///
/// Names follow Core Data's rules (`docs/COREDATA.md`): one table per inheritance hierarchy, `Z` +
/// uppercase root entity name; attribute and to-one columns `Z` + uppercase property name, with
/// `1`, `2`, … appended, in `Z_ENT` order, when sibling sub-entities declare the same name;
/// many-to-many join tables `Z_<n><REL>`, named after either side, `n` being the number of the
/// entity that declares the relationship.
struct CoreDataLayout {
    let model: GraphModel
    let entities: [EntityLayout]
    /// Model entity index by store entity number.
    let indexByNumber: [Int64: Int]

    init(version: ModelVersion, numbers: [String: Int64], database: SQLiteDatabase) throws {
        let model = try GraphModel(entities: version.entities)
        let path = database.path
        for name in numbers.keys.sorted() where model.index(of: name) == nil {
            throw StoreError.entityNotInModel(path: path, entity: name, modelVersion: version.name)
        }
        var entityNumbers: [Int64] = []
        for entity in model.entities {
            guard let number = numbers[entity.name] else {
                throw StoreError.entityNotInStore(path: path, entity: entity.name, modelVersion: version.name)
            }
            entityNumbers.append(number)
        }
        let schema = StoreSchema(database: database)
        let columnNames = Self.columnNames(model, entityNumbers)
        var layouts: [EntityLayout] = []
        for index in model.entities.indices {
            let entityName = model.entities[index].name
            let table = Self.table(model, index)
            let lineage = model.lineage(of: index)
            let declaredAttributes = lineage.flatMap { declarer in
                model.entities[declarer].attributes.map { (declarer, $0) }
            }
            let attributeColumns = try declaredAttributes.map { declarer, attribute in
                AttributeColumn(
                    name: try schema.require(
                        columnNames[declarer][attribute.name]!, in: table, for: "\(entityName).\(attribute.name)"),
                    isExternal: version.allowsExternalStorage(
                        entity: model.entities[declarer].name, attribute: attribute.name))
            }
            let declarers = lineage.flatMap { declarer in model.entities[declarer].relationships.map { _ in declarer } }
            var storage: [RelationshipStorage] = []
            for (relationship, declarer) in zip(model.relationships(of: index), declarers) {
                let property = "\(entityName).\(relationship.name)"
                let destination = relationship.destination
                let inverse = relationship.inverse.map { model.relationships(of: destination)[$0] }
                if !relationship.isToMany {
                    storage.append(
                        .foreignKey(
                            column: try schema.require(
                                columnNames[declarer][relationship.name]!, in: table, for: property)))
                } else if let inverse, !inverse.isToMany {
                    let destinationTable = Self.table(model, destination)
                    let inverseDeclarer = Self.declarer(of: inverse.name, in: destination, model)
                    let column = try schema.require(
                        columnNames[inverseDeclarer][inverse.name]!, in: destinationTable, for: property)
                    let orderColumn =
                        try relationship.info.isOrdered
                        ? schema.require("Z_FOK_" + column.dropFirst(), in: destinationTable, for: property) : nil
                    storage.append(
                        .inverseForeignKey(
                            table: destinationTable, column: column, orderColumn: orderColumn,
                            entities: model.concreteEntities.filter { model.entity($0, isKindOf: destination) }
                                .map { entityNumbers[$0] }))
                } else if let inverse {
                    storage.append(
                        try Self.joinTable(
                            relationship, inverse: inverse,
                            source: entityNumbers[declarer],
                            destination: entityNumbers[Self.declarer(of: inverse.name, in: destination, model)],
                            destinationTable: Self.table(model, destination), property: property, schema: schema))
                } else {
                    throw StoreError.unsupportedRelationship(
                        path: path, relationship: property,
                        reason: "to-many relationships without an inverse are not read yet")
                }
            }
            layouts.append(
                EntityLayout(
                    number: entityNumbers[index], table: table, attributeColumns: attributeColumns,
                    relationships: storage))
        }
        self.model = model
        self.entities = layouts
        self.indexByNumber = Dictionary(uniqueKeysWithValues: entityNumbers.enumerated().map { ($1, $0) })
    }

    /// `Z` + the uppercase name of the root of the entity's hierarchy.
    private static func table(_ model: GraphModel, _ entity: Int) -> String {
        "Z" + model.entities[model.root(of: entity)].name.uppercased()
    }

    /// The entity of `entity`'s lineage that declares the relationship named `name`.
    private static func declarer(of name: String, in entity: Int, _ model: GraphModel) -> Int {
        model.lineage(of: entity).last { ancestor in
            model.entities[ancestor].relationships.contains { $0.name == name }
        } ?? entity
    }

    /// The column of every stored property, by declaring entity and property name: `Z` + uppercase
    /// name, and a numeric suffix for the second and later declarers of the same name in one
    /// hierarchy, in `Z_ENT` order.
    private static func columnNames(_ model: GraphModel, _ numbers: [Int64]) -> [[String: String]] {
        var names = Array(repeating: [String: String](), count: model.entities.count)
        var groups: [String: [(number: Int64, entity: Int, name: String)]] = [:]
        for (entity, info) in model.entities.enumerated() {
            let properties = info.attributes.map(\.name) + info.relationships.filter { !$0.isToMany }.map(\.name)
            for name in properties {
                let key = "\(model.root(of: entity))/Z" + name.uppercased()
                groups[key, default: []].append((numbers[entity], entity, name))
            }
        }
        for declarers in groups.values {
            for (rank, declarer) in declarers.sorted(by: { $0.number < $1.number }).enumerated() {
                names[declarer.entity][declarer.name] =
                    "Z" + declarer.name.uppercased() + (rank == 0 ? "" : String(rank))
            }
        }
        return names
    }

    /// Finds the join table of a many-to-many pair under either side's name.
    private static func joinTable(
        _ relationship: ResolvedRelationship, inverse: ResolvedRelationship, source: Int64, destination: Int64,
        destinationTable: String, property: String, schema: StoreSchema
    ) throws -> RelationshipStorage {
        let sourceColumn = "Z_\(source)" + inverse.name.uppercased()
        let destinationColumn = "Z_\(destination)" + relationship.name.uppercased()
        let candidates = [
            "Z_\(source)" + relationship.name.uppercased(), "Z_\(destination)" + inverse.name.uppercased(),
        ]
        for table in candidates
        where try schema.has(sourceColumn, in: table) && schema.has(destinationColumn, in: table) {
            let order = "Z_FOK_" + destinationColumn.dropFirst(2)
            return .joinTable(
                table: table, sourceColumn: sourceColumn, destinationColumn: destinationColumn,
                orderColumn: try relationship.info.isOrdered && schema.has(order, in: table) ? order : nil,
                destinationTable: destinationTable)
        }
        throw StoreError.missingTable(path: schema.path, table: candidates.joined(separator: " or "), entity: property)
    }
}
