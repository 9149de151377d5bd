import GraphExport
import GraphExportSQLite

/// The columns one SELECT reads for objects of one or more entities of a hierarchy, and where
/// each entity finds its own among them.
///
/// Every selection starts with `Z_PK` (column 0) and `Z_ENT` (column 1). Entities of one hierarchy
/// share a table, so one SELECT can read rows of several concrete entities, each decoded with its
/// own ``RowShape``.
struct RowSelection {
    /// The SQL expressions after `SELECT`, quoted.
    let expressions: [String]
    /// The entities whose rows the selection reads, each with the shape of its rows: a few
    /// (one hierarchy's concrete entities), searched in order for every row.
    private let shapes: [(entity: Int, shape: RowShape)]

    init(entities: [Int], layout: CoreDataLayout) {
        let quote = SQLiteDatabase.quote
        var expressions = ["Z_PK", "Z_ENT"]
        var positions: [String: Int32] = [:]
        func position(of column: String) -> Int32 {
            if let known = positions[column] { return known }
            let index = Int32(expressions.count)
            expressions.append(quote(column))
            positions[column] = index
            return index
        }
        var shapes: [(entity: Int, shape: RowShape)] = []
        for entity in entities {
            let entityLayout = layout.entities[entity]
            let attributes = entityLayout.attributeColumns.map { $0.map { position(of: $0.name) } ?? RowShape.notRead }
            let attributeTypes = layout.model.attributes(of: entity).map(\.type)
            let external = entityLayout.attributeColumns.map { $0?.isExternal ?? false }
            let keys = entityLayout.relationships.map { storage -> Int32? in
                guard case .foreignKey(let column)? = storage else { return nil }
                return position(of: column)
            }
            let destinations = layout.model.relationships(of: entity).map(\.destination)
            shapes.append(
                (
                    entity,
                    RowShape(
                        attributes: attributes, attributeTypes: attributeTypes, isExternal: external,
                        foreignKeys: keys, destinations: destinations)
                ))
        }
        self.expressions = expressions
        self.shapes = shapes
    }

    /// The shape of the rows of `entity`, or `nil` when the selection does not read them.
    @inline(__always)
    func shape(of entity: Int) -> RowShape? {
        for entry in shapes where entry.entity == entity { return entry.shape }
        return nil
    }

    /// `SELECT <expressions> FROM <table> WHERE Z_ENT IN (<numbers>)`.
    func sql(table: String, numbers: [Int64]) -> String {
        sql(from: SQLiteDatabase.quote(table), numbers: numbers)
    }

    /// `SELECT <expressions> FROM <from> WHERE Z_ENT IN (<numbers>)`: `from` joins the entity
    /// table to what chooses its rows, and the expressions name no column of the other tables.
    func sql(from: String, numbers: [Int64]) -> String {
        let list = numbers.map(String.init).joined(separator: ", ")
        return "SELECT \(expressions.joined(separator: ", ")) FROM \(from) WHERE Z_ENT IN (\(list))"
    }
}

/// Where one entity's values sit in a selected row, and how to read them: what decoding a row
/// needs, without a name (names are looked up only for a warning). A class, so that finding a
/// row's shape costs one reference, not one per array.
final class RowShape {
    /// The column of an attribute that is not read (outside the store's ``ReadScope``): its
    /// value is null.
    static let notRead: Int32 = -1
    /// The column of each attribute, in model order, or ``notRead``.
    let attributes: [Int32]
    /// The type of each attribute, in model order.
    let attributeTypes: [AttributeType]
    /// Whether each attribute allows external storage, in model order.
    let isExternal: [Bool]
    /// The column of each to-one relationship's destination `Z_PK`, in model order; `nil` for
    /// to-many ones and for those not read.
    let foreignKeys: [Int32?]
    /// The destination entity of each relationship, in model order.
    let destinations: [Int]

    init(
        attributes: [Int32], attributeTypes: [AttributeType], isExternal: [Bool], foreignKeys: [Int32?],
        destinations: [Int]
    ) {
        self.attributes = attributes
        self.attributeTypes = attributeTypes
        self.isExternal = isExternal
        self.foreignKeys = foreignKeys
        self.destinations = destinations
    }
}
