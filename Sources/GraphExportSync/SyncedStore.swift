public import GraphExport

/// The store a sync copies, as an export reads it: the source with its wrappers (value decoders,
/// properties left out), the objects the selection chooses, and the store's history.
public struct SyncedStore {
    /// The source to traverse, as an export of the same options traverses it.
    public var source: any GraphSource
    /// The objects to copy (``Selection/entities``); the run chooses the changed ones itself.
    public var selection: Selection
    /// The options that chose and shaped the rows, as text: recorded in the target, and a later run
    /// with other text rebuilds the tables (docs/SYNC.md, *What the target records*).
    public var selectionText: String
    /// What changed since a recorded history token; `nil` for a store that keeps no history (a
    /// plain SQLite database), which every later run compares instead.
    public var history: (any StoreHistory)?

    /// A store to sync.
    public init(
        source: any GraphSource, selection: Selection = Selection(), selectionText: String = "",
        history: (any StoreHistory)?
    ) {
        self.source = source
        self.selection = selection
        self.selectionText = selectionText
        self.history = history
    }

    /// The value of the header field `key` of the source (`storeUUID`, `historyToken`).
    func headerField(_ key: String) -> String? {
        source.document.sourceFields.first { $0.key == key }?.value
    }
}

/// A store's history, as a sync asks it: what changed since a token a target recorded.
public protocol StoreHistory {
    /// What changed since `token`, in the store's snapshot; or why the history cannot say (another
    /// store's token, history pruned past it, …), in words that follow "the history cannot say
    /// what changed: ".
    func changes(since token: String, onWarning: @escaping WarningHandler) throws -> HistoryAnswer
}

/// What a store's history says about a recorded token.
public enum HistoryAnswer {
    /// What changed since the token.
    case changes(ChangeSet)
    /// Why the history cannot say, for the note of a run that compares instead.
    case cannotSay(String)
}
