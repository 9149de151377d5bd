import GraphExport
import GraphExportRelational

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a target records of the sync that made it: the rows of `graphexport_sync` (docs/SYNC.md,
/// *What the target records*).
struct SyncRecord: Equatable {
    /// The name of the table.
    static let table = "graphexport_sync"
    /// The layout of the table this code writes.
    static let version = "1"

    var storeUUID: String?
    var historyToken: String?
    /// The model's version hash of the mapping the tables were made by, in the target's dialect
    /// (``GraphExportRelational/SchemaSQL/modelHash``), as an export records it too.
    var modelHash: String
    var selection: String
    var source: String
    var syncedAt: String
    /// The tables and views the sync made, which a rebuild drops.
    var tables: [String]
    var views: [String]

    /// The record of a run that synced `store` with the tables of `schema` into a target of `dialect`.
    init(store: SyncedStore, schema: RelationalSchema, dialect: SQLDialect) {
        storeUUID = store.headerField("storeUUID")
        historyToken = store.headerField("historyToken")
        modelHash = SchemaSQL(schema: schema, dialect: dialect).modelHash
        selection = store.selectionText
        source = store.source.document.source ?? ""
        let now = Timestamp(secondsSinceReferenceDate: Double(time(nil) - time_t(Timestamp.unixOffset)))
        syncedAt = now.iso8601 ?? ""
        tables = [schema.sourceTable, schema.deletedTable, schema.columnsTable] + schema.tables.map(\.name)
        views = schema.views.map(\.name)
    }

    /// The record the rows of the table hold; `nil` when they are not a record of this layout.
    init?(rows: [[String?]]) {
        var values: [String: String] = [:]
        var tables: [String] = []
        var views: [String] = []
        for row in rows {
            guard row.count == 2, let key = row[0], let value = row[1] else { continue }
            switch key {
            case "table": tables.append(value)
            case "view": views.append(value)
            default: values[key] = value
            }
        }
        guard values["syncVersion"] == Self.version, let modelHash = values["modelHash"] else { return nil }
        storeUUID = values["storeUUID"]
        historyToken = values["historyToken"]
        self.modelHash = modelHash
        selection = values["selection"] ?? ""
        source = values["source"] ?? ""
        syncedAt = values["syncedAt"] ?? ""
        self.tables = tables.sorted()
        self.views = views.sorted()
    }

    /// The key–value rows, in the order they are written.
    var rows: [(key: String, value: String)] {
        var rows: [(String, String)] = [("syncVersion", Self.version)]
        if let storeUUID { rows.append(("storeUUID", storeUUID)) }
        if let historyToken { rows.append(("historyToken", historyToken)) }
        rows += [("modelHash", modelHash), ("selection", selection), ("source", source), ("syncedAt", syncedAt)]
        return rows + tables.map { ("table", $0) } + views.map { ("view", $0) }
    }

    /// The statements that replace the table's rows with this record's, the table in `qualifier`
    /// (`main`, or a PostgreSQL schema's quoted name), made when missing.
    func statements(in qualifier: String, dialect: SQLDialect) -> [String] {
        let text = ColumnType.text.name(in: dialect)
        let name = "\(qualifier).\(Self.table)"
        let values = rows.map { "(\(SQLText.literal($0.key)), \(SQLText.literal($0.value)))" }
        return [
            "CREATE TABLE IF NOT EXISTS \(name) (key \(text) NOT NULL, value \(text) NOT NULL, PRIMARY KEY (key, value));",
            "DELETE FROM \(name);",
            "INSERT INTO \(name) (key, value) VALUES \(values.joined(separator: ", "));",
        ]
    }
}
