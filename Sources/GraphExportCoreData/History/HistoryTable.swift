import GraphExport

/// One of Core Data's persistent-history tables and the entity it is exported as: its
/// `Z_PRIMARYKEY` name (from 16000 up), its table, and which columns are which properties.
struct HistoryTable {
    /// A column read as an attribute.
    struct Column {
        let column: String
        let name: String
        let type: AttributeType
    }

    /// A column holding the `Z_PK` of a row of another history table.
    struct Key {
        let column: String
        let name: String
        let destination: String
        let inverse: String?
    }

    /// A to-many: the rows of another history table whose `column` holds this row's `Z_PK`.
    struct Rows {
        let name: String
        let destination: String
        let column: String
        let inverse: String
    }

    let entity: String
    let table: String
    let columns: [Column]
    let keys: [Key]
    let rows: [Rows]

    /// `TRANSACTION`, `CHANGE` and `TRANSACTIONSTRING`, with the properties of
    /// `NSPersistentHistoryTransaction` and `NSPersistentHistoryChange` they store. Columns not
    /// named here (a change's tombstone values) are attributes named by their column.
    static let all: [HistoryTable] = [
        HistoryTable(
            entity: "TRANSACTION", table: "ATRANSACTION",
            columns: [
                Column(column: "ZTIMESTAMP", name: "timestamp", type: .date),
                Column(column: "ZAUTHOR", name: "author", type: .string),
                Column(column: "ZBUNDLEID", name: "bundleID", type: .string),
                Column(column: "ZCONTEXTNAME", name: "contextName", type: .string),
                Column(column: "ZPROCESSID", name: "processID", type: .string),
                Column(column: "ZQUERYGEN", name: "queryGeneration", type: .binary),
            ],
            keys: [
                Key(column: "ZAUTHORTS", name: "authorString", destination: "TRANSACTIONSTRING", inverse: nil),
                Key(column: "ZBUNDLEIDTS", name: "bundleIDString", destination: "TRANSACTIONSTRING", inverse: nil),
                Key(
                    column: "ZCONTEXTNAMETS", name: "contextNameString", destination: "TRANSACTIONSTRING", inverse: nil),
                Key(column: "ZPROCESSIDTS", name: "processIDString", destination: "TRANSACTIONSTRING", inverse: nil),
            ],
            rows: [Rows(name: "changes", destination: "CHANGE", column: "ZTRANSACTIONID", inverse: "transaction")]),
        HistoryTable(
            entity: "CHANGE", table: "ACHANGE",
            columns: [
                Column(column: "ZCHANGETYPE", name: "changeType", type: .integer16),
                Column(column: "ZENTITY", name: "entity", type: .integer64),
                Column(column: "ZENTITYPK", name: "entityPK", type: .integer64),
                Column(column: "ZCOLUMNS", name: "columns", type: .binary),
            ],
            keys: [Key(column: "ZTRANSACTIONID", name: "transaction", destination: "TRANSACTION", inverse: "changes")],
            rows: []),
        HistoryTable(
            entity: "TRANSACTIONSTRING", table: "ATRANSACTIONSTRING",
            columns: [Column(column: "ZNAME", name: "name", type: .string)], keys: [], rows: []),
    ]
}
