package import GraphExportSQLite

extension CoreDataStore: InspectableSource {
    /// What graphexport sees in the store (``StoreDescription``): the model chosen, and for every
    /// entity its object count (one `count(*)` per concrete entity), its table, and the column or
    /// table each of its properties is read from; the properties outside the store's
    /// ``ReadScope`` are not read, and not listed.
    package func storeDescription() throws -> StoreDescription {
        let model = layout.model
        var columnsByTable: [String: [String]] = [:]
        func columns(of table: String) throws -> [String] {
            if let known = columnsByTable[table] { return known }
            let found = try database.columns(of: table)
            columnsByTable[table] = found
            return found
        }
        var entities: [StoreDescription.Entity] = []
        for index in model.entities.indices {
            let entityLayout = layout.entities[index]
            let declarers = StoreDescription.declarers(in: model, of: index)
            let attributes = zip(model.attributes(of: index), entityLayout.attributeColumns).enumerated().compactMap {
                position, pair -> StoreDescription.Attribute? in
                guard let column = pair.1 else { return nil }
                return StoreDescription.Attribute(
                    info: pair.0, declaredBy: declarers.attributes[position], table: entityLayout.table,
                    column: column.name)
            }
            var relationships: [StoreDescription.Relationship] = []
            for (position, relationship) in model.relationships(of: index).enumerated() {
                let storage: StoreDescription.Storage
                switch entityLayout.relationships[position] {
                case nil:
                    continue
                case .foreignKey(let column)?:
                    let entityColumn = try columns(of: entityLayout.table).first {
                        Self.isEntityColumn($0, of: column)
                    }
                    storage = .foreignKey(
                        table: entityLayout.table, columns: [column],
                        destinationTable: layout.entities[relationship.destination].table,
                        destinationColumns: ["Z_PK"], entityColumn: entityColumn)
                case .inverseForeignKey(let table, let column, let orderColumn, _)?:
                    storage = .inverseForeignKey(table: table, columns: [column], orderColumn: orderColumn)
                case .joinTable(let table, let sourceColumn, let destinationColumn, let orderColumn, _)?:
                    storage = .joinTable(
                        table: table, sourceColumns: [sourceColumn], destinationColumns: [destinationColumn],
                        orderColumn: orderColumn)
                case .reflexiveJoinTable(let table, let columns, _)?:
                    storage = .reflexiveJoinTable(table: table, columns: [columns.0, columns.1])
                }
                relationships.append(
                    StoreDescription.Relationship(
                        relationship, declaredBy: declarers.relationships[position], storage: storage))
            }
            entities.append(
                StoreDescription.entity(
                    index, in: model, objectCount: model.entities[index].isAbstract ? 0 : try count(index),
                    table: entityLayout.table, attributes: attributes, relationships: relationships))
        }
        return StoreDescription(document: document, entities: entities, inferredRelations: inferredRelations)
    }

    /// What only a Core Data store tells of itself (``CoreDataDescription``), beside its
    /// ``storeDescription()``: read from the store's metadata and layout, without a query.
    package var coreDataDescription: CoreDataDescription {
        let model = layout.model
        var externalStorage: [String: Set<String>] = [:]
        for (index, entity) in model.entities.enumerated() {
            let own = zip(model.attributes(of: index), layout.entities[index].attributeColumns)
                .suffix(entity.attributes.count)
            for (attribute, column) in own where column?.isExternal == true {
                externalStorage[entity.name, default: []].insert(attribute.name)
            }
        }
        return CoreDataDescription(
            storeUUID: storeUUID, frameworkVersion: frameworkVersion, model: modelChoice,
            entityNumbers: Dictionary(
                uniqueKeysWithValues: zip(model.entities.map(\.name), layout.entities.map(\.number))),
            externalStorage: externalStorage)
    }

    /// Whether `name` is Core Data's copy of a to-one's destination `Z_ENT` beside its key
    /// column `column`: `Z<digits>_` and the key column's name without its `Z` (`Z1_FEATUREDITEM`
    /// beside `ZFEATUREDITEM`).
    private static func isEntityColumn(_ name: String, of column: String) -> Bool {
        let suffix = "_" + column.dropFirst()
        guard name.hasPrefix("Z"), name.hasSuffix(suffix) else { return false }
        let digits = name.dropFirst().dropLast(suffix.count)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
