import GraphExport

/// What a run does, decided from what the target recorded and what the store says now
/// (docs/SYNC.md, *What a run does*).
struct SyncPlan {
    /// What the run does.
    var mode: SyncReport.Mode
    /// Why a run compares or rebuilds; `nil` for a first run, a delta and nothing to do.
    var reason: String?
    /// For a delta, what changed since the recorded token.
    var changes: ChangeSet?

    /// The plan for a target that recorded `recorded` (`nil`: no copy yet), a store whose run would
    /// record `current`, read through `store`'s history.
    init(
        recorded: SyncRecord?, current: SyncRecord, store: SyncedStore, options: SyncOptions,
        onWarning: @escaping WarningHandler
    ) throws {
        guard let recorded else {
            self.init(.first)
            return
        }
        if options.full {
            self.init(.rebuild, "--full rebuilds the tables")
        } else if recorded.modelHash != current.modelHash {
            self.init(
                .rebuild,
                "the model changed since the last sync (an app update that migrated the store, another --model, "
                    + "other attributes): the tables are rebuilt")
        } else if recorded.selection != current.selection {
            self.init(
                .rebuild,
                "the selection changed since the last sync (\(Self.quoted(recorded.selection)), now "
                    + "\(Self.quoted(current.selection))): the tables are rebuilt")
        } else if options.repair {
            self.init(.comparison, "--repair compares the whole copy with the store")
        } else {
            try self.init(history: recorded, current: current, store: store, onWarning: onWarning)
        }
    }

    /// The plan of a copy of the same model and selection: a delta when the history can say what
    /// changed since the recorded token, else a comparison saying why.
    private init(
        history recorded: SyncRecord, current: SyncRecord, store: SyncedStore, onWarning: @escaping WarningHandler
    ) throws {
        guard let history = store.history, let now = current.historyToken else {
            self.init(.comparison, "the store keeps no persistent history")
            return
        }
        guard let token = recorded.historyToken else {
            self.init(.comparison, "the copy recorded no history token")
            return
        }
        if let copied = recorded.storeUUID, let storeUUID = current.storeUUID,
            copied.uppercased() != storeUUID.uppercased()
        {
            self.init(
                .comparison, "the copy was made from another store (UUID \(copied), this store's is \(storeUUID))")
            return
        }
        if token == now {
            self.init(.unchanged)
            return
        }
        switch try history.changes(since: token, onWarning: onWarning) {
        case .changes(let changes):
            self.init(.delta)
            self.changes = changes
        case .cannotSay(let reason):
            self.init(.comparison, "the history cannot say what changed: \(reason)")
        }
    }

    private init(_ mode: SyncReport.Mode, _ reason: String? = nil) {
        self.mode = mode
        self.reason = reason
        changes = nil
    }

    /// `'text'`, or `none` for the empty selection.
    private static func quoted(_ selection: String) -> String {
        selection.isEmpty ? "none" : "'\(TerminalText.echoed(selection))'"
    }
}
