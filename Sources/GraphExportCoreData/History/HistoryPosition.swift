import GraphExportSQLite

/// How far a store's persistent history reaches, read in the store's snapshot: the number of
/// its last transaction and of the oldest one it still keeps.
struct HistoryPosition: Sendable, Hashable {
    /// The number of the last transaction: the greater of the highest `ATRANSACTION.Z_PK` and
    /// `Z_PRIMARYKEY.Z_MAX` of `TRANSACTION` (which stays when every transaction is pruned); 0
    /// before the first.
    let lastTransaction: Int64
    /// The number of the oldest transaction kept; ``lastTransaction`` + 1 when none is.
    let oldestKept: Int64

    /// The history of the store `database`, or `nil` when it keeps none (no `ATRANSACTION`).
    static func read(_ database: SQLiteDatabase) throws -> HistoryPosition? {
        guard try database.tableExists("ATRANSACTION") else { return nil }
        let range = try database.prepare("SELECT min(Z_PK), max(Z_PK) FROM ATRANSACTION")
        _ = try range.step()
        let oldest = range.storage(at: 0) == .integer ? range.int64(at: 0) : nil
        let newest = range.storage(at: 1) == .integer ? range.int64(at: 1) : 0
        let counter = try database.prepare("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'TRANSACTION'")
        let counted = try counter.step() && counter.storage(at: 0) == .integer ? counter.int64(at: 0) : 0
        let last = max(newest, counted)
        return HistoryPosition(lastTransaction: last, oldestKept: oldest ?? last + 1)
    }
}
