import GraphExport
import GraphExportSQLite

/// How Core Data numbers an entity's properties in `ACHANGE.ZCOLUMNS`, the bitmap of what an
/// update touched, and the names a bitmap stands for (`docs/COREDATA.md`, *Persistent history*,
/// grades each rule by the real stores that show it).
///
/// Each concrete entity numbers its own list of properties, inherited ones included: first its
/// to-one relationships, then its attributes, then its to-many relationships, each group level by
/// level from the root of its hierarchy down, by name within a level. A to-one whose destination's
/// `Z_ENT` the table keeps beside its key (`Z2_CLOUDSYNCINGOBJECT`) takes two numbers, the key's
/// and the entity column's. Bit `n` is bit `0x80 >> (n % 8)` of byte `n / 8` (most significant
/// first), and a bitmap has one byte per 8 numbers, rounded up.
///
/// The order of several to-many relationships among themselves is not known (the Notes store
/// contradicts name order), so a bit among them names nothing when an entity has more than one.
struct ChangedColumns {
    /// Per model entity: the property each number stands for; `nil` for a to-many among several.
    private let slots: [[String?]]
    /// Per model entity: each property's place in model order (attributes, then relationships).
    private let ranks: [[String: Int]]

    /// What one bitmap names.
    struct Names {
        /// The properties the bitmap names, each once, in model order.
        var names: [String] = []
        /// How many of its bits name no one property (a to-many among several).
        var unnamed = 0
        /// Whether the bitmap's length is not the one the entity's numbering gives: then it
        /// names nothing.
        var doesNotFit = false
    }

    /// The numbering of every entity of `layout`'s model, the entity columns looked up in the
    /// store's tables.
    init(layout: CoreDataLayout, database: SQLiteDatabase) throws {
        let model = layout.model
        var columnsByTable: [String: [String]] = [:]
        var slots: [[String?]] = []
        var ranks: [[String: Int]] = []
        for entity in model.entities.indices {
            let table = layout.entities[entity].table
            if columnsByTable[table] == nil { columnsByTable[table] = try database.columns(of: table) }
            let tableColumns = columnsByTable[table] ?? []
            let relationships = model.relationships(of: entity)
            let storage = Dictionary(
                zip(relationships.map(\.name), layout.entities[entity].relationships),
                uniquingKeysWith: { first, _ in first })
            let lineage = model.lineage(of: entity)
            var toOne: [String?] = []
            var attributes: [String?] = []
            var toMany: [String] = []
            for level in lineage {
                let declared = model.entities[level]
                for relationship in declared.relationships.sorted(by: { $0.name < $1.name }) {
                    guard !relationship.isToMany else {
                        toMany.append(relationship.name)
                        continue
                    }
                    toOne.append(relationship.name)
                    if case .foreignKey(let column)? = storage[relationship.name],
                        tableColumns.contains(where: { Self.isEntityColumn($0, of: column) })
                    {
                        toOne.append(relationship.name)
                    }
                }
                attributes += declared.attributes.map(\.name).sorted().map { $0 }
            }
            slots.append(toOne + attributes + (toMany.count == 1 ? toMany : toMany.map { _ in nil }))
            let ordered = model.attributes(of: entity).map(\.name) + relationships.map(\.name)
            ranks.append(Dictionary(ordered.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        self.slots = slots
        self.ranks = ranks
    }

    /// Whether `name` is the column of the `Z_ENT` of the destination of the to-one key `column`.
    private static func isEntityColumn(_ name: String, of column: String) -> Bool {
        if case .destinationEntity(_, let keyColumn) = ColumnNaming.role(of: name) { return keyColumn == column }
        return false
    }

    /// How many numbers `entity` has.
    func count(of entity: Int) -> Int {
        slots[entity].count
    }

    /// The properties of `entity` that the bits set in `bitmap` stand for.
    func names(of entity: Int, in bitmap: [UInt8]) -> Names {
        let numbering = slots[entity]
        var result = Names()
        guard bitmap.count == (numbering.count + 7) / 8 else {
            result.doesNotFit = !bitmap.allSatisfy { $0 == 0 }
            return result
        }
        var named: Set<String> = []
        for (index, byte) in bitmap.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (0x80 >> bit) != 0 {
                let number = index * 8 + bit
                guard number < numbering.count else {
                    result.doesNotFit = true
                    return Names(doesNotFit: true)
                }
                if let name = numbering[number] { named.insert(name) } else { result.unnamed += 1 }
            }
        }
        let rank = ranks[entity]
        result.names = named.sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
        return result
    }
}
