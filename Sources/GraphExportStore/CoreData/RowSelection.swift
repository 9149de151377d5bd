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
            let attributes = entityLayout.attributeColumns.map { position(of: $0.name) }
            let keys = entityLayout.relationships.map { storage -> Int32? in
                guard case .foreignKey(let column) = storage else { return nil }
                return position(of: column)
            }
            shapes.append((entity, RowShape(attributes: attributes, foreignKeys: keys)))
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
        let list = numbers.map(String.init).joined(separator: ", ")
        return
            "SELECT \(expressions.joined(separator: ", ")) FROM \(SQLiteDatabase.quote(table)) WHERE Z_ENT IN (\(list))"
    }
}

/// Where one entity's values sit in a selected row.
struct RowShape {
    /// The column of each attribute, in model order.
    let attributes: [Int32]
    /// The column of each to-one relationship's destination `Z_PK`, in model order; `nil` for
    /// to-many ones.
    let foreignKeys: [Int32?]
}
