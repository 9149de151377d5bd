package import GraphExportSQLite

extension SQLiteDatabaseSource: InspectableSource {
    /// What graphexport sees in the database (``StoreDescription``): every exported table with its
    /// row count, columns and relationships (foreign keys, their inverses, link tables), and which
    /// of them nest.
    package func storeDescription() throws -> StoreDescription {
        let model = layout.model
        let tables = layout.tables
        var entities: [StoreDescription.Entity] = []
        for index in model.entities.indices {
            let table = layout.table(of: index)
            let declarers = StoreDescription.declarers(in: model, of: index)
            let attributes = zip(model.attributes(of: index), table.columns).enumerated().map {
                position, pair in
                StoreDescription.Attribute(
                    info: pair.0, declaredBy: declarers.attributes[position], table: table.name, column: pair.1.name)
            }
            func names(_ columns: [Int], of table: TableSchema) -> [String] { columns.map { table.columns[$0].name } }
            var relationships: [StoreDescription.Relationship] = []
            for (position, relationship) in model.relationships(of: index).enumerated() {
                let storage: StoreDescription.Storage
                switch layout.relationships[index][position] {
                case .toOne(let foreignKey):
                    let key = table.foreignKeys[foreignKey]
                    let parent = tables[key.parent]
                    storage = .foreignKey(
                        table: table.name, columns: names(key.columns, of: table), destinationTable: parent.name,
                        destinationColumns: names(key.parentColumns, of: parent), entityColumn: nil)
                case .inverse(let child, let foreignKey):
                    let childTable = tables[child]
                    storage = .inverseForeignKey(
                        table: childTable.name,
                        columns: names(childTable.foreignKeys[foreignKey].columns, of: childTable),
                        orderColumn: nil)
                case .link(let link, let from, let to):
                    let linkTable = tables[link]
                    storage = .joinTable(
                        table: linkTable.name, sourceColumns: names(linkTable.foreignKeys[from].columns, of: linkTable),
                        destinationColumns: names(linkTable.foreignKeys[to].columns, of: linkTable), orderColumn: nil)
                }
                relationships.append(
                    StoreDescription.Relationship(
                        relationship, declaredBy: declarers.relationships[position], storage: storage))
            }
            entities.append(
                StoreDescription.entity(
                    index, in: model, objectCount: try count(index), table: table.name, attributes: attributes,
                    relationships: relationships))
        }
        return StoreDescription(document: document, entities: entities, inferredRelations: inferredRelations)
    }

    /// What only a plain SQLite database tells of itself (``PlainSQLiteDescription``), beside its
    /// ``storeDescription()``: each attribute's column with its typing, and the link tables, read
    /// from the layout without a query.
    package var plainSQLiteDescription: PlainSQLiteDescription {
        let model = layout.model
        let tables = layout.tables
        var columns: [String: [String: PlainSQLiteDescription.Column]] = [:]
        var linkRelationships: [Int: [String]] = [:]
        for index in model.entities.indices {
            let table = layout.table(of: index)
            for (position, (attribute, column)) in zip(model.attributes(of: index), table.columns).enumerated() {
                columns[model.entities[index].name, default: [:]][attribute.name] = PlainSQLiteDescription.Column(
                    declaredType: column.declaredType, typing: layout.typings[index][position])
            }
            for (position, relationship) in model.relationships(of: index).enumerated() {
                if case .link(let link, _, _) = layout.relationships[index][position] {
                    linkRelationships[link, default: []].append("\(table.name).\(relationship.name)")
                }
            }
        }
        let linkTables = linkRelationships.keys.sorted().map { link in
            PlainSQLiteDescription.LinkTable(
                name: tables[link].name, linkedTables: tables[link].foreignKeys.map { tables[$0.parent].name },
                relationships: linkRelationships[link] ?? [])
        }
        return PlainSQLiteDescription(columns: columns, linkTables: linkTables)
    }
}
