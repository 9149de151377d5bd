import GraphExportRelational

/// The SQL that applies staged rows to a copy (docs/SYNC.md, *How the rows get there*), made from
/// the mapping, the same for SQLite and PostgreSQL but for the qualifiers of the three places it
/// reads and writes: the copy's tables, the staged rows (a full export or a delta, in the same
/// tables), and a work table of keys.
///
/// The work table holds, per table of the mapping (by index), the keys to upsert and to delete
/// (hierarchy tables) and the sources whose join rows to replace (join tables). A delta fills it
/// from the staged rows and tombstones; a comparison from the rows that differ. Applying it then
/// never makes a foreign key name a row that is not there, so that PostgreSQL, which checks its
/// foreign keys at each statement, takes every step.
struct SyncStatements {
    /// What a key of the work table is for.
    enum Kind: Int {
        /// A hierarchy table's row to insert or update from the staged rows.
        case upsert = 0
        /// A hierarchy table's row to delete.
        case delete = 1
        /// A join table's source whose rows are replaced by the staged ones.
        case joinSource = 2
    }

    let schema: RelationalSchema
    let dialect: SQLDialect
    /// The copy's tables: `main`, or the target schema's quoted name.
    let target: String
    /// The staged rows: `staging`, or the staging schema's quoted name.
    let staging: String
    /// The work table's qualified name.
    let work: String

    /// The tables of `schema` between `target` and `staging`, with the work table `work`.
    init(schema: RelationalSchema, dialect: SQLDialect, target: String, staging: String, work: String) {
        self.schema = schema
        self.dialect = dialect
        self.target = target
        self.staging = staging
        self.work = work
    }

    /// `CREATE` of the work table (SQLite: a temporary table, so that it is no part of the copy's
    /// transaction; PostgreSQL: a table of the staging schema).
    var createWork: String {
        let integer = ColumnType.key.name(in: dialect)
        let columns =
            "(kind \(integer) NOT NULL, tbl \(integer) NOT NULL, key \(integer) NOT NULL, PRIMARY KEY (kind, tbl, key))"
        switch dialect {
        case .sqlite: return "CREATE TEMP TABLE \(work.split(separator: ".").last ?? "") \(columns);"
        case .postgresql: return "CREATE TABLE \(work) \(columns);"
        }
    }

    // MARK: Filling the work table

    /// A delta's keys: every staged row is upserted and replaces its join rows; every tombstone
    /// of a hierarchy's entity deletes.
    var fillFromDelta: [String] {
        var statements: [String] = []
        for (index, table) in schema.tables.enumerated() {
            switch table.kind {
            case .hierarchy:
                statements.append(insertKeys(.upsert, index, "SELECT _pk AS key FROM \(staged(table))"))
                statements.append(
                    insertKeys(
                        .delete, index,
                        "SELECT _pk AS key FROM \(staging).\(SQLText.identifier(schema.deletedTable)) WHERE _entity IN "
                            + "(\(entities(of: index).map(SQLText.literal).joined(separator: ", ")))"))
            case .join:
                guard let source = table.columns[0].references else { continue }
                statements.append(
                    insertKeys(.joinSource, index, "SELECT _pk AS key FROM \(staged(schema.tables[source]))"))
            }
        }
        return statements
    }

