public import GraphExport
public import GraphExportCoreData

/// The persistent history of a Core Data store (docs/HISTORY.md), as a sync asks it.
public struct CoreDataHistory: StoreHistory {
    /// The store, read in its snapshot.
    public let store: CoreDataStore

    /// The history of `store`; a store that keeps none answers that it cannot say.
    public init(_ store: CoreDataStore) {
        self.store = store
    }

    /// What changed since `token`, or why the history cannot say: a token of another store, the
    /// history pruned past it, a token newer than the store, a damaged history, no history kept.
    public func changes(since token: String, onWarning: @escaping WarningHandler) throws -> HistoryAnswer {
        guard let parsed = HistoryToken(text: token) else {
            return .cannotSay("the recorded token \(TerminalText.echoed(token)) is not a history token")
        }
        do {
            let history = try PersistentHistory(store)
            try history.check(parsed)
            return .changes(try history.changes(after: parsed.transaction, onWarning: onWarning))
        } catch let error as HistoryError {
            return .cannotSay(error.reason)
        }
    }
}
