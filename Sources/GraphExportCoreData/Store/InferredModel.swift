import GraphExport
import GraphExportSQLite

/// A model read from a store's own tables, for a store that keeps none (no `Z_MODELCACHE`: stores
/// written before about iOS 9) opened without a model. The rules, with the samples that show
/// each, are in `docs/COREDATA.md`, "No model anywhere"; in brief:
///
/// - **Entities** are the rows of `Z_PRIMARYKEY` below 16000, in `Z_ENT` order, named `Z_NAME`,
///   the parent being `Z_SUPER`; none is abstract. A hierarchy's table is `Z` + its root's name
///   uppercased.
/// - **Attributes** are the table's columns named `Z<NAME>` (``ColumnNaming``), typed by
///   ``ColumnTyping``, declared on the deepest entity whose kind every row holding a value in the
///   column is (the root when no row does).
/// - **To-one relationships** are the integer columns whose destination is told by a
///   `Z<n>_<NAME>` column, or else by an index on the column and a name that, without a numeric
///   suffix, names exactly one entity (``ColumnNaming/name(_:isNamedAfter:)``); either way every non-null value must be the
///   `Z_PK` of a row of that entity's kind, or the column stays an integer attribute. An indexed
///   integer column named after no entity is a to-one only when exactly one to-one into its
///   entity mirrors it (the two are then a one-to-one pair: SwiftData's
///   `CraftingRecipe.producedItem` ↔ `Item.craftingRecipe`).
/// - **Inverses**: two to-ones between the same two entities whose values mirror each other
///   (checked with one query each way), and that have no other such partner, are a one-to-one
///   pair; every other to-one gets a to-many inverse on its destination named after the source
///   entity, lowercased (`<source>_<to-one>` when that name is taken or several to-ones of one
///   source point there), ordered when the source table has `Z_FOK_<NAME>`.
/// - **Many-to-many relationships** are the join tables `Z_<n><NAME>` with two columns
///   `Z_<n><A>`, `Z_<m><B>` (`B` being declared by entity `n`, `A` by `m`), ordered by
///   `Z_FOK_<m><B>`; a table `Z_<n><NAME>` with the columns `Z_<n><NAME>` and `REFLEXIVE` is a
///   reflexive one, entity `n`'s to-many `<name>` whose inverse is itself.
///
/// What cannot be told is named in ``warning``: hidden columns of to-many relationships without
/// an inverse and columns Core Data does not name are not read; integer columns that look like
/// keys but name no single entity stay integers; Booleans read as integers and UUIDs,
/// Transformables and external-storage markers as bytes.
struct InferredModel {
    /// The model: one version named ``versionName``, its path ``path(ofStore:)``.
    let bundle: ModelBundle
    /// The one warning: the model is inferred, and what could not be told.
    let warning: Warning

    /// The version's name, which ``CoreDataStore/modelVersion`` then reports.
    static let versionName = "inferred"

    /// The model's path, as the export's header names it.
    static func path(ofStore path: String) -> String {
        path + " (model inferred from its tables)"
    }

    /// Infers the model of the store `database`, whose `Z_PRIMARYKEY` gives `numbers`.
    init(database: SQLiteDatabase, numbers: [String: Int64]) throws {
        var inference = try Inference(database: database, numbers: numbers)
        try inference.run()
        let path = Self.path(ofStore: database.path)
        let entities = inference.entities.map { draft in
            EntityInfo(
                name: draft.name, parent: draft.parent.map { inference.entities[$0].name },
                attributes: draft.attributes, relationships: draft.relationships)
        }
        bundle = ModelBundle(
            path: path,
            versions: [ModelVersion(name: Self.versionName, contentsPath: path, entities: entities)],
            currentVersionName: nil)
        warning = inference.summary()
    }
}

/// The work of ``InferredModel``: entity drafts filled table by table, and the notes for the
/// warning.
private struct Inference {
    /// An entity being inferred.
    struct Draft {
        let number: Int64
        let name: String
        /// The parent's index in ``Inference/entities``.
        let parent: Int?
        var attributes: [AttributeInfo] = []
        var relationships: [RelationshipInfo] = []
    }

    /// A to-one column whose destination is known.
    struct ToOne {
        let table: String
        let column: String
        let name: String
        /// The declaring entity's index.
        let source: Int
        /// The destination entity's index.
        let destination: Int
    }

