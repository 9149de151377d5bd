/// The SQL statements that make a ``RelationalSchema``'s database in one dialect, in the order a
/// load runs them (docs/RELATIONAL.md, *The formats*): ``tables`` before the data, ``constraints``
/// after it. Each statement ends with `;`.
///
/// SQLite declares each table's primary key and foreign keys in its `CREATE TABLE` (it cannot add
/// them later); PostgreSQL's tables are bare, and their keys come after the data, as `pg_dump`
/// writes them, so that the data loads without index upkeep and the keys are checked once.
public struct SchemaSQL: Sendable {
    /// The mapping.
    public let schema: RelationalSchema
    /// The dialect.
    public let dialect: SQLDialect

    /// The statements of `schema` in `dialect`.
    public init(schema: RelationalSchema, dialect: SQLDialect) {
        self.schema = schema
        self.dialect = dialect
    }

    /// The `CREATE TABLE` of the header's table, the tombstones' table and every table of the mapping.
    public var tables: [String] {
        let text = ColumnType.text.name(in: dialect)
        let key = ColumnType.key.name(in: dialect)
        return [
            "CREATE TABLE \(SQLText.identifier(schema.sourceTable)) (key \(text) PRIMARY KEY, value \(text));",
            "CREATE TABLE \(SQLText.identifier(schema.deletedTable)) (_id \(text) PRIMARY KEY, "
                + "_entity \(text) NOT NULL, _pk \(key) NOT NULL);",
            "CREATE TABLE \(SQLText.identifier(schema.columnsTable)) (entity \(text) NOT NULL, property \(text) NOT NULL, "
                + "\"table\" \(text), \"column\" \(text), PRIMARY KEY (entity, property));",
        ] + schema.tables.map(createTable)
    }

    /// What comes after the data: ``keysAndIndexes``, ``foreignKeys`` and ``views``.
    public var constraints: [String] {
        keysAndIndexes + foreignKeys + views
    }

    /// (PostgreSQL) each table's primary key, then the indexes.
    public var keysAndIndexes: [String] {
        var statements: [String] = []
        if dialect == .postgresql {
            for table in schema.tables {
                let key = table.primaryKey.map { table.columns[$0].name }
                statements.append(
                    "ALTER TABLE \(SQLText.identifier(table.name)) ADD PRIMARY KEY (\(SQLText.identifiers(key)));")
            }
        }
        return statements + schema.indexes.map(createIndex)
    }

    /// The statements that make every foreign key name a row that is there (docs/RELATIONAL.md,
    /// *A selection*): a hierarchy table's foreign key to a missing row becomes NULL, a join row
    /// that names one goes. One per foreign key, in table order.
    public var referenceCleanup: [String] {
        schema.tables.flatMap { table in
            table.columns.compactMap { column -> String? in
                guard let target = column.references else { return nil }
                let name = SQLText.identifier(table.name)
                let value = "\(name).\(SQLText.identifier(column.name))"
                let missing =
                    "NOT EXISTS (SELECT 1 FROM \(SQLText.identifier(schema.tables[target].name)) AS target "
                    + "WHERE target._pk = \(value))"
                switch table.kind {
                case .hierarchy:
                    return
                        "UPDATE \(name) SET \(SQLText.identifier(column.name)) = NULL WHERE \(value) IS NOT NULL AND \(missing);"
                case .join:
                    return "DELETE FROM \(name) WHERE \(missing);"
                }
            }
        }
    }

    /// (PostgreSQL) every foreign key; SQLite's are in the tables.
    public var foreignKeys: [String] {
        guard dialect == .postgresql else { return [] }
        return schema.tables.flatMap { table in
            table.columns.compactMap { column -> String? in
                guard let target = column.references else { return nil }
                return
                    "ALTER TABLE \(SQLText.identifier(table.name)) ADD FOREIGN KEY (\(SQLText.identifier(column.name))) "
                    + "REFERENCES \(SQLText.identifier(schema.tables[target].name)) (_pk);"
            }
        }
    }

    /// The views of the sub-entities.
    public var views: [String] {
        schema.views.map(createView)
    }

    /// The whole schema: ``renames``, then ``tables`` and ``constraints``, one statement a line.
    public var script: String {
        (renames + tables + constraints).map { $0 + "\n" }.joined()
    }

    /// Comment lines that say each name of the database that is not the model's own
    /// (``RelationalSchema/renames``), under one that says what they are; none when every name is
    /// the model's.
    public var renames: [String] {
        let sentences = schema.renames
        guard !sentences.isEmpty else { return [] }
        return [SQLText.comment("Names that are not the model's (docs/RELATIONAL.md, Names):")]
            + sentences.map(SQLText.comment)
    }

    /// The model's version hash, as an export and a sync record it (docs/RELATIONAL.md, *What was
    /// exported*): a 64-bit FNV-1a hash, in hexadecimal, of ``script``, so that any change of the
    /// model the tables show (an entity, an attribute, a type, a name) changes it, and nothing else
    /// does.
    package var modelHash: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in script.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func createTable(_ table: RelationalSchema.Table) -> String {
        var parts = table.columns.map { column -> String in
            var part = SQLText.identifier(column.name) + " " + column.type.name(in: dialect)
            if dialect == .sqlite, table.primaryKey == [0], column.name == table.columns[0].name {
                part += " PRIMARY KEY"
            } else if column.isNotNull {
                part += " NOT NULL"
            }
            if dialect == .sqlite, let target = column.references {
                part += " REFERENCES \(SQLText.identifier(schema.tables[target].name)) (_pk)"
            }
            return part
        }
        if dialect == .sqlite, table.primaryKey.count > 1 {
            parts.append("PRIMARY KEY (\(SQLText.identifiers(table.primaryKey.map { table.columns[$0].name })))")
        }
        return "CREATE TABLE \(SQLText.identifier(table.name)) (\(parts.joined(separator: ", ")));"
    }

    private func createIndex(_ index: RelationalSchema.Index) -> String {
        let table = schema.tables[index.table]
        return "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(SQLText.identifier(index.name)) ON "
            + "\(SQLText.identifier(table.name)) (\(SQLText.identifier(table.columns[index.column].name)));"
    }

    private func createView(_ view: RelationalSchema.View) -> String {
        let table = schema.tables[view.table]
        let columns = view.columns.map { column, name in
            let source = table.columns[column].name
            return source == name
                ? SQLText.identifier(name) : "\(SQLText.identifier(source)) AS \(SQLText.identifier(name))"
        }
        return "CREATE VIEW \(SQLText.identifier(view.name)) AS SELECT \(columns.joined(separator: ", ")) FROM "
            + "\(SQLText.identifier(table.name)) WHERE _entity IN (\(view.entities.map(SQLText.literal).joined(separator: ", ")));"
    }
}
