public import GraphExport

/// Keeps a relational copy of a store current (`graphexport sync`, docs/SYNC.md): each run reads
/// the store in one snapshot and changes the target in one transaction, so that the target holds,
/// after every run, exactly what a fresh `-f sqlite` export of the store holds.
public struct StoreSync {
    /// The store.
    public let store: SyncedStore
    /// Where the copy is.
    public let target: SyncTarget
    /// How the run goes.
    public let options: SyncOptions
    private let onWarning: WarningHandler

    /// A sync of `store` into `target`, warning of what it meets reading the store to `onWarning`.
    public init(
        store: SyncedStore, target: SyncTarget, options: SyncOptions = SyncOptions(),
        onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.store = store
        self.target = target
        self.options = options
        self.onWarning = onWarning
    }

    /// Runs the sync and says what it did; throws ``SyncError`` when the target could not be
    /// written (nothing was), and the store's errors as an export does.
    public func run() throws -> SyncReport {
        switch target {
        case .sqlite(let path):
            return try SQLiteSync(store: store, path: path, options: options, onWarning: onWarning).run()
        case .postgresql(let uri, let schema):
            return try PostgreSQLSync(
                store: store, uri: uri, schemaName: schema, target: target.description, options: options,
                onWarning: onWarning
            ).run()
        }
    }
}
