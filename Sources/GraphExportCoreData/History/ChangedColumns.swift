import GraphExport
import GraphExportSQLite

/// How Core Data numbers an entity's properties in `ACHANGE.ZCOLUMNS`, the bitmap of what an
/// update touched, and the names a bitmap stands for (`docs/COREDATA.md`, *Persistent history*,
/// grades each rule by the real stores that show it).
///
/// Each concrete entity numbers its own list, inherited properties included: first the key
/// columns of its to-one relationships, level by level from the root of its hierarchy down, by
/// name within a level; then the other columns those to-ones keep in its table, in the table's
/// column order: the `Z<n>_` column of a destination's `Z_ENT` (`Z2_CLOUDSYNCINGOBJECT`) and the
/// `Z_FOK_` column of its place in an ordered to-many; then its attributes, level by level, by
/// name; then its one-to-many relationships, then its many-to-many ones. Bit `n` is bit
/// `0x80 >> (n % 8)` of byte `n / 8` (most significant first), and a bitmap has one byte per 8
/// numbers, rounded up.
///
/// The order of several one-to-many (or several many-to-many) relationships among themselves is
/// not known (not by name), so a bit among them names nothing when an entity has more than one
/// of that kind.
struct ChangedColumns {
    /// Per model entity: the property each number stands for; `nil` for a to-many among several
    /// of its kind.
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

    /// The numbering of every entity of `layout`'s model, the entity and order columns looked up
    /// in the store's tables.
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
            var toOne: [String] = []
            var extraColumns: [(column: String, relationship: String)] = []
            var attributes: [String] = []
            var oneToMany: [String] = []
            var manyToMany: [String] = []
            for level in model.lineage(of: entity) {
                let declared = model.entities[level]
                for relationship in declared.relationships.sorted(by: { $0.name < $1.name }) {
                    guard !relationship.isToMany else {
                        if case .inverseForeignKey? = storage[relationship.name] {
                            oneToMany.append(relationship.name)
                        } else {
                            manyToMany.append(relationship.name)
                        }
                        continue
                    }
                    toOne.append(relationship.name)
                    guard case .foreignKey(let key)? = storage[relationship.name] else { continue }
                    for column in tableColumns where Self.isEntityColumn(column, of: key) {
                        extraColumns.append((column, relationship.name))
                    }
                    if let order = Self.orderColumn(of: relationship, key: key, table: table, layout: layout),
                        tableColumns.contains(order)
                    {
                        extraColumns.append((order, relationship.name))
                    }
                }
                attributes += declared.attributes.map(\.name).sorted()
            }
            let position = Dictionary(
                tableColumns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let extras = extraColumns.sorted { (position[$0.column] ?? 0) < (position[$1.column] ?? 0) }
            var numbering: [String?] = toOne + extras.map(\.relationship) + attributes
            numbering += oneToMany.count == 1 ? oneToMany : oneToMany.map { _ in nil }
            numbering += manyToMany.count == 1 ? manyToMany : manyToMany.map { _ in nil }
            slots.append(numbering)
            let ordered = model.attributes(of: entity).map(\.name) + relationships.map(\.name)
            ranks.append(Dictionary(ordered.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        self.slots = slots
        self.ranks = ranks
    }

    /// The `Z_FOK_` column in `table` that keeps the place of an object in the ordered to-many
    /// that is the inverse of its to-one `relationship` (key column `key`), if it has one.
    private static func orderColumn(
        of relationship: RelationshipInfo, key: String, table: String, layout: CoreDataLayout
    ) -> String? {
        let model = layout.model
        guard let inverseName = relationship.inverse, let destination = model.index(of: relationship.destination),
            let inverse = model.relationships(of: destination).firstIndex(where: { $0.name == inverseName }),
            case .inverseForeignKey(let inverseTable, let column, let order?, _) =
                layout.entities[destination].relationships[inverse],
            inverseTable == table, column == key
        else { return nil }
        return order
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
