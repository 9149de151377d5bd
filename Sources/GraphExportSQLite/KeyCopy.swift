/// A private, ordered copy of one to-many relationship's keys in the connection's `temp` schema
/// (SQLite's temporary file, never the database's folder): (source, position, destination), keyed
/// by source and position, so that one object's destinations are one seek however a traversal asks
/// for the objects.
///
/// Both readers read through one when SQLite could answer a relationship's one-object query only
/// by scanning a whole table (a foreign key without an index, ``scansTable(_:database:)``): a
/// query per object would then cost a table per object. The copy is made with one sorted pass over
/// the relationship (SQLite's sorter) the first time it is needed, never while the database opens,
/// and never for an export that asks for no object's destinations one at a time.
package final class KeyCopy {
    /// The table's name, quoted.
    package let table: String
    /// `SELECT source, position, destination …`: every source non-null, each position once per
    /// source, the rows preferably in (source, position) order (they then append to the table).
    private let rows: String
    private var isMade = false

    /// A copy named `name` (unquoted, unique in the connection) of the rows `rows` select.
    package init(name: String, rows: String) {
        self.table = SQLiteDatabase.quote(name)
        self.rows = rows
    }

    /// The destinations of one source, `?1`, in the relationship's order: `SELECT destination …`.
    package var destinationsSQL: String {
        "SELECT destination FROM temp.\(table) WHERE source = ?1 ORDER BY position"
    }

    /// Makes the copy, the first time it is asked to.
    package func make(in database: SQLiteDatabase) throws {
        guard !isMade else { return }
        try database.execute(
            "CREATE TEMP TABLE \(table)(source INTEGER, position INTEGER, destination INTEGER, "
                + "PRIMARY KEY(source, position)) WITHOUT ROWID")
        try database.execute("INSERT INTO temp.\(table)(source, position, destination) \(rows)")
        isMade = true
    }

    /// Whether SQLite's plan for `query` scans a whole table (or builds an automatic index, which
    /// reads one whole), so that running it once per object would cost a table per object. Reads
    /// the schema only (`EXPLAIN QUERY PLAN`), no row.
    package static func scansTable(_ query: String, database: SQLiteDatabase) throws -> Bool {
        let plan = try database.prepare("EXPLAIN QUERY PLAN " + query)
        var scans = false
        while try plan.step() {
            let detail = plan.text(at: 3) ?? ""
            scans = scans || detail.hasPrefix("SCAN ") || detail.contains("AUTOMATIC")
        }
        return scans
    }
}