    /// An indexed integer column named after no entity: a to-one if a to-one mirrors it.
    struct UnnamedKey {
        let table: String
        let column: String
        let name: String
        /// The declaring entity's index.
        let source: Int
    }

    let database: SQLiteDatabase
    private(set) var entities: [Draft] = []
    private var indexByNumber: [Int64: Int] = [:]
    private var lineages: [[Int]] = []
    private var censuses: [String: ColumnCensus] = [:]
    private var toOnes: [ToOne] = []
    /// Indexed integer columns named after no entity, waiting for a to-one that mirrors them.
    private var unnamedKeys: [UnnamedKey] = []
    /// What could not be told, each as `TABLE.COLUMN (why)`.
    private var unread: [String] = []
    /// Integer columns that look like keys but are read as integers, each as `TABLE.COLUMN (why)`.
    private var integers: [String] = []
    /// Disagreements between `Z_PRIMARYKEY` and the metadata.
    private var metadataNotes: [String] = []

    init(database: SQLiteDatabase, numbers: [String: Int64]) throws {
        self.database = database
        let path = database.path
        let statement = try database.prepare(
            "SELECT Z_ENT, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < \(PrimaryKeyTable.firstHistoryNumber) ORDER BY Z_ENT"
        )
        var supers: [Int64: Int64] = [:]
        while try statement.step() {
            let number = statement.int64(at: 0)
            supers[number] = statement.storage(at: 1) == .integer ? statement.int64(at: 1) : 0
        }
        let names = Dictionary(uniqueKeysWithValues: numbers.map { ($1, $0) })
        let ordered = names.keys.sorted()
        indexByNumber = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
        for number in ordered {
            let parentNumber = supers[number] ?? 0
            var parent: Int?
            if parentNumber != 0 {
                guard let index = indexByNumber[parentNumber] else {
                    throw CoreDataError.malformedStore(
                        path: path,
                        reason: "Z_PRIMARYKEY gives entity '\(names[number]!)' the parent Z_SUPER \(parentNumber), "
                            + "which it does not list")
                }
                parent = index
            }
            entities.append(Draft(number: number, name: names[number]!, parent: parent))
        }
        for index in entities.indices {
            var chain = [index]
            while let parent = entities[chain[0]].parent {
                guard !chain.contains(parent) else {
                    throw CoreDataError.malformedStore(
                        path: path, reason: "Z_PRIMARYKEY makes entity '\(entities[index].name)' its own ancestor")
                }
                chain.insert(parent, at: 0)
            }
            lineages.append(chain)
        }
    }

    /// Fills the drafts: attributes and to-ones table by table, then many-to-many relationships,
    /// then the inverses of the to-ones.
    mutating func run() throws {
        for root in entities.indices where entities[root].parent == nil {
            let table = table(of: root)
            guard try database.tableExists(table) else {
                throw CoreDataError.missingTable(path: database.path, table: table, entity: entities[root].name)
            }
            let census = try ColumnCensus(table: table, database: database)
            censuses[table] = census
            try readColumns(census, root: root)
        }
        try resolveUnnamedKeys()
        try readJoinTables()
        try pairToOnes()
        try checkMetadata()
    }

    /// The warning: that the model is inferred, and in its detail how, with the columns read
    /// as integers, those not read, and what the metadata says.
    func summary() -> Warning {
        var detail =
            "names are the columns' lowercased (ZFIRSTNAME → firstname), Booleans read as integers, UUIDs and "
            + "Transformables as bytes, to-many inverses are named after their source entity"
        if !integers.isEmpty { detail += "; read as integers: " + integers.joined(separator: ", ") }
        if !unread.isEmpty { detail += "; not read: " + unread.joined(separator: ", ") }
        if !metadataNotes.isEmpty { detail += "; " + metadataNotes.joined(separator: "; ") }
        return Warning(
            "\(database.path): no --model and no Z_MODELCACHE: its model is inferred from its tables; --model gives "
                + "the app's own names and types", detail: detail)
    }

    // MARK: - Entity tables

    /// `Z` + the uppercased name of the root of `entity`'s hierarchy.
    private func table(of entity: Int) -> String {
        "Z" + entities[lineages[entity][0]].name.uppercased()
    }