    /// A comparison's keys: the staged rows the copy does not hold as they are, the copy's rows
    /// not staged, and the sources of the join rows either side holds alone. Each is a semi-join
    /// on the key, every column compared `IS NOT DISTINCT FROM`.
    var fillFromComparison: [String] {
        var statements: [String] = []
        for (index, table) in schema.tables.enumerated() {
            switch table.kind {
            case .hierarchy:
                // The key with `=`, which both engines look up by index; the rest `IS NOT DISTINCT FROM`.
                let same =
                    ["c._pk = s._pk"]
                    + table.columns.dropFirst().map { column in
                        let name = SQLText.identifier(column.name)
                        return "c.\(name) IS NOT DISTINCT FROM s.\(name)"
                    }
                statements.append(
                    insertKeys(
                        .upsert, index,
                        "SELECT s._pk AS key FROM \(staged(table)) AS s WHERE NOT EXISTS (SELECT 1 FROM \(copy(table)) AS c "
                            + "WHERE \(same.joined(separator: " AND ")))"))
                statements.append(
                    insertKeys(
                        .delete, index,
                        "SELECT c._pk AS key FROM \(copy(table)) AS c WHERE NOT EXISTS (SELECT 1 FROM \(staged(table)) AS s "
                            + "WHERE s._pk = c._pk)"))
            case .join:
                let source = SQLText.identifier(table.columns[0].name)
                let same = table.columns.map { column in
                    let name = SQLText.identifier(column.name)
                    return column.type == .position
                        ? "b.\(name) IS NOT DISTINCT FROM a.\(name)" : "b.\(name) = a.\(name)"
                }.joined(separator: " AND ")
                for (from, other) in [(staged(table), copy(table)), (copy(table), staged(table))] {
                    statements.append(
                        insertKeys(
                            .joinSource, index,
                            "SELECT DISTINCT a.\(source) AS key FROM \(from) AS a WHERE NOT EXISTS (SELECT 1 FROM \(other) AS b "
                                + "WHERE \(same))"))
                }
            }
        }
        return statements
    }

    // MARK: Counting

    /// One row of three integers: the upserted keys the copy does not hold yet (inserted), all
    /// upserted keys (inserted and updated), and the deleted keys the copy holds.
    var counts: String {
        var inserted: [String] = []
        var upserted: [String] = []
        var deleted: [String] = []
        for (index, table) in schema.tables.enumerated() {
            guard case .hierarchy = table.kind else { continue }
            let present = "EXISTS (SELECT 1 FROM \(copy(table)) AS c WHERE c._pk = w.key)"
            inserted.append("(SELECT count(*) FROM \(work) AS w WHERE \(keys(.upsert, index)) AND NOT \(present))")
            upserted.append("(SELECT count(*) FROM \(work) AS w WHERE \(keys(.upsert, index)))")
            deleted.append("(SELECT count(*) FROM \(work) AS w WHERE \(keys(.delete, index)) AND \(present))")
        }
        func sum(_ terms: [String]) -> String { terms.isEmpty ? "0" : terms.joined(separator: " + ") }
        return "SELECT \(sum(inserted)), \(sum(upserted)), \(sum(deleted));"
    }

    // MARK: Applying

