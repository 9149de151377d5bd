import GraphExport
import GraphExportSQLite

/// Where one relationship's destinations are stored.
enum RelationshipStorage {
    /// A to-one: a foreign-key column on the source row. (When the destination has sub-entities
    /// Core Data also stores its `Z_ENT` in `Z<n>_<REL>`; the reader takes it from the row itself.)
    case foreignKey(column: String)
    /// A one-to-many, or a to-many without an inverse: a key column on the destination table (the
    /// inverse to-one's, or Core Data's hidden `Z<n><REL>`) holding the source's `Z_PK`, with the
    /// `Z_FOK_` column that orders an ordered relationship.
    case inverseForeignKey(table: String, column: String, orderColumn: String?, entities: [Int64])
    /// A many-to-many: a join table with one column per side, and the `Z_FOK_` column that orders
    /// an ordered relationship.
    case joinTable(
        table: String, sourceColumn: String, destinationColumn: String, orderColumn: String?,
        destinationTable: String)
    /// A reflexive many-to-many, whose inverse is itself (`Person.invalidMergeCandidates`): a join
    /// table whose two key columns each hold one object of a pair. Which order a pair is stored in
    /// is not known, so an object's destinations are its partners in either column, each once.
    case reflexiveJoinTable(table: String, columns: (String, String), destinationTable: String)
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
    /// One column per attribute, in ``GraphModel/attributes(of:)`` order; `nil` for an attribute
    /// the store's ``ReadScope`` does not read.
    let attributeColumns: [AttributeColumn?]
    /// One entry per relationship, in ``GraphModel/relationships(of:)`` order; `nil` for a
    /// relationship the store's ``ReadScope`` does not read.
    let relationships: [RelationshipStorage?]
}

/// The mapping of a model version onto a store, checked column by column.
///
/// Names follow Core Data's rules (`docs/COREDATA.md`): one table per inheritance hierarchy, `Z` +
/// uppercase root entity name; attribute and to-one columns `Z` + uppercase property name, with
/// `1`, `2`, … appended, in `Z_ENT` order, when entities of one hierarchy declare the same name
/// (``EntityColumns``); many-to-many join tables `Z_<n><REL>`, named after either side
/// (``JoinTables``); a to-many relationship without an inverse a hidden key `Z<n><REL>` on the
/// destination's table. Every name is then looked for among the store's real tables and columns,
/// where a numeric suffix the rules do not predict is accepted when one name alone fits
/// (``NameMatching``).
///
/// Only the properties a ``ReadScope`` reads are looked for, each once, on the entity that
/// declares it: one that is left out, or that only entities whose objects are not written have,
/// is neither looked for nor read, so it cannot stop the rest of the store from being exported.
struct CoreDataLayout {
    let model: GraphModel
    let entities: [EntityLayout]
    /// Model entity index by store entity number (``entity(numbered:)``).
    private let indexByNumber: [Int64: Int]
    /// The same for the numbers up to ``denseNumberLimit``, by number, -1 for none: a row's
    /// `Z_ENT` is looked up for every row read.
    private let denseIndexByNumber: [Int32]
    private static let denseNumberLimit: Int64 = 1 << 16
    /// What the mapping chose on its own, each once: a column or join table picked among several
    /// that fit, an ordered relationship read without its order.
    let warnings: [Warning]
    /// The model version's attributes kept in the history after deletion
    /// (``ModelVersion/preservedAfterDeletionAttributes``).
    let preservedAfterDeletion: Set<String>?

    init(version: ModelVersion, numbers: [String: Int64], database: SQLiteDatabase, scope: ReadScope) throws {
        let model = try GraphModel(entities: version.entities)
        let path = database.path
        for name in numbers.keys.sorted() where model.index(of: name) == nil {
            throw CoreDataError.entityNotInModel(path: path, entity: name, modelVersion: version.name)
        }
        var entityNumbers: [Int64] = []
        for entity in model.entities {
            guard let number = numbers[entity.name] else {
                throw CoreDataError.entityNotInStore(path: path, entity: entity.name, modelVersion: version.name)
            }
            entityNumbers.append(number)
        }
        let schema = StoreSchema(database: database)
        let mapping = try Mapping(
            model: model, numbers: entityNumbers, schema: schema,
            columns: try EntityColumns(model: model, numbers: entityNumbers, schema: schema),
            joinTables: JoinTables(model: model, numbers: entityNumbers, schema: schema))
        let reads = scope.reads(in: model)
        var warnings: [Warning] = []
        var attributeColumns: [DeclaredProperty: AttributeColumn] = [:]
        var storage: [DeclaredProperty: RelationshipStorage] = [:]
        for declarer in model.entities.indices {
            let info = model.entities[declarer]
            for attribute in info.attributes {
                let property = DeclaredProperty(entity: declarer, name: attribute.name)
                guard reads.reads(property) else { continue }
                attributeColumns[property] = AttributeColumn(
                    name: try mapping.columns.column(of: declarer, attribute.name).column(
                        for: "\(info.name).\(attribute.name)", path: path, warnings: &warnings),
                    isExternal: version.allowsExternalStorage(entity: info.name, attribute: attribute.name))
            }
            for relationship in model.relationships(of: declarer).suffix(info.relationships.count) {
                let property = DeclaredProperty(entity: declarer, name: relationship.name)
                guard reads.reads(property) else { continue }
                storage[property] = try mapping.storage(
                    of: relationship, declaredBy: declarer, property: "\(info.name).\(relationship.name)",
                    warnings: &warnings)
            }
        }
        var layouts: [EntityLayout] = []
        for index in model.entities.indices {
            let lineage = model.lineage(of: index)
            layouts.append(
                EntityLayout(
                    number: entityNumbers[index], table: EntityColumns.table(of: index, in: model),
                    attributeColumns: lineage.flatMap { declarer in
                        model.entities[declarer].attributes.map {
                            attributeColumns[DeclaredProperty(entity: declarer, name: $0.name)]
                        }
                    },
                    relationships: lineage.flatMap { declarer in
                        model.entities[declarer].relationships.map {
                            storage[DeclaredProperty(entity: declarer, name: $0.name)]
                        }
                    }))
        }
        self.model = model
        self.entities = layouts
        self.preservedAfterDeletion = version.preservedAfterDeletionAttributes
        self.indexByNumber = Dictionary(uniqueKeysWithValues: entityNumbers.enumerated().map { ($1, $0) })
        let denseNumbers = entityNumbers.filter { (0..<Self.denseNumberLimit).contains($0) }
        var dense = [Int32](repeating: -1, count: Int(denseNumbers.max() ?? -1) + 1)
        for (index, number) in entityNumbers.enumerated() where denseNumbers.contains(number) {
            dense[Int(number)] = Int32(index)
        }
        self.denseIndexByNumber = dense
        var seen: Set<Warning> = []
        self.warnings = warnings.filter { seen.insert($0).inserted }
    }