    /// The numbers of `entity` and of every entity that inherits from it.
    private func kinds(of entity: Int) -> [Int64] {
        entities.indices.filter { lineages[$0].contains(entity) }.map { entities[$0].number }
    }

    /// The deepest entity of `root`'s hierarchy that is, or is an ancestor of, every entity
    /// numbered in `numbers`; `root` when none of them is in the hierarchy.
    private func commonAncestor(of numbers: some Sequence<Int64>, under root: Int) -> Int {
        let chains = numbers.compactMap { indexByNumber[$0] }.map { lineages[$0] }.filter { $0[0] == root }
        guard var common = chains.first else { return root }
        for chain in chains.dropFirst() {
            common = Array(zip(common, chain).prefix { $0 == $1 }.map(\.0))
        }
        return common.last ?? root
    }

    private mutating func readColumns(_ census: ColumnCensus, root: Int) throws {
        var companions: [String: Int64] = [:]
        for column in census.columns {
            if case .destinationEntity(let number, let target) = ColumnNaming.role(of: column.name) {
                companions[target] = number
            }
        }
        for column in census.columns {
            let place = "\(census.table).\(column.name)"
            switch ColumnNaming.role(of: column.name) {
            case .bookkeeping, .destinationEntity:
                continue
            case .hiddenToMany(let number):
                unread.append("\(place) (a to-many relationship of entity \(number) without an inverse)")
            case .unnamed:
                unread.append("\(place) (not a name Core Data writes)")
            case .property(let name):
                let declarer = commonAncestor(of: column.storageByEntity.keys, under: root)
                let isInteger =
                    ColumnAffinity(declaredType: column.declaredType, isStrict: false) == .integer
                    && column.storage.isSubset(of: .integer)
                switch isInteger ? try verdict(on: column, named: name, in: census.table, companions) : .attribute {
                case .toOne(let destination):
                    toOnes.append(
                        ToOne(
                            table: census.table, column: column.name, name: name, source: declarer,
                            destination: destination))
                case .unnamedKey:
                    unnamedKeys.append(
                        UnnamedKey(table: census.table, column: column.name, name: name, source: declarer))
                case .attribute:
                    let type = ColumnTyping.type(declaredType: column.declaredType, storage: column.storage)
                    entities[declarer].attributes.append(AttributeInfo(name: name, type: type))
                }
            }
        }
    }

    /// What an integer column is.
    enum Verdict {
        /// A to-one to this entity (its index).
        case toOne(Int)
        /// An indexed column named after no entity: a to-one only if a to-one mirrors it.
        case unnamedKey
        /// An integer attribute.
        case attribute
    }

    /// What the integer column `column` is (see ``InferredModel``); a column that looks like a key
    /// but is not one is noted in ``integers``.
    private mutating func verdict(
        on column: ColumnCensus.Column, named name: String, in table: String, _ companions: [String: Int64]
    ) throws -> Verdict {
        let place = "\(table).\(column.name)"
        let destination: Int
        if let number = companions[column.name] {
            guard let index = indexByNumber[number] else {
                integers.append("\(place) (its Z\(number)_ column names no entity)")
                return .attribute
            }
            destination = index
        } else {
            let stem = ColumnNaming.unsuffixed(name)
            let named = entities.indices.filter { ColumnNaming.name(stem, isNamedAfter: entities[$0].name) }
            let exact = named.filter { entities[$0].name.lowercased() == stem }
            guard let candidate = exact.count == 1 ? exact.first : named.count == 1 ? named.first : nil else {
                if named.count > 1 {
                    let list = named.map { entities[$0].name }.joined(separator: " or ")
                    integers.append("\(place) (names \(list))")
                    return .attribute
                }
                return column.isIndexed && !column.storage.isEmpty ? .unnamedKey : .attribute
            }
            guard column.isIndexed else {
                integers.append("\(place) (named after \(entities[candidate].name) but not indexed)")
                return .attribute
            }
            destination = candidate
        }
        let dangling = try danglingRows(of: column.name, in: table, destination: destination)
        guard dangling == 0 else {
            integers.append(
                "\(place) (\(CoreDataError.rows(dangling)) hold no key of \(entities[destination].name))")
            return .attribute
        }
        return .toOne(destination)
    }

