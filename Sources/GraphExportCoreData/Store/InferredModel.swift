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
/// - **To-one relationships** are the integer columns whose destination is told by their
///   `Z<n>_<NAME>` column; or that have Core Data's to-one index, `<TABLE>_<COLUMN>_INDEX`
///   (``ColumnCensus/Column/hasToOneIndex``), and whose destination is told by a name that, without
///   a numeric suffix, names exactly one entity (``ColumnNaming/name(_:isNamedAfter:)``), or is
///   guessed from their values (``KeyFits``): among the entities whose keys the values are, the one
///   whose words hold the most letters of the name (``ColumnNaming/words(of:in:)``, `ZFACEGROUP` →
///   `DetectedFaceGroup`), else the only one whose keys the values tell. Without a
///   `Z<n>_<NAME>` column the destination has no sub-entities. Every non-null value must be the
///   `Z_PK` of a row of the destination's kind, or the column stays an integer attribute. An
///   indexed column that none of this tells is a to-one only when exactly one to-one into its
///   entity mirrors it (the two are then a one-to-one pair). Each guess is said once
///   (``guesses``).
/// - **Inverses**: two to-ones between the same two entities whose values mirror each other
///   (checked with one query each way), and that have no other such partner, are a one-to-one
///   pair; every other to-one gets a to-many inverse on its destination named after the source
///   entity, lowercased (`<source>_<to-one>` when that name is taken or several to-ones of one
///   source point there), ordered when the source table has `Z_FOK_<NAME>`.
/// - **To-many relationships without an inverse** are the hidden key columns `Z<n><NAME>`: entity
///   `n`'s to-many `<name>` to the entity of the rows holding them, ordered by `Z_FOK_<n><NAME>`.
/// - **Many-to-many relationships** are the join tables `Z_<n><NAME>` with two columns
///   `Z_<n><A>`, `Z_<m><B>` (`B` being declared by entity `n`, `A` by `m`), ordered by
///   `Z_FOK_<m><B>`; a table `Z_<n><NAME>` with the columns `Z_<n><NAME>` and `REFLEXIVE` is a
///   reflexive one, entity `n`'s to-many `<name>` whose inverse is itself.
///
/// What cannot be told is named in ``warning``: columns Core Data does not name are not read;
/// integer columns that look like keys but whose destination nothing tells stay integers;
/// Booleans read as integers and UUIDs, Transformables and external-storage markers as bytes.
struct InferredModel {
    /// The model: one version named ``versionName``, its path ``path(ofStore:)``.
    let bundle: ModelBundle
    /// The one warning: the model is inferred, and what could not be told.
    let warning: Warning
    /// The to-ones whose destination is a guess, in table order: each is said once, in a warning
    /// of its own (``InferredRelation/warning(path:guesser:)``).
    let guesses: [InferredRelation]

