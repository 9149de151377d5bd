/// One save of an app into a Core Data store with persistent history, as SQL for the sqlite3
/// shell: the rows it changes, then its history in the layout the real stores show (one
/// `ATRANSACTION` row, one `ACHANGE` row an object, `Z_PRIMARYKEY`'s counters moved on), as
/// `Tests/GraphExportCLITests/Log/HistorySyncTests.swift` writes them.
struct HistorySave {
    /// A change of the save: 0 inserted, 1 updated, 2 deleted; the object's entity number and `Z_PK`.
    struct Change {
        let type: Int
        let entity: Int
        let row: Int
    }

    /// The SQL of the rows the save changes.
    let rows: String
    let changes: [Change]

    /// A save of `rows` that changed these objects.
    init(_ rows: String, _ changes: [(type: Int, entity: Int, row: Int)]) {
        self.rows = rows
        self.changes = changes.map { Change(type: $0.type, entity: $0.entity, row: $0.row) }
    }

    /// The whole save, in one transaction; `number` makes its time.
    func sql(number: Int) -> String {
        var text = "BEGIN;" + rows
        text += """
            INSERT INTO ATRANSACTION (Z_PK, Z_ENT, ZTIMESTAMP)
                SELECT Z_MAX + 1, Z_ENT, \(744_000_000 + number) FROM Z_PRIMARYKEY WHERE Z_NAME = 'TRANSACTION';
            UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'TRANSACTION';
            """
        for change in changes {
            text += """
                INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID)
                    SELECT c.Z_MAX + 1, c.Z_ENT, \(change.type), \(change.entity), \(change.row), t.Z_MAX
                    FROM Z_PRIMARYKEY c, Z_PRIMARYKEY t WHERE c.Z_NAME = 'CHANGE' AND t.Z_NAME = 'TRANSACTION';
                UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + 1 WHERE Z_NAME = 'CHANGE';
                """
        }
        return text + "COMMIT;"
    }
}
