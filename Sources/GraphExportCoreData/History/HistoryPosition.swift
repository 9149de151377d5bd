import GraphExportSQLite

/// How far a store's persistent history reaches, read in the store's snapshot: the number of
/// its last transaction and of the oldest one it still keeps, and what is missing between them.
struct HistoryPosition: Sendable, Hashable {
    /// The number of the last transaction: the greater of the highest `ATRANSACTION.Z_PK` and
    /// `Z_PRIMARYKEY.Z_MAX` of `TRANSACTION` (which stays when every transaction is pruned); 0
    /// before the first.
    let lastTransaction: Int64
    /// The number of the oldest transaction kept; ``lastTransaction`` + 1 when none is.
    let oldestKept: Int64
    /// How many numbers between ``oldestKept`` and ``lastTransaction`` have no `ATRANSACTION`
    /// row: a damaged history (pruning deletes only the oldest transactions).
    let missingCount: Int64
    /// The newest of those numbers, if there is one.
    let newestMissing: Int64?
    /// How many `ATRANSACTION` rows have a `Z_PK` that is not an integer (no transaction number).
    let unnumbered: Int64

    /// The history of the store `database`, or `nil` when it keeps none (no `ATRANSACTION`).
    static func read(_ database: SQLiteDatabase) throws -> HistoryPosition? {
        guard try database.tableExists("ATRANSACTION") else { return nil }
        let numbered = "CASE WHEN typeof(Z_PK) = 'integer' THEN Z_PK END"
        let range = try database.prepare(
            "SELECT min(\(numbered)), max(\(numbered)), count(\(numbered)), count(*) FROM ATRANSACTION")
        _ = try range.step()
        let oldest = range.storage(at: 0) == .integer ? range.int64(at: 0) : nil
        let newest = range.storage(at: 1) == .integer ? range.int64(at: 1) : 0
        let kept = range.int64(at: 2)
        let unnumbered = range.int64(at: 3) - kept
        let counter = try database.prepare("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'TRANSACTION'")
        let counted = try counter.step() && counter.storage(at: 0) == .integer ? counter.int64(at: 0) : 0
        let last = max(newest, counted)
        guard let oldest else {
            return HistoryPosition(
                lastTransaction: last, oldestKept: last + 1, missingCount: 0, newestMissing: nil,
                unnumbered: unnumbered)
        }
        let missingCount = max(0, last - oldest + 1 - kept)
        var newestMissing: Int64?
        if last > newest {
            newestMissing = last
        } else if missingCount > 0 {
            let gap = try database.prepare(
                "SELECT t.Z_PK - 1 FROM ATRANSACTION t WHERE typeof(t.Z_PK) = 'integer' AND t.Z_PK > ? AND NOT EXISTS "
                    + "(SELECT 1 FROM ATRANSACTION u WHERE u.Z_PK = t.Z_PK - 1) ORDER BY t.Z_PK DESC LIMIT 1")
            try gap.bind(oldest, at: 1)
            if try gap.step() { newestMissing = gap.int64(at: 0) }
        }
        return HistoryPosition(
            lastTransaction: last, oldestKept: oldest, missingCount: missingCount, newestMissing: newestMissing,
            unnumbered: unnumbered)
    }
}