    /// What the relationships are mapped with.
    private struct Mapping {
        let model: GraphModel
        /// Each entity's `Z_ENT`, in model order.
        let numbers: [Int64]
        let schema: StoreSchema
        let columns: EntityColumns
        let joinTables: JoinTables

        /// Where `relationship`, declared by entity `declarer`, keeps its destinations.
        func storage(
            of relationship: ResolvedRelationship, declaredBy declarer: Int, property: String,
            warnings: inout [Warning]
        ) throws -> RelationshipStorage {
            let path = schema.path
            let destination = relationship.destination
            let destinationTable = EntityColumns.table(of: destination, in: model)
            let kinds = model.concreteEntities.filter { model.entity($0, isKindOf: destination) }.map { numbers[$0] }
            guard relationship.isToMany else {
                return .foreignKey(
                    column: try columns.column(of: declarer, relationship.name).column(
                        for: property, path: path, warnings: &warnings))
            }
            guard let inverse = relationship.inverse.map({ model.relationships(of: destination)[$0] }) else {
                let column = try columns.column(of: declarer, relationship.name).column(
                    for: property, path: path, warnings: &warnings)
                var orderColumn: String?
                if relationship.info.isOrdered {
                    let order = try self.orderColumn(
                        after: column, stem: "Z_FOK_\(numbers[declarer])" + relationship.name.uppercased(),
                        in: destinationTable)
                    orderColumn = order.match.name
                    if orderColumn == nil {
                        warnings.append(
                            Warning(
                                "\(path): \(destinationTable) has no column \(order.request.expected) for the "
                                    + "order of \(property); its destinations are read in Z_PK order"))
                    }
                }
                return .inverseForeignKey(
                    table: destinationTable, column: column, orderColumn: orderColumn, entities: kinds)
            }
            let inverseDeclarer = CoreDataLayout.declarer(of: inverse.name, in: destination, model)
            guard !inverse.isToMany else {
                return try joinTables.storage(
                    of: relationship, inverse: inverse, source: numbers[declarer],
                    destination: numbers[inverseDeclarer], destinationTable: destinationTable, property: property,
                    warnings: &warnings)
            }
            let column = try columns.column(of: inverseDeclarer, inverse.name).column(
                for: property, path: path, warnings: &warnings)
            let orderColumn =
                try relationship.info.isOrdered
                ? orderColumn(after: column, stem: "Z_FOK_" + inverse.name.uppercased(), in: destinationTable)
                    .column(for: property, path: path, warnings: &warnings) : nil
            return .inverseForeignKey(
                table: destinationTable, column: column, orderColumn: orderColumn, entities: kinds)
        }

        /// The `Z_FOK_` column that orders the destinations whose key column is `key`: `Z_FOK_` +
        /// the key without its leading `Z`, or a suffixed name of `stem` that is no other key's
        /// order column.
        private func orderColumn(after key: String, stem: String, in table: String) throws -> ColumnLookup {
            let request = NameRequest(expected: "Z_FOK_" + key.dropFirst(), stem: stem)
            let present = try schema.columns(of: table)
            let others = Set(columns.columnsTaken(in: table).map { "Z_FOK_" + $0.dropFirst() })
                .subtracting([request.expected])
            return ColumnLookup(
                table: table, request: request,
                match: NameMatching.match([request], among: present, taken: others)[0], tableExists: !present.isEmpty)
        }
    }

    /// The entity of `entity`'s lineage that declares the relationship named `name`.
    private static func declarer(of name: String, in entity: Int, _ model: GraphModel) -> Int {
        model.lineage(of: entity).last { ancestor in
            model.entities[ancestor].relationships.contains { $0.name == name }
        } ?? entity
    }
}

extension CoreDataLayout {
    /// The model entity index of the store's entity `number` (`Z_ENT`), if there is one.
    @inline(__always)
    func entity(numbered number: Int64) -> Int? {
        if number >= 0 && number < Int64(denseIndexByNumber.count) {
            let index = denseIndexByNumber[Int(number)]
            return index >= 0 ? Int(index) : nil
        }
        return indexByNumber[number]
    }
}