    /// The statements that make the copy hold the staged rows for the work table's keys, in an
    /// order in which every foreign key always names a row that is there.
    var apply: [String] {
        var statements: [String] = []
        let hierarchies = schema.tables.indices.filter {
            if case .hierarchy = schema.tables[$0].kind { true } else { false }
        }
        let joins = schema.tables.indices.filter { if case .join = schema.tables[$0].kind { true } else { false } }
        // The join rows of replaced sources and of deleted objects.
        for index in joins {
            let table = schema.tables[index]
            guard let source = table.columns[0].references, let destination = table.columns[1].references else {
                continue
            }
            let sourceColumn = SQLText.identifier(table.columns[0].name)
            let destinationColumn = SQLText.identifier(table.columns[1].name)
            statements.append(
                "DELETE FROM \(copy(table)) WHERE \(sourceColumn) IN (SELECT key FROM \(work) WHERE "
                    + "(\(keys(.joinSource, index))) OR (\(keys(.delete, source))));")
            statements.append(
                "DELETE FROM \(copy(table)) WHERE \(destinationColumn) IN (SELECT key FROM \(work) WHERE "
                    + "\(keys(.delete, destination)));")
        }
        // The to-one columns that name deleted objects, then the deleted objects.
        for index in hierarchies {
            let table = schema.tables[index]
            for column in table.columns {
                guard let destination = column.references else { continue }
                let name = SQLText.identifier(column.name)
                statements.append(
                    "UPDATE \(copy(table)) SET \(name) = NULL WHERE \(name) IN (SELECT key FROM \(work) WHERE "
                        + "\(keys(.delete, destination)));")
            }
        }
        for index in hierarchies {
            statements.append(
                "DELETE FROM \(copy(schema.tables[index])) WHERE _pk IN (SELECT key FROM \(work) WHERE "
                    + "\(keys(.delete, index)));")
        }
        // The upserted rows without their to-one columns, then those, once every row is there.
        for index in hierarchies {
            let table = schema.tables[index]
            let values = table.columns.filter { $0.references == nil }.map { SQLText.identifier($0.name) }
            let updates = values.dropFirst().map { "\($0) = excluded.\($0)" }
            statements.append(
                "INSERT INTO \(copy(table)) (\(values.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) "
                    + "FROM \(staged(table)) WHERE _pk IN (SELECT key FROM \(work) WHERE \(keys(.upsert, index))) "
                    + "ON CONFLICT (_pk) DO UPDATE SET \(updates.joined(separator: ", "));")
        }
        for index in hierarchies {
            let table = schema.tables[index]
            let foreignKeys = table.columns.compactMap { column -> String? in
                guard let destination = column.references else { return nil }
                let name = SQLText.identifier(column.name)
                return "\(name) = (SELECT CASE WHEN EXISTS (SELECT 1 FROM \(copy(schema.tables[destination])) AS d "
                    + "WHERE d._pk = s.\(name)) THEN s.\(name) END FROM \(staged(table)) AS s WHERE s._pk = t._pk)"
            }
            guard !foreignKeys.isEmpty else { continue }
            statements.append(
                "UPDATE \(copy(table)) AS t SET \(foreignKeys.joined(separator: ", ")) WHERE _pk IN (SELECT key FROM "
                    + "\(work) WHERE \(keys(.upsert, index)));")
        }
        // The replaced sources' join rows, those whose both ends are there.
        for index in joins {
            let table = schema.tables[index]
            guard let source = table.columns[0].references, let destination = table.columns[1].references else {
                continue
            }
            let columns = table.columns.map { "s." + SQLText.identifier($0.name) }
            let sourceColumn = columns[0]
            let destinationColumn = columns[1]
            statements.append(
                "INSERT INTO \(copy(table)) (\(SQLText.identifiers(table.columns.map(\.name)))) SELECT "
                    + "\(columns.joined(separator: ", ")) FROM \(staged(table)) AS s WHERE \(sourceColumn) IN (SELECT key "
                    + "FROM \(work) WHERE \(keys(.joinSource, index))) AND EXISTS (SELECT 1 FROM "
                    + "\(copy(schema.tables[source])) AS x WHERE x._pk = \(sourceColumn)) AND EXISTS (SELECT 1 FROM "
                    + "\(copy(schema.tables[destination])) AS y WHERE y._pk = \(destinationColumn));")
        }
        return statements + replaceSource
    }

    /// The statements that make `graphexport_source` the staged export's header.
    var replaceSource: [String] {
        let name = SQLText.identifier(schema.sourceTable)
        return [
            "DELETE FROM \(target).\(name);",
            "INSERT INTO \(target).\(name) (key, value) SELECT key, value FROM \(staging).\(name);",
        ]
    }

    // MARK: Names

    /// The entities whose objects are rows of the hierarchy table `index`.
    private func entities(of index: Int) -> [String] {
        schema.model.entities.indices.filter { schema.mapping(of: $0).table == index }.map {
            schema.model.entities[$0].name
        }
    }

    private func copy(_ table: RelationalSchema.Table) -> String {
        "\(target).\(SQLText.identifier(table.name))"
    }

    private func staged(_ table: RelationalSchema.Table) -> String {
        "\(staging).\(SQLText.identifier(table.name))"
    }

    /// The condition that selects the work table's keys of `kind` for table `index`.
    private func keys(_ kind: Kind, _ index: Int) -> String {
        "kind = \(kind.rawValue) AND tbl = \(index)"
    }

    /// `INSERT` into the work table of the keys `select` yields as its column `key`, each once.
    private func insertKeys(_ kind: Kind, _ index: Int, _ select: String) -> String {
        "INSERT INTO \(work) (kind, tbl, key) SELECT \(kind.rawValue), \(index), k.key FROM (\(select)) AS k "
            + "WHERE true ON CONFLICT DO NOTHING;"
    }
}
