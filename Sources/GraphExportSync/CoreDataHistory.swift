public import GraphExport
public import GraphExportCoreData

/// The persistent history of a Core Data store (docs/HISTORY.md), as a sync asks it.
public struct CoreDataHistory: StoreHistory {
    /// Opens the store's history, read in the store's snapshot.
    private let open: () throws -> PersistentHistory

    /// The history of `store`; a store that keeps none answers that it cannot say.
    public init(_ store: CoreDataStore) {
        open = { try PersistentHistory(store) }
    }

    /// The history `open` opens (`GraphExportStore`'s `Store.persistentHistory()`); a store that
    /// keeps none (``GraphExportCoreData/HistoryError/noHistory(path:)``) answers that it cannot say.
    public init(opening open: @escaping () throws -> PersistentHistory) {
        self.open = open
    }

    /// What changed since `token`, or why the history cannot say: a token of another store, the
    /// history pruned past it, a token newer than the store, a damaged history, no history kept.
    public func changes(since token: String, onWarning: @escaping WarningHandler) throws -> HistoryAnswer {
        guard let parsed = HistoryToken(text: token) else {
            return .cannotSay("the recorded token \(TerminalText.echoed(token)) is not a history token")
        }
        do {
            let history = try open()
            try history.check(parsed)
            return .changes(try history.changes(after: parsed.transaction, onWarning: onWarning))
        } catch let error as HistoryError {
            return .cannotSay(error.reason)
        }
    }
}
