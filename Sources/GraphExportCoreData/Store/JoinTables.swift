import GraphExport
import GraphExportSQLite

/// Finds the join table of a many-to-many pair and its two key columns in the store.
///
/// The table is `Z_<n><NAME>`, named after either side (`n` the number of the entity declaring
/// that side); its key columns are `Z_<n><INVERSE>` (the source's keys) and `Z_<m><NAME>` (the
/// destination's), `m` the number of the entity declaring the inverse. Table and columns may carry
/// a numeric suffix (a Photos library: `Z_34SUGGESTIONSBEINGREPRESENTATIVEASSETS` with
/// `Z_34REPRESENTATIVEASSETS1`). The tables named exactly are tried first; the list of tables is
/// read only when none of them fits.
///
/// A reflexive many-to-many, whose inverse is itself, has one name, `Z_<n><NAME>`, and its key
/// columns are `Z_<n><NAME>` and `REFLEXIVE` (Apple Photos: `Z_45INVALIDMERGECANDIDATES` with the
/// columns `Z_45INVALIDMERGECANDIDATES` and `REFLEXIVE`), or, where a store has no `REFLEXIVE`,
/// the suffixed `Z_<n><NAME>1` the rule above gives.
struct JoinTables {
    private let schema: StoreSchema
    /// The exact name of every join table the model has, so that no pair takes another's.
    private let expectedNames: Set<String>

    /// `numbers` holds each entity's `Z_ENT`, in model order.
    init(model: GraphModel, numbers: [Int64], schema: StoreSchema) {
        self.schema = schema
        var names: Set<String> = []
        for (entity, info) in model.entities.enumerated() {
            for relationship in info.relationships where relationship.isToMany {
                guard let destination = model.index(of: relationship.destination), let inverse = relationship.inverse,
                    model.relationships(of: destination).contains(where: { $0.name == inverse && $0.isToMany })
                else { continue }
                names.insert("Z_\(numbers[entity])" + relationship.name.uppercased())
            }
        }
        expectedNames = names
    }

    /// The storage of `relationship`, declared by entity number `source`, whose to-many
    /// `inverse` is declared by entity number `destination`: a reflexive join table when the
    /// inverse is the relationship itself.
    ///
    /// - Throws: a ``CoreDataError`` naming the join table and key column looked for and what the
    ///   store has instead.
    func storage(
        of relationship: ResolvedRelationship, inverse: ResolvedRelationship, source: Int64, destination: Int64,
        destinationTable: String, property: String, warnings: inout [Warning]
    ) throws -> RelationshipStorage {
        var names = ["Z_\(source)" + relationship.name.uppercased()]
        if names[0] != "Z_\(destination)" + inverse.name.uppercased() {
            names.append("Z_\(destination)" + inverse.name.uppercased())
        }
        let sourceStem = "Z_\(source)" + inverse.name.uppercased()
        let destinationStem = "Z_\(destination)" + relationship.name.uppercased()
        let suffixed = NameRequest(
            expected: destinationStem + (sourceStem == destinationStem ? "1" : ""), stem: destinationStem)
        let isReflexive = source == destination && relationship.name == inverse.name
        let keys = [NameRequest(sourceStem), isReflexive ? Self.reflexive : suffixed]
        var examined: [(table: String, columns: [String], matches: [NameMatch])] = []
        func examine(_ tables: [String]) throws -> [(table: String, matches: [NameMatch])] {
            var fitting: [(table: String, matches: [NameMatch])] = []
            for table in tables {
                let columns = try schema.columns(of: table)
                guard !columns.isEmpty else { continue }
                var matches = NameMatching.match(keys, among: columns)
                if isReflexive && matches[1].name == nil {
                    let other = NameMatching.match([keys[0], suffixed], among: columns)
                    if other[1].name != nil { matches = other }
                }
                examined.append((table, columns, matches))
                if matches.allSatisfy({ $0.name != nil }) { fitting.append((table, matches)) }
            }
            return fitting
        }
        var fitting = try examine(names)
        if fitting.isEmpty {
            let requests = names.map(NameRequest.init)
            let suffixed = try schema.tableNames().filter { table in
                !expectedNames.contains(table) && requests.contains { $0.fits(table) }
            }
            fitting = try examine(suffixed)
        }
        guard let (table, matches) = fitting.first else {
            throw try missing(names, keys: keys, examined: examined, property: property)
        }
        if fitting.count > 1 {
            warnings.append(
                Warning(
                    "\(schema.path): \(fitting.map(\.table).joined(separator: ", ")) could each be the join table "
                        + "of \(property); \(table) is read"))
        }
        let columns = try schema.columns(of: table)
        let requests =
            isReflexive && !(matches[1].name.map(Self.reflexive.fits) ?? false) ? [keys[0], suffixed] : keys
        let lookups = zip(requests, matches).map {
            ColumnLookup(table: table, request: $0, match: $1, tableExists: true)
        }
        let sourceColumn = try lookups[0].column(for: property, path: schema.path, warnings: &warnings)
        let destinationColumn = try lookups[1].column(for: property, path: schema.path, warnings: &warnings)
        if isReflexive {
            if relationship.info.isOrdered {
                warnings.append(
                    Warning(
                        "\(schema.path): \(property) is ordered and its own inverse, and no store shows where "
                            + "such an order is kept; its destinations are read in Z_PK order"))
            }
            return .reflexiveJoinTable(
                table: table, columns: (sourceColumn, destinationColumn), destinationTable: destinationTable)
        }
        var orderColumn: String?
        if relationship.info.isOrdered {
            let order = NameRequest(
                expected: "Z_FOK_" + destinationColumn.dropFirst(2), stem: "Z_FOK_" + destinationStem.dropFirst(2))
            orderColumn = NameMatching.match([order], among: columns)[0].name
        }
        return .joinTable(
            table: table, sourceColumn: sourceColumn, destinationColumn: destinationColumn, orderColumn: orderColumn,
            destinationTable: destinationTable)
    }

    /// The second key column of a reflexive join table.
    private static let reflexive = NameRequest("REFLEXIVE")

    /// The error for a pair no table fits: the first key column missing from the first table
    /// looked in (with the columns that table has besides the other key), else the tables missing.
    private func missing(
        _ names: [String], keys: [NameRequest], examined: [(table: String, columns: [String], matches: [NameMatch])],
        property: String
    ) throws -> CoreDataError {
        if let first = examined.first, let index = first.matches.firstIndex(where: { $0.name == nil }) {
            let found = Set(first.matches.compactMap(\.name))
            let lookup = ColumnLookup(
                table: first.table, request: keys[index], match: first.matches[index], tableExists: true)
            return lookup.failure(
                for: property, path: schema.path, present: first.columns.filter { !found.contains($0) })
        }
        let table = names.joined(separator: " or ")
        let similar = try schema.tableNames().filter { name in
            !expectedNames.contains(name) && names.contains { name.hasPrefix($0) }
        }
        guard similar.isEmpty else {
            return .unmatchedTable(path: schema.path, table: table, entity: property, present: similar)
        }
        return .missingJoinTable(path: schema.path, table: table, property: property)
    }
}
