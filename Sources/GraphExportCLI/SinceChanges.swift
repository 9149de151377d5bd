import GraphExport
import GraphExportCoreData

extension ExportSelection {
    /// What changed since the point `--since` names, read from the store's persistent history;
    /// `nil` without `--since`. A point the store cannot answer for (a token of another store,
    /// history pruned, damaged or not kept, a plain SQLite database) is a ``HistoryError``: a full
    /// export is needed. `--since` chooses the objects itself, so `--root` and `--limit` with it are usage
    /// errors, and so is `--include-history`.
    static func changes(
        _ request: ExportRequest, store: any GraphSource, onWarning: @escaping WarningHandler
    ) throws -> ChangeSet? {
        guard let point = request.since else { return nil }
        for option in ["root", "limit", "include-history"] where request.given.contains(option) {
            throw UsageError(
                message: "'--\(option)' does not go with --since, which writes the objects that changed (narrow them "
                    + "with --entity and --exclude-entity)")
        }
        guard let coreData = store as? CoreDataStore else { throw HistoryError.noHistory(path: request.store) }
        let history = try PersistentHistory(coreData)
        switch point {
        case .token(let token):
            try history.check(token)
            return try history.changes(after: token.transaction, onWarning: onWarning)
        case .transaction(let number):
            try history.check(transaction: number)
            return try history.changes(after: number, onWarning: onWarning)
        }
    }
}
