import GraphExport

/// The column of every attribute, to-one key and hidden to-many key of a model, matched against
/// the store table by table (``NameMatching``) so that each column goes to one property.
///
/// In one hierarchy's table, the attributes and to-one relationships of the same name (case aside)
/// are ranked by the number of the entity that declares them: the first gets `Z<NAME>`, the next
/// `Z<NAME>1`, and so on (Apple Notes: `ZACCOUNT` … `ZACCOUNT5`). A to-many relationship without
/// an inverse is a hidden key on its destination's table, `Z<n><NAME>` with `n` the number of the
/// declaring entity, holding the source's `Z_PK` (a 2011 RestKit store:
/// `ZRKSEARCHWORD.Z7SEARCHWORDS`).
struct EntityColumns {
    private struct Key: Hashable {
        let declarer: Int
        let name: String
    }

    private var lookups: [Key: ColumnLookup] = [:]
    private var taken: [String: Set<String>] = [:]

    /// Matches every stored property of `model` against the tables of `schema`; `numbers` holds
    /// each entity's `Z_ENT`, in model order.
    init(model: GraphModel, numbers: [Int64], schema: StoreSchema) throws {
        var requests: [String: [(key: Key, stem: String)]] = [:]
        var tables: [String] = []
        func add(_ key: Key, stem: String, in table: String) {
            if requests[table] == nil { tables.append(table) }
            requests[table, default: []].append((key, stem))
        }
        let byNumber = model.entities.indices.sorted { numbers[$0] < numbers[$1] }
        for entity in byNumber {
            let info = model.entities[entity]
            let table = Self.table(of: entity, in: model)
            for attribute in info.attributes {
                add(Key(declarer: entity, name: attribute.name), stem: "Z" + attribute.name.uppercased(), in: table)
            }
            for relationship in info.relationships where !relationship.isToMany {
                add(
                    Key(declarer: entity, name: relationship.name), stem: "Z" + relationship.name.uppercased(),
                    in: table)
            }
        }
        for entity in byNumber {
            for relationship in model.entities[entity].relationships
            where relationship.isToMany && relationship.inverse == nil {
                guard let destination = model.index(of: relationship.destination) else { continue }
                add(
                    Key(declarer: entity, name: relationship.name),
                    stem: "Z\(numbers[entity])" + relationship.name.uppercased(),
                    in: Self.table(of: destination, in: model))
            }
        }
        for table in tables {
            let entries = requests[table] ?? []
            var ranks: [String: Int] = [:]
            let named = entries.map { entry -> NameRequest in
                let rank = ranks[entry.stem, default: 0]
                ranks[entry.stem] = rank + 1
                return NameRequest(expected: entry.stem + (rank == 0 ? "" : String(rank)), stem: entry.stem)
            }
            let columns = try schema.columns(of: table)
            let matches = NameMatching.match(named, among: columns)
            for (entry, (request, match)) in zip(entries, zip(named, matches)) {
                let lookup = ColumnLookup(table: table, request: request, match: match, tableExists: !columns.isEmpty)
                lookups[entry.key] = lookup
                if let name = match.name { taken[table, default: []].insert(name) }
            }
        }
    }

    /// The column of the attribute, to-one relationship or to-many relationship without an
    /// inverse (its hidden key) that `declarer` declares as `name`.
    func column(of declarer: Int, _ name: String) -> ColumnLookup {
        lookups[Key(declarer: declarer, name: name)]!
    }

    /// Every column of `table` given to a property.
    func columnsTaken(in table: String) -> Set<String> {
        taken[table] ?? []
    }

    /// `Z` + the uppercase name of the root of the entity's hierarchy.
    static func table(of entity: Int, in model: GraphModel) -> String {
        "Z" + model.entities[model.root(of: entity)].name.uppercased()
    }
}