    /// How many rows of `table` hold in `column` a value that is not the `Z_PK` of a row of
    /// `destination`'s kind.
    private func danglingRows(of column: String, in table: String, destination: Int) throws -> Int64 {
        let kinds = kinds(of: destination).map(String.init).joined(separator: ", ")
        let quoted = SQLiteDatabase.quote(column)
        return try count(
            "SELECT count(*) FROM \(SQLiteDatabase.quote(table)) AS s WHERE s.\(quoted) IS NOT NULL AND NOT EXISTS "
                + "(SELECT 1 FROM \(SQLiteDatabase.quote(self.table(of: destination))) AS d "
                + "WHERE d.Z_PK = s.\(quoted) AND d.Z_ENT IN (\(kinds)))")
    }

    /// Makes each indexed integer column named after no entity a to-one when exactly one known
    /// to-one into its entity mirrors it (both hold values, each row one points at points back);
    /// every other stays an integer attribute.
    private mutating func resolveUnnamedKeys() throws {
        let known = toOnes
        for key in unnamedKeys {
            var found: [ToOne] = []
            for other in known
            where other.destination == key.source && censuses[other.table]?[other.column]?.storage.isEmpty == false {
                let candidate = ToOne(
                    table: key.table, column: key.column, name: key.name, source: key.source,
                    destination: other.source)
                if try danglingRows(of: key.column, in: key.table, destination: other.source) == 0,
                    try mirrors(candidate, other), try mirrors(other, candidate)
                {
                    found.append(candidate)
                }
            }
            if found.count == 1 {
                toOnes.append(found[0])
            } else {
                integers.append("\(key.table).\(key.column) (indexed, but names no entity)")
                entities[key.source].attributes.append(AttributeInfo(name: key.name, type: .integer64))
            }
        }
    }

    private func count(_ sql: String) throws -> Int64 {
        let statement = try database.prepare(sql)
        _ = try statement.step()
        return statement.int64(at: 0)
    }

    // MARK: - Many-to-many

    private mutating func readJoinTables() throws {
        let statement = try database.prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'Z_[0-9]*' ORDER BY name")
        var tables: [String] = []
        while try statement.step() {
            if let name = statement.text(at: 0) { tables.append(name) }
        }
        for table in tables {
            let columns = try database.columns(of: table)
            let sides = columns.filter { !$0.hasPrefix("Z_FOK_") }
            if Set(sides) == [table, "REFLEXIVE"], let side = ColumnNaming.joinColumn(table),
                let entity = indexByNumber[side.number]
            {
                guard !isTaken(side.name, near: entity) else {
                    unread.append("\(table) (its relationship name is taken by a column)")
                    continue
                }
                entities[entity].relationships.append(
                    RelationshipInfo(
                        name: side.name, destination: entities[entity].name, isToMany: true, inverse: side.name))
                continue
            }
            guard sides.count == 2, let first = ColumnNaming.joinColumn(sides[0]),
                let second = ColumnNaming.joinColumn(sides[1]), let firstEntity = indexByNumber[first.number],
                let secondEntity = indexByNumber[second.number]
            else {
                unread.append("\(table) (not a join table of two entities)")
                continue
            }
            // `second.name` is the relationship of the first side's entity that reaches the rows of
            // the second, and the other way round; the table is named after one of them.
            let names = [
                "Z_\(first.number)" + second.name.uppercased(), "Z_\(second.number)" + first.name.uppercased(),
            ]
            guard names.contains(table), first.name != second.name || firstEntity != secondEntity else {
                unread.append("\(table) (its name fits neither of its columns)")
                continue
            }
            guard !isTaken(second.name, near: firstEntity), !isTaken(first.name, near: secondEntity) else {
                unread.append("\(table) (its relationship names are taken by columns)")
                continue
            }
            entities[firstEntity].relationships.append(
                RelationshipInfo(
                    name: second.name, destination: entities[secondEntity].name, isToMany: true,
                    isOrdered: columns.contains("Z_FOK_\(second.number)" + second.name.uppercased()),
                    inverse: first.name))
            entities[secondEntity].relationships.append(
                RelationshipInfo(
                    name: first.name, destination: entities[firstEntity].name, isToMany: true,
                    isOrdered: columns.contains("Z_FOK_\(first.number)" + first.name.uppercased()),
                    inverse: second.name))
        }
    }