    /// What names the guesser in the warning that says a guess.
    static let guesser = "the inferred model"

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
        guesses = inference.guesses
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
        /// The declaring entity's index: at first the deepest entity whose kind every row with a
        /// value is, raised to its partner's destination when it is one side of a one-to-one pair
        /// whose other side points at an ancestor (a `Z<n>_` column's entity).
        var source: Int
        /// The destination entity's index.
        let destination: Int
        /// What the destination rests on when neither Core Data's `Z<n>_` column nor the column's
        /// name tells it (the guess is then said once); `nil` when one of them does.
        var evidence: String? = nil
    }

    /// A hidden key column `Z<n><NAME>`: entity `n`'s to-many `name` without an inverse, whose
    /// destinations are the rows holding its key.
    struct HiddenKey {
        let table: String
        let column: String
        let name: String
        /// The `Z_ENT` of the entity that declares the relationship.
        let number: Int64
        /// The destination: the entity whose rows hold the column's values.
        let destination: Int
        /// Whether the table has the column's order, `Z_FOK_<n><NAME>`.
        let isOrdered: Bool
    }

    /// An indexed integer column named after no entity: a to-one if a to-one mirrors it.
    struct UnnamedKey {
        let table: String
        let column: String
        let name: String
        /// The declaring entity's index.
        let source: Int
        /// What its values are keys of, for the warning when no to-one mirrors it.
        let note: String
    }

    let database: SQLiteDatabase
    private(set) var entities: [Draft] = []
    private var indexByNumber: [Int64: Int] = [:]
    private var lineages: [[Int]] = []
    private var censuses: [String: ColumnCensus] = [:]
    private var keyFits: KeyFits
    private var toOnes: [ToOne] = []
    /// Indexed integer columns named after no entity, waiting for a to-one that mirrors them.
    private var unnamedKeys: [UnnamedKey] = []
    private var hiddenKeys: [HiddenKey] = []
    /// What could not be told, each as `TABLE.COLUMN (why)`.
    private var unread: [String] = []
    /// Integer columns that look like keys but are read as integers, each as `TABLE.COLUMN (why)`.
    private var integers: [String] = []
    /// Disagreements between `Z_PRIMARYKEY` and the metadata.
    private var metadataNotes: [String] = []

    init(database: SQLiteDatabase, numbers: [String: Int64]) throws {
        self.database = database
        self.keyFits = KeyFits(database: database, leaves: [])
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
        let leaves = entities.indices.filter { entity in !entities.contains { $0.parent == entity } }
        keyFits = KeyFits(
            database: database,
            leaves: leaves.map { KeyFits.Leaf(entity: $0, number: entities[$0].number, table: table(of: $0)) })
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
        try readHiddenKeys()
        try pairToOnes()
        try checkMetadata()
    }

    /// The to-ones whose destination is a guess, each to be said once.
    var guesses: [InferredRelation] {
        toOnes.compactMap { toOne in
            toOne.evidence.map { evidence in
                InferredRelation(
                    table: toOne.table, column: toOne.column, referencedTable: table(of: toOne.destination),
                    referencedColumn: "Z_PK", referencedEntity: entities[toOne.destination].name, evidence: evidence)
            }
        }
    }

    /// The warning: that the model is inferred, and in its detail how, with the columns read
    /// as integers, those not read, and what the metadata says.
    func summary() -> Warning {
        var detail =
            "names are the columns' lowercased (ZFIRSTNAME → firstname), Booleans read as integers, UUIDs and "
            + "Transformables as bytes, to-many inverses are named after their source entity; a to-one whose "
            + "destination neither its name nor its Z<n>_ column tells is a guess, said in a warning of its own"
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
            case .hiddenToMany(let number, let name):
                hiddenKeys.append(
                    HiddenKey(
                        table: census.table, column: column.name, name: name, number: number,
                        destination: commonAncestor(of: column.storageByEntity.keys, under: root),
                        isOrdered: census["Z_FOK_\(number)" + name.uppercased()] != nil))
            case .unnamed:
                unread.append("\(place) (not a name Core Data writes)")
            case .property(let name):
                let declarer = commonAncestor(of: column.storageByEntity.keys, under: root)
                let isInteger =
                    ColumnAffinity(declaredType: column.declaredType, isStrict: false) == .integer
                    && column.storage.isSubset(of: .integer)
                switch isInteger ? try verdict(on: column, named: name, in: census.table, companions) : .attribute {
                case .toOne(let destination, let evidence):
                    toOnes.append(
                        ToOne(
                            table: census.table, column: column.name, name: name, source: declarer,
                            destination: destination, evidence: evidence))
                case .unnamedKey(let note):
                    unnamedKeys.append(
                        UnnamedKey(table: census.table, column: column.name, name: name, source: declarer, note: note))
                case .attribute:
                    let type = ColumnTyping.type(declaredType: column.declaredType, storage: column.storage)
                    entities[declarer].attributes.append(AttributeInfo(name: name, type: type))
                }
            }
        }
    }

    /// What an integer column is.
    enum Verdict {
        /// A to-one to this entity (its index); `evidence` says what a guessed destination rests on.
        case toOne(Int, evidence: String?)
        /// A column with Core Data's to-one index that neither its name nor its values tell the
        /// destination of: a to-one only if a to-one mirrors it; `note` says what its values fit.
        case unnamedKey(note: String)
        /// An integer attribute.
        case attribute
    }

    /// What the integer column `column` is (see ``InferredModel``); a column that looks like a key
    /// but is not one is noted in ``integers``.
    ///
    /// The destination is told, in this order, by the column's `Z<n>_` companion; by its name,
    /// narrowed to an entity without sub-entities (a to-one to an entity with some has the
    /// companion) by its values when it names one with several; else guessed from its values: among
    /// the entities whose keys the values are (``KeyFits``), the one whose words hold the most
    /// letters of its name, or the only one whose keys the values tell.
    private mutating func verdict(
        on column: ColumnCensus.Column, named name: String, in table: String, _ companions: [String: Int64]
    ) throws -> Verdict {
        let place = "\(table).\(column.name)"
        if let number = companions[column.name] {
            guard let destination = indexByNumber[number] else {
                integers.append("\(place) (its Z\(number)_ column names no entity)")
                return .attribute
            }
            return try holdsOnlyKeys(column, in: table, of: destination)
                ? .toOne(destination, evidence: nil) : .attribute
        }
        let stem = ColumnNaming.unsuffixed(name)
        let named = entities.indices.filter { ColumnNaming.name(stem, isNamedAfter: entities[$0].name) }
        let exact = named.filter { entities[$0].name.lowercased() == stem }
        let candidate = exact.count == 1 ? exact.first : named.count == 1 ? named.first : nil
        guard column.hasToOneIndex else {
            if let candidate {
                integers.append(
                    "\(place) (named after \(entities[candidate].name) but without Core Data's to-one index)")
            }
            return .attribute
        }
        if let candidate {
            return try namedVerdict(on: column, in: table, namedAfter: candidate)
        }
        if named.count > 1 {
            integers.append("\(place) (names \(named.map { entities[$0].name }.joined(separator: " or ")))")
            return .attribute
        }
        guard !column.storage.isEmpty else {
            integers.append("\(place) (indexed, but names no entity and holds no value)")
            return .attribute
        }
        let fits = try keyFits.fits(of: column.name, in: table)
        let matches = fits.map { fit in
            (entity: fit.entity, words: ColumnNaming.words(of: entities[fit.entity].name, in: stem))
        }
        let letters = matches.map { $0.words.joined().count }
        if let most = letters.max(), most > 0, letters.count(where: { $0 == most }) == 1,
            let best = matches.first(where: { $0.words.joined().count == most })
        {
            let destination = entities[best.entity].name
            let words = best.words.map { "'\($0)'" }.joined(separator: ", ")
            return .toOne(
                best.entity,
                evidence: "its name holds \(words) of \(destination), more of its letters than any other entity's "
                    + "words whose keys its values are")
        }
        let telling = fits.filter(\.tells)
        if telling.count == 1 {
            return .toOne(
                telling[0].entity,
                evidence: "its values are keys of \(entities[telling[0].entity].name), and of no other entity but "
                    + "ones that have every key from 1 up to the largest value")
        }
        let fitting = fits.map { entities[$0.entity].name }
        return .unnamedKey(
            note: fitting.isEmpty
                ? "its values are keys of no entity"
                : "its values are keys of \(fitting.count) \(fitting.count == 1 ? "entity" : "entities"): "
                    + fitting.prefix(3).joined(separator: ", ") + (fitting.count > 3 ? ", …" : ""))
    }

    /// The verdict on a column with Core Data's to-one index named after `entity`: a to-one to it,
    /// or, when it has sub-entities, to the one without sub-entities whose keys the values are.
    private mutating func namedVerdict(
        on column: ColumnCensus.Column, in table: String, namedAfter entity: Int
    ) throws -> Verdict {
        let place = "\(table).\(column.name)"
        let leaves = entities.indices.filter { leaf in
            lineages[leaf].contains(entity) && !entities.contains { $0.parent == leaf }
        }
        if leaves.count == 1 {
            return try holdsOnlyKeys(column, in: table, of: leaves[0]) ? .toOne(leaves[0], evidence: nil) : .attribute
        }
        let names = leaves.map { entities[$0].name }.joined(separator: ", ")
        let fitting =
            column.storage.isEmpty
            ? [] : try keyFits.fits(of: column.name, in: table).map(\.entity).filter(leaves.contains)
        guard fitting.count == 1, let destination = fitting.first else {
            let why = column.storage.isEmpty ? "it holds no value to tell" : "its values do not tell"
            integers.append(
                "\(place) (named after \(entities[entity].name), which has sub-entities and no Z<n>_ column: "
                    + "which of \(names) \(why))")
            return .attribute
        }
        return .toOne(
            destination,
            evidence: "its name names \(entities[entity].name), without a Z<n>_ column: so one entity without "
                + "sub-entities, and of \(names) its values are keys of \(entities[destination].name) only")
    }

    /// Whether every non-null value of `column` is the `Z_PK` of a row of `destination`'s kind;
    /// a column that holds others is noted in ``integers``.
    private mutating func holdsOnlyKeys(_ column: ColumnCensus.Column, in table: String, of destination: Int) throws
        -> Bool
    {
        let dangling = try danglingRows(of: column.name, in: table, destination: destination)
        guard dangling == 0 else {
            integers.append(
                "\(table).\(column.name) (\(CoreDataError.rows(dangling)) hold no key of \(entities[destination].name))"
            )
            return false
        }
        return true
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
            where inOneLineage(other.destination, key.source)
                && censuses[other.table]?[other.column]?.storage.isEmpty == false
            {
                let candidate = ToOne(
                    table: key.table, column: key.column, name: key.name, source: key.source,
                    destination: other.source,
                    evidence: "each \(entities[other.source].name) it points at points back through "
                        + "\(other.table).\(other.column)")
                if try danglingRows(of: key.column, in: key.table, destination: other.source) == 0,
                    try mirrors(candidate, other), try mirrors(other, candidate)
                {
                    found.append(candidate)
                }
            }
            if found.count == 1 {
                toOnes.append(found[0])
            } else {
                integers.append("\(key.table).\(key.column) (indexed, but names no entity, and \(key.note))")
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

    // MARK: - To-many relationships without an inverse

    /// Makes each hidden key column `Z<n><NAME>` entity `n`'s to-many `name` without an inverse,
    /// its destination the entity whose rows hold the keys, when every key is one of entity `n`'s
    /// kind; ordered when the table has `Z_FOK_<n><NAME>`.
    private mutating func readHiddenKeys() throws {
        for key in hiddenKeys {
            let place = "\(key.table).\(key.column)"
            guard let source = indexByNumber[key.number] else {
                unread.append(
                    "\(place) (a to-many relationship of entity \(key.number), which Z_PRIMARYKEY does not list)")
                continue
            }
            let dangling = try danglingRows(of: key.column, in: key.table, destination: source)
            guard dangling == 0 else {
                unread.append(
                    "\(place) (a to-many relationship of \(entities[source].name), but \(CoreDataError.rows(dangling)) "
                        + "hold no key of it)")
                continue
            }
            guard !isTaken(key.name, near: source) else {
                unread.append("\(place) (its relationship name is taken by a column)")
                continue
            }
            entities[source].relationships.append(
                RelationshipInfo(
                    name: key.name, destination: entities[key.destination].name, isToMany: true,
                    isOrdered: key.isOrdered))
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
            where a < b && inOneLineage(one.destination, other.source) && inOneLineage(other.destination, one.source) {
                if try mirrors(one, other), try mirrors(other, one) {
                    partners[a].append(b)
                    partners[b].append(a)
                }
            }
        }
        // A pair's inverse must be declared on its destination or an ancestor of it.
        for (index, found) in partners.enumerated() where found.count == 1 && partners[found[0]] == [index] {
            let destination = toOnes[found[0]].destination
            if lineages[toOnes[index].source].contains(destination) { toOnes[index].source = destination }
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

    /// Whether one of the two entities is the other or an ancestor of it.
    private func inOneLineage(_ one: Int, _ other: Int) -> Bool {
        lineages[one].contains(other) || lineages[other].contains(one)
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