    // MARK: - Inverses

    /// Whether some entity of `entity`'s hierarchy has a property, or a to-one column, named `name`.
    private func isTaken(_ name: String, near entity: Int) -> Bool {
        let root = lineages[entity][0]
        return entities.indices.contains { index in
            lineages[index][0] == root
                && (entities[index].attributes.contains { $0.name == name }
                    || entities[index].relationships.contains { $0.name == name }
                    || toOnes.contains { $0.source == index && $0.name == name })
        }
    }

    /// Pairs mirrored to-ones into one-to-ones and gives every other to-one a to-many inverse.
    private mutating func pairToOnes() throws {
        var partners: [[Int]] = Array(repeating: [], count: toOnes.count)
        for (a, one) in toOnes.enumerated() {
            for (b, other) in toOnes.enumerated()
            where a < b && one.destination == other.source && other.destination == one.source {
                if try mirrors(one, other), try mirrors(other, one) {
                    partners[a].append(b)
                    partners[b].append(a)
                }
            }
        }
        let fanOut = Dictionary(grouping: toOnes.indices) { "\(toOnes[$0].source)/\(toOnes[$0].destination)" }
        for (index, toOne) in toOnes.enumerated() {
            let source = entities[toOne.source].name
            let destination = entities[toOne.destination].name
            if partners[index].count == 1, let partner = partners[index].first, partners[partner] == [index] {
                entities[toOne.source].relationships.append(
                    RelationshipInfo(
                        name: toOne.name, destination: destination, isToMany: false, inverse: toOnes[partner].name))
                continue
            }
            let base = source.lowercased()
            let shared = (fanOut["\(toOne.source)/\(toOne.destination)"]?.count ?? 0) > 1
            var name = shared || isTaken(base, near: toOne.destination) ? base + "_" + toOne.name : base
            var number = 2
            while isTaken(name, near: toOne.destination) {
                name = base + "_" + toOne.name + String(number)
                number += 1
            }
            let ordered = censuses[toOne.table]?["Z_FOK_" + toOne.column.dropFirst()] != nil
            entities[toOne.destination].relationships.append(
                RelationshipInfo(
                    name: name, destination: source, isToMany: true, isOrdered: ordered, inverse: toOne.name))
            entities[toOne.source].relationships.append(
                RelationshipInfo(name: toOne.name, destination: destination, isToMany: false, inverse: name))
        }
    }

    /// Whether every row that `one` points at points back with `other`.
    private func mirrors(_ one: ToOne, _ other: ToOne) throws -> Bool {
        try count(
            "SELECT count(*) FROM \(SQLiteDatabase.quote(one.table)) AS a JOIN \(SQLiteDatabase.quote(other.table)) AS b "
                + "ON b.Z_PK = a.\(SQLiteDatabase.quote(one.column)) "
                + "WHERE b.\(SQLiteDatabase.quote(other.column)) IS NOT a.Z_PK") == 0
    }

    // MARK: - Metadata

    /// Notes where `NSStoreModelVersionHashes` in `Z_METADATA` names other entities than
    /// `Z_PRIMARYKEY`; a plist that cannot be read is the store's own warning, not this one's.
    private mutating func checkMetadata() throws {
        let statement = try database.prepare("SELECT Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1")
        guard try statement.step(), statement.storage(at: 0) == .blob,
            let plist = try? BinaryPropertyList.parse(statement.bytes(at: 0), source: database.path),
            let hashes = plist.dictionary?["NSStoreModelVersionHashes"]?.dictionary
        else { return }
        let hashed = Set(hashes.keys)
        let listed = Set(entities.map(\.name))
        let unhashed = listed.subtracting(hashed).sorted()
        let unlisted = hashed.subtracting(listed).sorted()
        if !unhashed.isEmpty {
            metadataNotes.append("NSStoreModelVersionHashes lacks " + unhashed.joined(separator: ", "))
        }
        if !unlisted.isEmpty {
            metadataNotes.append(
                "NSStoreModelVersionHashes names " + unlisted.joined(separator: ", ") + ", which Z_PRIMARYKEY does not")
        }
    }
}
